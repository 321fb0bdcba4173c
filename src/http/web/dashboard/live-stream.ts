import type { FastifyInstance } from 'fastify';
import { type LiveSnapshot, liveChanges, readLiveSnapshot } from '../../../app/dashboard/live.ts';
import { sessionCaller, VALUE_CURRENCIES, type ValueCurrency } from '../../../app/dashboard/views.ts';
import type { AppDeps } from '../../../app/deps.ts';
import type { Payment as PaymentRow } from '../../../app/payments/payment.ts';
import { findOpenSession } from '../../../app/sessions/sessions.ts';
import { HttpError } from '../../errors.ts';
import { openEventStream } from '../kit/event-stream.ts';
import { cookiesOf, LANG_COOKIE, sessionCookieName } from '../kit/session.ts';
import { chooseLang, DASHBOARD_CATALOGUES } from './i18n/index.ts';
import { amountText, counterpartyText } from './payment-pages.ts';

/**
 * `GET /dashboard/events`: a signed-in page's balances and payment states as Server-Sent Events, the
 * mechanism of the checkout page. Every DASHBOARD_LIVE_POLL_MS the stream reads the account's balances,
 * its newest payments and the payments the page names (`?tids=`) from the database, whichever instance
 * changed them, and sends what changed: `balances` (every asset's text and value) and one `payment` per
 * payment that is new (made after the page was drawn, `?since=`) or changed state. A comment line every
 * CHECKOUT_HEARTBEAT_MS keeps it open; it ends when the session ends, and after STREAM_MAX_MS (the
 * browser reconnects). At most DASHBOARD_STREAMS_PER_ACCOUNT streams per account and
 * DASHBOARD_STREAMS_TOTAL per instance (429 beyond). A stream takes its slot in the same synchronous step
 * that checks the limits, before anything is awaited, so streams opened at once cannot all pass one check;
 * it gives the slot back when it ends or fails to start.
 */

const STREAM_MAX_MS = 10 * 60_000;
/** How many polls pass between two checks that the session is still open. */
const SESSION_RECHECK_POLLS = 4;

export function dashboardStreamRoute(scope: FastifyInstance, deps: AppDeps): void {
  const perAccount = new Map<bigint, number>();
  let total = 0;
  const release = (accountId: bigint) => {
    total -= 1;
    const left = (perAccount.get(accountId) ?? 1) - 1;
    if (left <= 0) perAccount.delete(accountId);
    else perAccount.set(accountId, left);
  };
  const open = new Set<() => void>();
  scope.addHook('preClose', async () => {
    for (const finish of [...open]) finish();
  });

  scope.get('/events', { schema: { hide: true } }, async (request, reply) => {
    // The stream looks at the session without using it: an open page does not keep an idle session open.
    const token = cookiesOf(request)[sessionCookieName(deps)] ?? '';
    const s = await findOpenSession(deps, token, { touch: false });
    if (s === null) throw new HttpError({ code: 'unauthorized', message: 'sign in first' });
    const q = (request.query ?? {}) as Record<string, unknown>;
    const lang = chooseLang(q['lang'] ?? cookiesOf(request)[LANG_COOKIE], request.headers['accept-language']);
    const m = DASHBOARD_CATALOGUES[lang];
    const asked = typeof q['currency'] === 'string' ? q['currency'].toUpperCase() : '';
    const currency: ValueCurrency = (VALUE_CURRENCIES as readonly string[]).includes(asked)
      ? (asked as ValueCurrency)
      : lang === 'hi'
        ? 'INR'
        : 'USD';
    const named =
      typeof q['tids'] === 'string' ? q['tids'].split(',').filter((t) => /^[a-z0-9]{16}$/.test(t)) : [];
    const since =
      typeof q['since'] === 'string' && /^\d{1,16}$/.test(q['since'])
        ? Number(q['since'])
        : deps.clock.nowMs();
    // Check and take the slot with no await in between (see above).
    const mine = perAccount.get(s.accountId) ?? 0;
    if (mine >= deps.config.dashboard.streamsPerAccount) {
      throw new HttpError({
        code: 'rate_limited',
        message: `at most ${deps.config.dashboard.streamsPerAccount} live pages per account are open at once`,
        retryAfterSec: 10,
      });
    }
    if (total >= deps.config.dashboard.streamsTotal) {
      throw new HttpError({
        code: 'rate_limited',
        message: 'too many live pages are open on this server; the page works without live updates',
        retryAfterSec: 10,
      });
    }
    perAccount.set(s.accountId, mine + 1);
    total += 1;
    const caller = sessionCaller(s, 'invoice');
    let snapshot: LiveSnapshot | null = null;
    let first: LiveSnapshot;
    try {
      first = await readLiveSnapshot(deps, caller, currency, named);
      // Only what is on disk leaves the process (see Database.durable).
      await deps.db.durable();
    } catch (e) {
      release(s.accountId);
      throw e instanceof HttpError
        ? e
        : new HttpError({ code: 'shutting_down', message: 'try again', retryAfterSec: 2 });
    }
    let res: ReturnType<typeof openEventStream>;
    try {
      res = openEventStream(request, reply);
    } catch (e) {
      release(s.accountId);
      throw e;
    }

    let done = false;
    let timer: NodeJS.Timeout | undefined;
    let heartbeat: NodeJS.Timeout | undefined;
    let lifetime: NodeJS.Timeout | undefined;
    let polls = 0;
    const finish = () => {
      if (done) return;
      done = true;
      open.delete(finish);
      clearTimeout(timer);
      clearInterval(heartbeat);
      clearTimeout(lifetime);
      release(s.accountId);
      res.end();
    };
    const paymentEvent = (p: PaymentRow) => ({
      tid: p.public_id,
      status: p.status,
      statusText: m.payments.statusName(p.status),
      direction: p.direction,
      amountText: amountText(p),
      when: m.date(p.created_at_ms),
      counterparty: counterpartyText(p),
      memo: p.description ?? '',
    });
    const push = (next: LiveSnapshot) => {
      const changes = liveChanges(snapshot, next, since);
      snapshot = next;
      if (done) return;
      if (changes.balances !== null) {
        const balances = changes.balances.map((b) => ({
          asset: b.asset,
          text: b.text,
          value: b.value === null ? m.home.noPrice : `${b.value} ${currency}`,
        }));
        res.write(`event: balances\ndata: ${JSON.stringify({ balances })}\n\n`);
      }
      for (const p of changes.payments)
        res.write(`event: payment\ndata: ${JSON.stringify(paymentEvent(p))}\n\n`);
    };
    const poll = async () => {
      if (done) return;
      try {
        polls += 1;
        if (
          polls % SESSION_RECHECK_POLLS === 0 &&
          (await findOpenSession(deps, token, { touch: false })) === null
        ) {
          finish();
          return;
        }
        const next = await readLiveSnapshot(deps, caller, currency, named);
        await deps.db.durable();
        push(next);
      } catch (e) {
        request.log.warn({ err: e }, 'dashboard live read failed');
      }
      if (!done) timer = setTimeout(poll, deps.config.dashboard.livePollMs);
    };

    open.add(finish);
    res.on('close', finish);
    // A client that hung up while the first read was awaited has no 'close' left to send.
    if (res.destroyed || res.socket === null || res.socket.destroyed) {
      finish();
      return;
    }
    push(first);
    heartbeat = setInterval(() => res.write(': heartbeat\n\n'), deps.config.checkout.heartbeatMs);
    lifetime = setTimeout(finish, STREAM_MAX_MS);
    timer = setTimeout(poll, deps.config.dashboard.livePollMs);
  });
}
