import {
  findAccountPaymentsByIds,
  findPaymentByPublicId,
  listNewestIncoming,
  listOpenIncoming,
  type PaymentRow,
} from '../../db/repos/payments.ts';
import type { AppDeps } from '../deps.ts';

/**
 * Incoming Lightning payments of accounts as they are paid, for live streams (the LNbits wallet API's
 * WebSocket and SSE). The database is the truth, whichever instance or process changed it: every
 * `pollMs` one round per watched account reads its newest open invoices (at most `watched`), its newest
 * incoming payments, and the invoices it watched that are no longer open; each payment seen paid for the
 * first time is announced once to every listener of the account. A settlement in this process tells
 * `deps.paymentChanges` (app/metrics/change-signal.ts), which makes the round of the payment's account
 * run at once, and a few times over the next two seconds (the hint comes before its commit).
 *
 * What is announced: invoices that were open when a round read them and are paid at the next, and
 * payments made after the watch started that arrive already paid (from another account of this service).
 * An invoice older than the account's `watched` newest open ones is not watched.
 */

/** After a hint, when to read the account again (ms after the hint); the commit lands in between. */
const HINT_READS_MS = [15, 50, 120, 250, 500, 1000, 2000];
/**
 * At the start, a payment paid before this long before the watch began counts as known (never announced).
 * A node reports settlements in whole seconds, so one paid just as the stream opened is announced, at
 * the cost of announcing again, at most, one paid in the seconds before it: a receiver takes a payment
 * hash twice without harm (it checks the payment), but never hears of one it missed.
 */
const PAID_BEFORE_SLACK_MS = 2000;
/** Newest incoming payments read each round (payments that arrive paid). */
const NEWEST_READ = 25;

export type PaidListener = (p: PaymentRow) => void;

export interface IncomingWatch {
  /** Calls onPaid for each incoming payment of the account that gets paid from now on; returns the stop. */
  watch(accountId: bigint, onPaid: PaidListener): Promise<() => void>;
  /** Accounts watched (tests, metrics). */
  watchedAccounts(): number;
  close(): void;
}

interface AccountWatch {
  listeners: Set<PaidListener>;
  /** Open invoices at the last round, by id. */
  open: Map<bigint, string>;
  /** Paid payments already known (announced, or paid before the watch began) among the newest. */
  known: Set<bigint>;
  reads: Promise<void>;
  timer: NodeJS.Timeout | null;
}

export function createIncomingWatch(deps: AppDeps, opts: { pollMs: number; watched: number }): IncomingWatch {
  const accounts = new Map<bigint, AccountWatch>();
  /** Public id of a watched open invoice → its account, for the hints. */
  const openTids = new Map<string, bigint>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const readOpen = (accountId: bigint) => listOpenIncoming(deps.db.read, accountId, 'lbtc', opts.watched);

  const setOpen = (accountId: bigint, w: AccountWatch, rows: PaymentRow[]) => {
    for (const tid of w.open.values()) openTids.delete(tid);
    w.open = new Map(rows.map((r) => [r.id, r.public_id]));
    for (const r of rows) openTids.set(r.public_id, accountId);
  };

  const round = async (accountId: bigint, w: AccountWatch): Promise<void> => {
    const open = await readOpen(accountId);
    const newest = await listNewestIncoming(deps.db.read, accountId, 'lbtc', NEWEST_READ);
    const stillOpen = new Set(open.map((r) => r.id));
    const left = [...w.open.keys()].filter((id) => !stillOpen.has(id));
    const settled = await findAccountPaymentsByIds(deps.db.read, accountId, left);
    // Only what is on disk leaves the process (see Database.durable).
    await deps.db.durable();
    if (accounts.get(accountId) !== w) return;
    setOpen(accountId, w, open);
    const byId = new Map<bigint, PaymentRow>();
    for (const r of [...settled, ...newest]) byId.set(r.id, r);
    const paid = [...byId.values()]
      .filter((r) => r.direction === 'in' && r.status === 'paid' && !w.known.has(r.id))
      .sort((a, b) => Number(a.created_at_ms - b.created_at_ms) || Number(a.id - b.id));
    for (const r of paid) {
      w.known.add(r.id);
      for (const l of [...w.listeners]) {
        try {
          l(r);
        } catch (e) {
          deps.log.warn({ err: e }, 'incoming payment listener failed');
        }
      }
    }
    // Keep `known` to what the next round can show again: the newest rows.
    const shown = new Set(newest.map((r) => r.id));
    for (const id of w.known) if (!shown.has(id)) w.known.delete(id);
  };

  // An account's rounds run one after another, so each sees the database at least as new as the last.
  const read = (accountId: bigint): Promise<void> => {
    const w = accounts.get(accountId);
    if (w === undefined) return Promise.resolve();
    w.reads = w.reads
      .then(() => (closed || accounts.get(accountId) !== w ? undefined : round(accountId, w)))
      .catch((e: unknown) => deps.log.warn({ err: e }, 'incoming payments read failed'));
    return w.reads;
  };

  const schedule = (accountId: bigint, w: AccountWatch) => {
    if (closed || accounts.get(accountId) !== w) return;
    w.timer = setTimeout(async () => {
      await read(accountId);
      schedule(accountId, w);
    }, opts.pollMs);
    w.timer.unref();
  };

  const readSoon = (accountId: bigint) => {
    for (const ms of HINT_READS_MS) {
      const t = setTimeout(() => {
        timers.delete(t);
        void read(accountId);
      }, ms);
      t.unref();
      timers.add(t);
    }
  };
  const stopHearing = deps.paymentChanges.listen((tid) => {
    if (closed || accounts.size === 0) return;
    const accountId = openTids.get(tid);
    if (accountId !== undefined) {
      readSoon(accountId);
      return;
    }
    // An invoice made since the last round: its account, by one read of the (unique) tid.
    void findPaymentByPublicId(deps.db.read, tid)
      .then((row) => {
        if (row !== undefined && row.direction === 'in' && accounts.has(row.account_id))
          readSoon(row.account_id);
      })
      .catch((e: unknown) => deps.log.warn({ err: e }, 'incoming payments read failed'));
  });

  const drop = (accountId: bigint, w: AccountWatch) => {
    if (w.timer !== null) clearTimeout(w.timer);
    for (const tid of w.open.values()) openTids.delete(tid);
    accounts.delete(accountId);
  };

  return {
    async watch(accountId, onPaid) {
      let w = accounts.get(accountId);
      if (w === undefined) {
        const startMs = deps.clock.nowMs();
        const created: AccountWatch = {
          listeners: new Set(),
          open: new Map(),
          known: new Set(),
          reads: Promise.resolve(),
          timer: null,
        };
        w = created;
        accounts.set(accountId, created);
        // The first round: what is open, and what was paid before the watch began (not announced).
        created.reads = (async () => {
          const open = await readOpen(accountId);
          const newest = await listNewestIncoming(deps.db.read, accountId, 'lbtc', NEWEST_READ);
          if (accounts.get(accountId) !== created) return;
          setOpen(accountId, created, open);
          for (const r of newest) {
            if (r.status === 'paid' && (r.paid_at_ms ?? 0n) < BigInt(startMs - PAID_BEFORE_SLACK_MS)) {
              created.known.add(r.id);
            }
          }
        })().catch((e: unknown) => deps.log.warn({ err: e }, 'incoming payments read failed'));
        schedule(accountId, created);
      }
      const mine = w;
      mine.listeners.add(onPaid);
      await mine.reads;
      return () => {
        mine.listeners.delete(onPaid);
        if (mine.listeners.size === 0 && accounts.get(accountId) === mine) drop(accountId, mine);
      };
    },
    watchedAccounts: () => accounts.size,
    close() {
      closed = true;
      stopHearing();
      for (const [id, w] of [...accounts]) drop(id, w);
      for (const t of timers) clearTimeout(t);
      timers.clear();
    },
  };
}
