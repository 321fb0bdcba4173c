import { listCheckoutStatuses, STATUS_BATCH_MAX } from '../../db/repos/checkout.ts';
import type { AppDeps } from '../deps.ts';
import { chainProgressOfRow } from './chain-progress.ts';
import { type CheckoutStatus, checkoutStatusOf } from './state.ts';

/**
 * Live status of open checkout pages: the state, and for on-chain requests their deposits' progress
 * (received, seen, confirmations). Two sources, both only ever hints to read the database again (the
 * database is the truth, so a hint too many or too early is harmless):
 * - In this process, settling a payment and booking a chain deposit tell `deps.paymentChanges`
 *   (app/metrics/change-signal.ts; from inside its write unit, so before the commit); watchers of
 *   that tid then read it again a few times over the next two seconds, which sees the commit within
 *   milliseconds of it.
 * - For changes made by other instances and processes sharing the database (`paytag sandbox deposit`,
 *   a rescan) and expiry, every `statusPollMs` one query reads the status of every watched payment with
 *   its unconfirmed deposits, at most STATUS_BATCH_MAX ids a query.
 */

/** After a hint, when to read the payment again (ms after the hint); the commit lands in between. */
const HINT_READS_MS = [15, 50, 120, 250, 500, 1000, 2000];

export type StatusListener = (status: CheckoutStatus) => void;

export interface CheckoutWatch {
  /** Calls onStatus with the checkout's status each time it is read again; returns the unsubscribe. */
  watch(tid: string, onStatus: StatusListener): () => void;
  /** How many payments are watched (tests, metrics). */
  watchedCount(): number;
  close(): void;
}

export function createCheckoutWatch(deps: AppDeps): CheckoutWatch {
  const watchers = new Map<string, Set<StatusListener>>();
  const timers = new Set<NodeJS.Timeout>();
  let pollTimer: NodeJS.Timeout | null = null;
  let closed = false;

  const deliver = async (tids: string[]): Promise<void> => {
    for (let i = 0; i < tids.length; i += STATUS_BATCH_MAX) {
      const rows = await listCheckoutStatuses(deps.db.read, tids.slice(i, i + STATUS_BATCH_MAX));
      if (rows.length === 0) continue;
      // Only what is on disk leaves the process (see Database.durable).
      await deps.db.durable();
      const nowMs = deps.clock.nowMs();
      for (const row of rows) {
        const status = checkoutStatusOf(row, nowMs, chainProgressOfRow(deps, row));
        for (const l of watchers.get(row.public_id) ?? []) l(status);
      }
    }
  };

  // Reads run one after another, never side by side: each then sees the database at least as new as
  // the one before it, so a page is never sent an older state after a newer one (a slow poll that
  // started before a deposit's commit must not deliver after the hint's read that saw it).
  let reads: Promise<void> = Promise.resolve();
  const read = (tids: string[]): Promise<void> => {
    reads = reads
      .then(() => (closed ? undefined : deliver(tids)))
      .catch((e: unknown) => deps.log.warn({ err: e }, 'checkout status read failed'));
    return reads;
  };

  const schedulePoll = () => {
    if (closed || pollTimer !== null || watchers.size === 0) return;
    pollTimer = setTimeout(async () => {
      await read([...watchers.keys()]);
      pollTimer = null;
      schedulePoll();
    }, deps.config.checkout.statusPollMs);
    pollTimer.unref();
  };

  const stopHearing = deps.paymentChanges.listen((tid) => {
    if (closed || !watchers.has(tid)) return;
    for (const ms of HINT_READS_MS) {
      const t = setTimeout(() => {
        timers.delete(t);
        if (watchers.has(tid)) void read([tid]);
      }, ms);
      t.unref();
      timers.add(t);
    }
  });

  return {
    watch(tid, onStatus) {
      let set = watchers.get(tid);
      if (set === undefined) {
        set = new Set();
        watchers.set(tid, set);
      }
      set.add(onStatus);
      schedulePoll();
      return () => {
        const s = watchers.get(tid);
        s?.delete(onStatus);
        if (s?.size === 0) watchers.delete(tid);
      };
    },
    watchedCount: () => watchers.size,
    close() {
      closed = true;
      stopHearing();
      if (pollTimer !== null) clearTimeout(pollTimer);
      for (const t of timers) clearTimeout(t);
      timers.clear();
      watchers.clear();
    },
  };
}
