import { isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { CheckoutWatch } from '../../../app/checkout/live-status.ts';
import { type CheckoutStatus, FINAL_STATES, streamEventId } from '../../../app/checkout/state.ts';
import { viewCheckout } from '../../../app/checkout/view-checkout.ts';
import type { AppDeps } from '../../../app/deps.ts';
import { HttpError } from '../../errors.ts';
import { openEventStream } from '../kit/event-stream.ts';

/**
 * `GET /checkout/<tid>/events`: the checkout's status as Server-Sent Events. The first event is the
 * current state (unless `Last-Event-ID` says the client has it), then one event per change (of state, or
 * of an on-chain request's progress: received, seen, confirmations); a comment line
 * every CHECKOUT_HEARTBEAT_MS keeps idle connections open. The stream ends after a final state (paid,
 * expired, declined) and after STREAM_MAX_MS at the latest (the browser reconnects with Last-Event-ID).
 * A resumed stream whose final state the client already has is answered 204, which tells EventSource to
 * stop. Open streams are limited per client address and in total (429, and the page polls instead).
 */

/** Longest one stream stays open; the browser then reconnects, resuming after its last event. */
export const STREAM_MAX_MS = 10 * 60_000;
/** Seconds a refused client is told to wait. */
const RETRY_AFTER_SEC = 10;

/** An event id of ours: the state's id, and for on-chain progress `-<received>-<unconfirmed>-<confirmations>`. */
const EVENT_ID = /^([0-9]{1,3})(?:-[0-9]{1,30}\.[0-9]{1,12}-[0-9]{1,30}(?:\.[0-9]{1,12})?-[0-9]{1,7})?$/;

/** The last event id a reconnecting client sends: its state's id and the whole id; 0 and '' when absent or not ours. */
export function parseLastEventId(header: string | string[] | undefined): { state: number; id: string } {
  const v = (Array.isArray(header) ? header[0] : header)?.trim();
  const m = v === undefined ? null : EVENT_ID.exec(v);
  return m === null ? { state: 0, id: '' } : { state: Number(m[1]), id: v! };
}

/** The unit an address limit counts: an IPv4 address, or the /64 network of an IPv6 one (one host's share). */
export function addressKey(ip: string): string {
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (v4) return v4[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === '' ? [] : tail.split(':');
  const groups = ip.includes('::')
    ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

const frame = (id: string, s: CheckoutStatus): string =>
  `id: ${id}\nevent: status\ndata: ${JSON.stringify(s)}\n\n`;

export function checkoutStreamRoute(scope: FastifyInstance, deps: AppDeps, watch: CheckoutWatch): void {
  const limits = deps.config.checkout;
  const perAddress = new Map<string, number>();
  let total = 0;
  const open = new Set<() => void>();

  // Streams never end by themselves while pending: end them so that the server can close.
  scope.addHook('preClose', async () => {
    for (const finish of [...open]) finish();
  });

  scope.get('/:tid/events', { schema: { hide: true } }, async (request, reply) => {
    const { tid } = request.params as { tid: string };
    const v = await viewCheckout(deps, tid.toLowerCase());
    if (!v.ok) throw new HttpError(v.error);
    const last = parseLastEventId(request.headers['last-event-id']);
    const first = v.value.status;
    if (FINAL_STATES.has(first.state) && first.event_id <= last.state) return reply.status(204).send();

    // The first event comes from a read: only what is on disk leaves (see Database.durable).
    await deps.db.durable();
    const address = addressKey(request.ip);
    const mine = perAddress.get(address) ?? 0;
    if (total >= limits.streamsTotal || mine >= limits.streamsPerAddress) {
      throw new HttpError({
        code: 'rate_limited',
        message:
          mine >= limits.streamsPerAddress
            ? `at most ${limits.streamsPerAddress} status streams per address are open at once; poll /checkout/${first.tid}/status instead`
            : `too many status streams are open; poll /checkout/${first.tid}/status instead`,
        retryAfterSec: RETRY_AFTER_SEC,
      });
    }
    perAddress.set(address, mine + 1);
    total += 1;
    const res = openEventStream(request, reply);

    // What the client has: an earlier state is never sent, the same state only with other progress.
    let sentState = last.state;
    let sentId = last.id;
    let done = false;
    let unwatch = () => {};
    let heartbeat: NodeJS.Timeout | undefined;
    let lifetime: NodeJS.Timeout | undefined;
    const finish = () => {
      if (done) return;
      done = true;
      open.delete(finish);
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      unwatch();
      total -= 1;
      const left = (perAddress.get(address) ?? 1) - 1;
      if (left <= 0) perAddress.delete(address);
      else perAddress.set(address, left);
      res.end();
    };
    const send = (s: CheckoutStatus) => {
      const id = streamEventId(s);
      if (done || s.event_id < sentState || (s.event_id === sentState && id === sentId)) return;
      sentState = s.event_id;
      sentId = id;
      res.write(frame(id, s));
      if (FINAL_STATES.has(s.state)) finish();
    };

    open.add(finish);
    res.on('close', finish);
    send(first);
    if (done) return;
    unwatch = watch.watch(first.tid, send);
    heartbeat = setInterval(() => res.write(': heartbeat\n\n'), limits.heartbeatMs);
    lifetime = setTimeout(finish, STREAM_MAX_MS);
  });
}
