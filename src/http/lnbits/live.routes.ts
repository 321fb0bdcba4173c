import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authenticate, type Caller } from '../../app/accounts/authenticate.ts';
import { getWallet } from '../../app/balances/get-balances.ts';
import type { AppDeps } from '../../app/deps.ts';
import { createIncomingWatch } from '../../app/payments/incoming-watch.ts';
import type { Payment } from '../../app/payments/payment.ts';
import { MSAT_PER_SAT } from '../../domain/money.ts';
import { presentedKey } from '../auth.ts';
import { openEventStream } from '../web/kit/event-stream.ts';
import { LnbitsError } from './errors.ts';
import { jsonWithIntegers, lnbitsPayment } from './payment.record.ts';
import { lnbitsSecurity } from './payments.routes.ts';

/**
 * The live payments of an LNbits wallet, on the watch of incoming payments (app/payments/incoming-watch.ts):
 * - WebSocket `GET /api/v1/ws/{key}`: on each incoming payment `{wallet_balance (sat), payment}` as LNbits
 *   sends it (lnbits/lnbits `lnbits/core/services/notifications.py` `send_ws_payment_notification` @7d98c6b);
 *   the funding source `lnbits/wallets/lnbits.py` and Nutshell read `payment.payment_hash` (and `amount`).
 * - SSE `GET /api/v1/payments/sse` (LNbits before 1.0, removed in lnbits#2704): `event: payment-received`
 *   with the payment as `data:`, as Nutshell's `cashu/lightning/lnbits.py` reads it.
 * At most LNBITS_STREAMS_PER_KEY streams per key and LNBITS_STREAMS_TOTAL per instance (429 beyond), the
 * slot taken in the same synchronous step as the check. Every LNBITS_KEY_RECHECK_MS a stream checks its key
 * again: revoked, or the account disabled, ends it. Both end when the instance stops.
 */

/** The reason a WebSocket is closed with when its key stops working (RFC 6455 1008: policy violation). */
const WS_POLICY = 1008;

export function registerLiveRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const cfg = deps.config.lnbits;
  const watch = createIncomingWatch(deps, { pollMs: cfg.livePollMs, watched: cfg.liveWatchedInvoices });
  const perKey = new Map<string, number>();
  let total = 0;
  const open = new Set<() => void>();
  scope.addHook('preClose', async () => {
    for (const finish of [...open]) finish();
  });
  scope.addHook('onClose', async () => watch.close());

  const slotOf = (c: Caller) => `${c.accountId}:${c.kind}`;
  /** Takes a slot for the key, or refuses; no await between the check and the take. */
  const take = (c: Caller): (() => void) => {
    const slot = slotOf(c);
    const mine = perKey.get(slot) ?? 0;
    if (mine >= cfg.streamsPerKey) {
      throw new LnbitsError(
        429,
        `at most ${cfg.streamsPerKey} live streams per key are open at once`,
        undefined,
        10,
      );
    }
    if (total >= cfg.streamsTotal) {
      throw new LnbitsError(
        429,
        'too many live streams are open on this server; try again later',
        undefined,
        10,
      );
    }
    perKey.set(slot, mine + 1);
    total += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      total -= 1;
      const left = (perKey.get(slot) ?? 1) - 1;
      if (left <= 0) perKey.delete(slot);
      else perKey.set(slot, left);
    };
  };

  /**
   * Runs a stream for the caller: `send` each incoming payment, `end` the transport. Answers the stream's
   * finish (idempotent): it stops the watch and the timers and gives the slot back.
   */
  const run = async (
    caller: Caller,
    key: string,
    release: () => void,
    send: (p: Payment) => Promise<void>,
    end: () => void,
  ): Promise<() => void> => {
    let done = false;
    let stopWatch: (() => void) | null = null;
    const timer = setInterval(async () => {
      const still = await authenticate(deps, key, 'invoice').catch(() => null);
      if (still !== null && !still.ok) finish();
    }, cfg.keyRecheckMs);
    timer.unref();
    const finish = () => {
      if (done) return;
      done = true;
      open.delete(finish);
      clearInterval(timer);
      stopWatch?.();
      release();
      end();
    };
    open.add(finish);
    // Payments are sent one after another, in the order the watch announces them.
    let sending = Promise.resolve();
    try {
      stopWatch = await watch.watch(caller.accountId, (p) => {
        sending = sending.then(() => (done ? undefined : send(p))).catch(() => finish());
      });
    } catch (e) {
      finish();
      throw e;
    }
    if (done) stopWatch();
    return finish;
  };

  const walletBalanceSat = async (caller: Caller) =>
    (await getWallet(deps, caller)).balanceMsat / MSAT_PER_SAT;

  scope.get(
    '/ws/:key',
    {
      websocket: true,
      schema: {
        tags: ['lnbits'],
        summary: 'LNbits: WebSocket of the wallet’s incoming payments ({wallet_balance, payment} each)',
        params: {
          type: 'object',
          properties: { key: { type: 'string', description: 'the invoice or admin key' } },
        },
      },
      // Before the upgrade, so a bad key or a full slot is an HTTP answer in LNbits' shape.
      preValidation: async (request: FastifyRequest) => {
        const key = decodeURIComponentSafe((request.params as { key: string }).key);
        const r = await authenticate(deps, key, 'invoice');
        if (!r.ok) {
          if (r.error.code === 'unauthorized') throw new LnbitsError(404, 'Wallet not found.');
          throw new LnbitsError(403, r.error.message);
        }
        // Checked here for an HTTP answer; taken (checked again) once upgraded, with no await between.
        take(r.value)();
        request.caller = r.value;
      },
    },
    async (socket, request) => {
      const caller = request.caller!;
      const key = decodeURIComponentSafe((request.params as { key: string }).key);
      let release: () => void;
      try {
        release = take(caller);
      } catch {
        // Opened at once with others past the limit: RFC 6455 1013, try again later.
        socket.close(1013, 'too many live streams');
        return;
      }
      let closed = false;
      let finish: (() => void) | null = null;
      // Listened to before the first await: a client gone while the watch starts still ends the stream.
      socket.on('close', () => {
        closed = true;
        finish?.();
      });
      socket.on('error', () => finish?.());
      const heartbeat = setInterval(() => socket.ping(), deps.config.checkout.heartbeatMs);
      heartbeat.unref();
      finish = await run(
        caller,
        key,
        release,
        async (p) => {
          const balance = await walletBalanceSat(caller);
          socket.send(
            jsonWithIntegers({ wallet_balance: balance, payment: lnbitsPayment(p, caller.usertag) }),
          );
        },
        () => {
          clearInterval(heartbeat);
          if (!closed) socket.close(WS_POLICY, 'closed');
        },
      );
      if (closed) finish();
      // Messages from the client are not part of this API; LNbits ignores them too.
      socket.on('message', () => {});
    },
  );

  scope.get(
    '/payments/sse',
    {
      config: { lnbitsKey: 'invoice' },
      schema: {
        tags: ['lnbits'],
        summary:
          'LNbits (before 1.0): Server-Sent Events of the wallet’s incoming payments (payment-received)',
        security: lnbitsSecurity,
      },
    },
    async (request, reply) => {
      const caller = request.caller!;
      const key = presentedKey(request) ?? '';
      const release = take(caller);
      let res: ReturnType<typeof openEventStream>;
      try {
        res = openEventStream(request, reply);
      } catch (e) {
        release();
        throw e;
      }
      const heartbeat = setInterval(() => res.write(': ping\n\n'), deps.config.checkout.heartbeatMs);
      heartbeat.unref();
      const finish = await run(
        caller,
        key,
        release,
        async (p) => {
          res.write(
            `event: payment-received\ndata: ${jsonWithIntegers(lnbitsPayment(p, caller.usertag))}\n\n`,
          );
        },
        () => {
          clearInterval(heartbeat);
          res.end();
        },
      );
      res.on('close', finish);
      if (res.destroyed || res.socket === null || res.socket.destroyed) finish();
    },
  );
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
