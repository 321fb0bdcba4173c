import { listFirstDepositHashes } from '../../db/repos/chain-deposits.ts';
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
