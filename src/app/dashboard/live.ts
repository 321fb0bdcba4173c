import { findOwnPaymentsByPublicIds, type PaymentRow } from '../../db/repos/payments.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { paymentHistory } from '../payments/history.ts';
import { type BalanceLine, balanceLines, type ValueCurrency } from './views.ts';

/** How many of the newest payments a live page keeps an eye on, besides the ones it names. */
const LIVE_RECENT = 25;
/** At most this many named payments per stream (the ones a page shows). */
const LIVE_NAMED_MAX = 60;

export interface LiveSnapshot {
  balances: BalanceLine[];
  /** Payments by tid: the newest LIVE_RECENT and the named ones that belong to the account. */
  payments: Map<string, PaymentRow>;
}

/**
 * What a live dashboard page shows that can change: balances, and the state of its payments. Read from
 * the database (the truth, whichever instance made the change) with index reads only: the balances of
 * one account, its newest payments (payments_history), and the named payments by tid in one query.
 */
export async function readLiveSnapshot(
  deps: AppDeps,
  caller: Caller,
  currency: ValueCurrency,
  named: readonly string[],
): Promise<LiveSnapshot> {
  const balances = await balanceLines(deps, caller, currency);
  const recent = await paymentHistory(deps, caller, LIVE_RECENT);
  const payments = new Map<string, PaymentRow>();
  for (const p of recent.ok ? recent.value : []) payments.set(p.public_id, p);
  const others = named.slice(0, LIVE_NAMED_MAX).filter((tid) => !payments.has(tid));
  if (others.length > 0) {
    // One read for every named payment (by the unique public id), the account's own only.
    const rows = await findOwnPaymentsByPublicIds(deps.db.read, caller.accountId, others);
    for (const p of rows) payments.set(p.public_id, p);
  }
  return { balances, payments };
}

/** What changed between two snapshots: the balances (when any differs) and the payments new or moved. */
export function liveChanges(
  before: LiveSnapshot | null,
  after: LiveSnapshot,
  sinceMs: number,
): { balances: BalanceLine[] | null; payments: PaymentRow[] } {
  const sameBalances =
    before !== null &&
    before.balances.length === after.balances.length &&
    before.balances.every(
      (b, i) => b.units === after.balances[i]?.units && b.value === after.balances[i]?.value,
    );
  const payments: PaymentRow[] = [];
  for (const [tid, p] of after.payments) {
    const old = before?.payments.get(tid);
    if (old === undefined) {
      // New to the stream: news only when it was made after the page was drawn.
      if (before !== null || Number(p.created_at_ms) > sinceMs) payments.push(p);
    } else if (old.status !== p.status || old.updated_at_ms !== p.updated_at_ms) payments.push(p);
  }
  payments.sort((x, y) => Number(x.created_at_ms - y.created_at_ms));
  return { balances: sameBalances ? null : after.balances, payments };
}
