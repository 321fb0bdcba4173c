import type { Kysely } from 'kysely';
import type { PaymentDirection, PaymentStatus, Wallet } from '../../domain/payments/vocabulary.ts';
import type { DB } from '../schema.ts';
import { type PaymentRow, shownInHistory } from './payments.ts';

export interface HistoryFilter {
  direction: PaymentDirection | null;
  status: PaymentStatus | null;
  wallet: Wallet | null;
  /** created_at_ms at or after / before (ms). */
  fromMs: number | null;
  toMs: number | null;
}

/** Where a page starts: after (older than) this row of the newest-first order. */
export interface HistoryCursor {
  createdAtMs: bigint;
  id: bigint;
}

/** The filters an index serves in page order: the wallet (payments_history_wallet) and the dates. */
export type IndexedFilter = Pick<HistoryFilter, 'wallet' | 'fromMs' | 'toMs'>;

/**
 * The account's payments, newest first, by keyset (the rows after `after` in (created_at_ms, id)
 * order): a range read of an index that starts with account_id (payments_history, or
 * payments_history_wallet for a wallet), never an offset. The same rows as the API's history
 * (shownInHistory). Direction and status are checked by the caller on the rows read (views.ts).
 */
export function historyPageQuery(
  exec: Kysely<DB>,
  accountId: bigint,
  filter: IndexedFilter,
  after: HistoryCursor | null,
  limit: number,
) {
  let q = exec.selectFrom('payments').selectAll().where('account_id', '=', accountId).where(shownInHistory);
  if (filter.wallet !== null) q = q.where('wallet', '=', filter.wallet);
  if (filter.fromMs !== null) q = q.where('created_at_ms', '>=', BigInt(filter.fromMs));
  if (filter.toMs !== null) q = q.where('created_at_ms', '<', BigInt(filter.toMs));
  if (after !== null) {
    q = q.where((eb) =>
      eb.or([
        eb('created_at_ms', '<', after.createdAtMs),
        eb.and([eb('created_at_ms', '=', after.createdAtMs), eb('id', '<', after.id)]),
      ]),
    );
  }
  return q.orderBy('created_at_ms', 'desc').orderBy('id', 'desc').limit(limit);
}

export const listHistoryPage = (
  exec: Kysely<DB>,
  accountId: bigint,
  filter: IndexedFilter,
  after: HistoryCursor | null,
  limit: number,
): Promise<PaymentRow[]> => historyPageQuery(exec, accountId, filter, after, limit).execute();
