import {
  findAccountPaymentsByIds,
  findPaymentByPublicId,
  listIncomingSince,
  listOpenIncomingSince,
  type PaymentRow,
} from '../../db/repos/payments.ts';
import { LIGHTNING_INVOICE_EXPIRY_MAX_SEC } from '../../domain/payments/fees.ts';
import type { AppDeps } from '../deps.ts';

/**
 * Incoming Lightning payments of accounts as they are paid, for live streams (the LNbits wallet API's
 * WebSocket and SSE). The database is the truth, whichever instance or process changed it. When an
 * account's watch starts it reads the account's open invoices (its `watched` newest) among those made
 * within the longest an invoice stays open (LIGHTNING_INVOICE_EXPIRY_MAX_SEC, plus LATE_ROWS_MS): an
 * older one is past its expiry and is never paid. Then every `pollMs` one round per watched account
 * reads the account's incoming payments made since the previous round (from the newest creation time
 * seen, less LATE_ROWS_MS for rows committed late or by an instance whose clock runs behind; rows seen
 * again are told apart by id), adds the open ones to the watched invoices (the `watched` newest are
 * kept), and reads the other watched invoices again by id. Neither read walks the account's older
 * history: a round costs the rows made in the last seconds and the watched invoices, whatever the
 * history's size. Each payment seen paid for the first time is announced once to every listener of the
 * account. A settlement in this process tells `deps.paymentChanges` (app/metrics/change-signal.ts),
 * which makes the round of the payment's account run at once, and a few times over the next two seconds
 * (the hint comes before its commit).
 *
 * What is announced: invoices that were open when a round read them and are paid at a later one
 * (whatever settlement time the node reported), and payments made after the watch started that arrive
 * already paid (from another account of this service), or are paid between two rounds. A payment paid
 * before the watch began is not (but for PAID_BEFORE_SLACK_MS). If the start's read fails, the next
 * round makes it again. An invoice older than the account's `watched` newest open
 * ones is not watched; a row committed more than LATE_ROWS_MS after its creation time (as the round's
 * reads order them) is not seen unless it is one of the watched.
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
/**
 * How far before the newest creation time it has seen a round reads again: a row is stamped when its
 * transaction builds it and becomes visible at its commit, and another instance's clock may run a little
 * behind. Rows seen again cost a read each, nothing more (they are told apart by id).
 */
const LATE_ROWS_MS = 10_000;

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
  /** Open invoices watched (the `watched` newest seen), by id. */
  open: Map<bigint, PaymentRow>;
  /** Paid payments already known (announced, or paid before the watch began), by id → creation time. */
  known: Map<bigint, bigint>;
  /** Newest creation time seen: the next round reads from it, less LATE_ROWS_MS. */
  seenMs: bigint;
  /** When the watch began: a payment made since is new. */
  startMs: bigint;
  /** A payment made before the watch and paid before this is known without being announced (unless watched). */
  knownBeforeMs: bigint;
  /** Whether the start's read of the open invoices is done (a failed one is made again by the next round). */
  started: boolean;
  reads: Promise<void>;
  timer: NodeJS.Timeout | null;
}

const newestFirst = (a: PaymentRow, b: PaymentRow): number =>
  Number(b.created_at_ms - a.created_at_ms) || Number(b.id - a.id);

export function createIncomingWatch(deps: AppDeps, opts: { pollMs: number; watched: number }): IncomingWatch {
  const accounts = new Map<bigint, AccountWatch>();
  /** Public id of a watched open invoice → its account, for the hints. */
  const openTids = new Map<string, bigint>();
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  const isOpenInvoice = (r: PaymentRow) =>
    r.direction === 'in' && r.wallet === 'lbtc' && r.status === 'pending';

  /** Watches the open ones of `rows` with those watched already, the `watched` newest kept. */
  const setOpen = (accountId: bigint, w: AccountWatch, rows: PaymentRow[]) => {
    for (const r of w.open.values()) openTids.delete(r.public_id);
    const kept = rows.filter(isOpenInvoice).sort(newestFirst).slice(0, opts.watched);
    w.open = new Map(kept.map((r) => [r.id, r]));
    for (const r of kept) openTids.set(r.public_id, accountId);
  };

  /** The start: the open invoices, among those made within the longest an invoice stays open. */
  const start = async (accountId: bigint, w: AccountWatch): Promise<void> => {
    const since = w.startMs - BigInt(LIGHTNING_INVOICE_EXPIRY_MAX_SEC * 1000 + LATE_ROWS_MS);
    const open = await listOpenIncomingSince(deps.db.read, accountId, 'lbtc', since, opts.watched);
    if (accounts.get(accountId) !== w) return;
    setOpen(accountId, w, open);
    w.started = true;
  };

  const round = async (accountId: bigint, w: AccountWatch): Promise<void> => {
    if (!w.started) await start(accountId, w);
    const since = w.seenMs - BigInt(LATE_ROWS_MS);
    const fresh = await listIncomingSince(deps.db.read, accountId, 'lbtc', since);
    const freshIds = new Set(fresh.map((r) => r.id));
    const again = await findAccountPaymentsByIds(
      deps.db.read,
      accountId,
      [...w.open.keys()].filter((id) => !freshIds.has(id)),
    );
    // Only what is on disk leaves the process (see Database.durable).
    await deps.db.durable();
    if (accounts.get(accountId) !== w) return;
    const byId = new Map<bigint, PaymentRow>();
    for (const r of [...again, ...fresh]) byId.set(r.id, r);
    const rows = [...byId.values()];
    const watched = new Set(w.open.keys());
    setOpen(accountId, w, rows);
    for (const r of fresh) if (r.created_at_ms > w.seenMs) w.seenMs = r.created_at_ms;
    const paid = rows
      .filter(
        (r) =>
          r.direction === 'in' &&
          r.status === 'paid' &&
          !w.known.has(r.id) &&
          // Watched while open, made since the watch began, or paid just before it (PAID_BEFORE_SLACK_MS).
          (watched.has(r.id) || r.created_at_ms >= w.startMs || (r.paid_at_ms ?? 0n) >= w.knownBeforeMs),
      )
      .sort((a, b) => Number(a.created_at_ms - b.created_at_ms) || Number(a.id - b.id));
    for (const r of paid) {
      w.known.set(r.id, r.created_at_ms);
      for (const l of [...w.listeners]) {
        try {
          l(r);
        } catch (e) {
          deps.log.warn({ err: e }, 'incoming payment listener failed');
        }
      }
    }
    // Keep `known` to what the next round can read again: rows within its window (a known row is paid,
    // so it is not among the watched).
    const next = w.seenMs - BigInt(LATE_ROWS_MS);
    for (const [id, createdMs] of w.known) if (createdMs < next) w.known.delete(id);
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
    for (const r of w.open.values()) openTids.delete(r.public_id);
    accounts.delete(accountId);
  };

  return {
    async watch(accountId, onPaid) {
      let w = accounts.get(accountId);
      if (w === undefined) {
        const startMs = BigInt(deps.clock.nowMs());
        const created: AccountWatch = {
          listeners: new Set(),
          open: new Map(),
          known: new Map(),
          seenMs: startMs,
          startMs,
          knownBeforeMs: startMs - BigInt(PAID_BEFORE_SLACK_MS),
          started: false,
          reads: Promise.resolve(),
          timer: null,
        };
        w = created;
        accounts.set(accountId, created);
        created.reads = start(accountId, created).catch((e: unknown) =>
          deps.log.warn({ err: e }, 'incoming payments read failed'),
        );
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
