import { type Kysely, sql } from 'kysely';
import type { ChainAsset } from '../../../domain/payments/vocabulary.ts';
import type { DB } from '../../schema.ts';
import { TRANSFER_POST_PENDING } from '../ledger.ts';

/** The audit's queries of on-chain withdrawals (`paytag audit`, app/withdrawals/hooks.ts): read-only. */

type Exec = Kysely<DB>;

const POSTED = sql`(t.flags = 0 OR (t.flags & ${sql.lit(TRANSFER_POST_PENDING)}) <> 0)`;

/** Statuses whose reserve is still in the escrow (not cancelled, not yet posted as confirmed). */
const OPEN = sql`('queued', 'signing', 'broadcast')`;

/**
 * The withdrawal escrow's balance in one asset and what the open withdrawals of that wallet reserved
 * (btc: reserved_msat; usdt: amount_units): the two must be equal.
 */
export async function withdrawalEscrowVersusOpen(
  exec: Exec,
  wallet: ChainAsset = 'btc',
): Promise<{ escrow: bigint; open: bigint; pending: bigint }> {
  const reserve = wallet === 'btc' ? sql.ref('w.reserved_msat') : sql.ref('w.amount_units');
  const r = await sql<{ escrow: bigint | null; pending: bigint | null; open: bigint | null }>`
    SELECT
      (SELECT CAST(SUM(credits_posted - debits_posted) AS BIGINT) FROM ledger_accounts
        WHERE system_code = 'withdrawal_escrow' AND asset = ${wallet}) AS escrow,
      (SELECT CAST(SUM(credits_pending + debits_pending) AS BIGINT) FROM ledger_accounts
        WHERE system_code = 'withdrawal_escrow' AND asset = ${wallet}) AS pending,
      (SELECT CAST(SUM(${reserve}) AS BIGINT) FROM chain_withdrawals w
        WHERE w.status IN ${OPEN} AND w.wallet = ${wallet}) AS open`.execute(exec);
  const row = r.rows[0];
  return {
    escrow: BigInt(row?.escrow ?? 0),
    pending: BigInt(row?.pending ?? 0),
    open: BigInt(row?.open ?? 0),
  };
}

/**
 * Withdrawals whose own transfers (`ref = chain_withdrawal:<id>`) took from the payer's balance of
 * their wallet other than their state says: the reserve while open, nothing net once cancelled (taken
 * once, given back once), and for a confirmed usdt one the amount, in exactly two transfers, the second
 * paying the escrow's amount to evm_settlement once. (Confirmed btc withdrawals are posted by a later
 * step; they are not checked here yet.)
 */
export async function findWithdrawalLedgerMismatches(
  exec: Exec,
  limit: number,
): Promise<
  Array<{
    id: bigint;
    status: string;
    expected: bigint;
    actual: bigint;
    transfers: bigint;
    paid: bigint;
    expectedPaid: bigint;
  }>
> {
  const r = await sql<{
    id: bigint;
    status: string;
    expected: bigint;
    actual: bigint | null;
    transfers: bigint;
    paid: bigint | null;
    expected_paid: bigint;
  }>`
    SELECT id, status, expected, actual, transfers, paid, expected_paid FROM (
      SELECT w.id, w.status,
        CASE WHEN w.status = 'cancelled' THEN 0 ELSE COALESCE(w.reserved_msat, w.amount_units) END AS expected,
        (SELECT CAST(SUM(CASE WHEN t.debit_account_id = la.id THEN t.amount
                              WHEN t.credit_account_id = la.id THEN -t.amount ELSE 0 END) AS BIGINT)
           FROM ledger_transfers t WHERE t.ref = 'chain_withdrawal:' || w.id AND ${POSTED}) AS actual,
        (SELECT COUNT(*) FROM ledger_transfers t WHERE t.ref = 'chain_withdrawal:' || w.id) AS transfers,
        (SELECT CAST(SUM(t.amount) AS BIGINT) FROM ledger_transfers t
           JOIN ledger_accounts s ON s.id = t.credit_account_id AND s.system_code = 'evm_settlement'
           WHERE t.ref = 'chain_withdrawal:' || w.id AND ${POSTED}) AS paid,
        CASE WHEN w.status = 'confirmed' THEN w.amount_units ELSE 0 END AS expected_paid
      FROM chain_withdrawals w
      JOIN ledger_accounts la ON la.owner_account_id = w.account_id AND la.asset = w.wallet
      WHERE NOT (w.status = 'confirmed' AND w.wallet = 'btc')
    ) x
    WHERE COALESCE(actual, 0) <> expected
       OR COALESCE(paid, 0) <> expected_paid
       OR transfers <> CASE WHEN status IN ('cancelled', 'confirmed') THEN 2 ELSE 1 END
    LIMIT ${limit}`.execute(exec);
  return r.rows.map((m) => ({
    id: BigInt(m.id),
    status: m.status,
    expected: BigInt(m.expected),
    actual: BigInt(m.actual ?? 0),
    transfers: BigInt(m.transfers),
    paid: BigInt(m.paid ?? 0),
    expectedPaid: BigInt(m.expected_paid),
  }));
}
