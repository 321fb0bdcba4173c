import {
  listHistory,
  listHistoryColumns,
  listHistoryOfWallet,
  type PaymentRow,
} from '../../db/repos/payments.ts';
import type { Wallet } from '../../domain/payments/vocabulary.ts';
import { ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';

/** The caller's payments, both directions, newest first, at most `limit` (decoded by the codec). */
export async function paymentHistory(
  deps: AppDeps,
  caller: Caller,
  limit: number,
  /** Only this wallet's payments (pro history); null: all. */
  wallet: Wallet | null = null,
): Promise<Result<PaymentRow[]>> {
  if (wallet !== null) return ok(await listHistoryOfWallet(deps.db.read, caller.accountId, wallet, limit));
  return ok(await listHistory(deps.db.read, caller.accountId, limit));
}

/**
 * As paymentHistory over all wallets, reading only `columns`: what the caller's record shows (the same
 * rows in the same order).
 */
export async function paymentHistoryColumns<C extends keyof PaymentRow>(
  deps: AppDeps,
  caller: Caller,
  limit: number,
  columns: readonly C[],
): Promise<Array<Pick<PaymentRow, C>>> {
  return listHistoryColumns(deps.db.read, caller.accountId, limit, columns);
}

/** A page of the caller's Lightning wallet's payments, newest first (`limit` and `offset` bounded by the caller). */
export async function lightningPaymentsPage(
  deps: AppDeps,
  caller: Caller,
  limit: number,
  offset: number,
): Promise<PaymentRow[]> {
  return listHistoryOfWallet(deps.db.read, caller.accountId, 'lbtc', limit, offset);
}
