import { listHistory, listHistoryOfWallet, type PaymentRow } from '../../db/repos/payments.ts';
import { HISTORY_LIMIT_MAX } from '../../domain/payments.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';

/** The caller's payments, both directions, newest first; `limit` from 1 to 1000 is required. */
export async function paymentHistory(
  deps: AppDeps,
  caller: Caller,
  limit: unknown,
  /** Only this wallet's payments (pro history); null: all. */
  wallet: 'lbtc' | 'btc' | 'usdt' | null = null,
): Promise<Result<PaymentRow[]>> {
  if (limit === undefined || limit === null || limit === '') {
    return err(
      'invalid_request',
      `limit is required: how many payments to return, 1 to ${HISTORY_LIMIT_MAX}`,
      'limit',
    );
  }
  const n = typeof limit === 'string' && /^\d{1,7}$/.test(limit.trim()) ? Number(limit.trim()) : limit;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > HISTORY_LIMIT_MAX) {
    return err('invalid_request', `limit must be a whole number from 1 to ${HISTORY_LIMIT_MAX}`, 'limit');
  }
  if (wallet !== null) return ok(await listHistoryOfWallet(deps.db.read, caller.accountId, wallet, n));
  return ok(await listHistory(deps.db.read, caller.accountId, n));
}
