import {
  listFirstDepositHashes,
  listRecordDeposits,
  type RecordDepositRow,
} from '../../db/repos/chain-deposits.ts';
import type { AppDeps } from '../deps.ts';
import type { Payment } from '../payments/payment.ts';

/**
 * The transaction hash a pro record shows for each on-chain payment whose payer submitted none: its
 * first deposit seen on chain (not one dropped since). Payments with a submitted hash, or paid by
 * Lightning, are not looked up.
 */
export async function firstDepositHashes(
  deps: Pick<AppDeps, 'db'>,
  payments: readonly Payment[],
): Promise<Map<bigint, string>> {
  const ids = payments
    .filter((p) => p.payment_mode === 'onchain' && p.transaction_hash === null)
    .map((p) => p.id);
  return listFirstDepositHashes(deps.db.read, ids);
}

/** What a record shows of on-chain payments: the first deposit's hash and every deposit not dropped. */
export interface RecordChain {
  firstDepositTxHash: string | null;
  deposits: readonly RecordDepositRow[];
}

/** The chain part of each on-chain payment's record, in two queries for a page of payments. */
export async function recordChains(
  deps: Pick<AppDeps, 'db'>,
  payments: readonly Payment[],
): Promise<Map<bigint, RecordChain>> {
  const hashes = await firstDepositHashes(deps, payments);
  const deposits = await listRecordDeposits(
    deps.db.read,
    payments.filter((p) => p.payment_mode === 'onchain').map((p) => p.id),
  );
  const out = new Map<bigint, RecordChain>();
  for (const p of payments) {
    out.set(p.id, { firstDepositTxHash: hashes.get(p.id) ?? null, deposits: deposits.get(p.id) ?? [] });
  }
  return out;
}
