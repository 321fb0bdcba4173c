import { type Kysely, sql } from 'kysely';
import type { DB } from '../../schema.ts';
import { TRANSFER_POST_PENDING } from '../ledger.ts';

/** The audit's queries of on-chain withdrawals (`paytag audit`, app/withdrawals/hooks.ts): read-only. */

type Exec = Kysely<DB>;

const POSTED = sql`(t.flags = 0 OR (t.flags & ${sql.lit(TRANSFER_POST_PENDING)}) <> 0)`;

/** Statuses whose reserve is still in the escrow (not cancelled, not yet posted as confirmed). */
const OPEN = sql`('queued', 'signing', 'broadcast')`;

/** The withdrawal escrow's balance (btc) and what the open withdrawals reserved: the two must be equal. */
export async function withdrawalEscrowVersusOpen(
  exec: Exec,
): Promise<{ escrow: bigint; open: bigint; pending: bigint }> {
  const r = await sql<{ escrow: bigint | null; pending: bigint | null; open: bigint | null }>`
    SELECT
      (SELECT CAST(SUM(credits_posted - debits_posted) AS BIGINT) FROM ledger_accounts
        WHERE system_code = 'withdrawal_escrow' AND asset = 'btc') AS escrow,
      (SELECT CAST(SUM(credits_pending + debits_pending) AS BIGINT) FROM ledger_accounts
        WHERE system_code = 'withdrawal_escrow' AND asset = 'btc') AS pending,
      (SELECT CAST(SUM(w.reserved_msat) AS BIGINT) FROM chain_withdrawals w
        WHERE w.status IN ${OPEN}) AS open`.execute(exec);
  const row = r.rows[0];
  return {
    escrow: BigInt(row?.escrow ?? 0),
    pending: BigInt(row?.pending ?? 0),
    open: BigInt(row?.open ?? 0),
  };
}

/**
 * Withdrawals whose own transfers (`ref = chain_withdrawal:<id>`) took from the payer's btc other than
 * their state says: the reserve while open, nothing net once cancelled (taken once, given back once).
 * (Confirmed withdrawals are posted by a later step; they are not checked here yet.)
 */
export async function findWithdrawalLedgerMismatches(
  exec: Exec,
  limit: number,
): Promise<Array<{ id: bigint; status: string; expected: bigint; actual: bigint; transfers: bigint }>> {
  const r = await sql<{
    id: bigint;
    status: string;
    expected: bigint;
    actual: bigint | null;
    transfers: bigint;
  }>`
    SELECT id, status, expected, actual, transfers FROM (
      SELECT w.id, w.status,
        CASE WHEN w.status = 'cancelled' THEN 0 ELSE w.reserved_msat END AS expected,
        (SELECT CAST(SUM(CASE WHEN t.debit_account_id = la.id THEN t.amount
                              WHEN t.credit_account_id = la.id THEN -t.amount ELSE 0 END) AS BIGINT)
           FROM ledger_transfers t WHERE t.ref = 'chain_withdrawal:' || w.id AND ${POSTED}) AS actual,
        (SELECT COUNT(*) FROM ledger_transfers t WHERE t.ref = 'chain_withdrawal:' || w.id) AS transfers
      FROM chain_withdrawals w
      JOIN ledger_accounts la ON la.owner_account_id = w.account_id AND la.asset = 'btc'
      WHERE w.status <> 'confirmed'
    ) x
    WHERE COALESCE(actual, 0) <> expected
       OR transfers <> CASE WHEN status = 'cancelled' THEN 2 ELSE 1 END
    LIMIT ${limit}`.execute(exec);
  return r.rows.map((m) => ({
    id: BigInt(m.id),
    status: m.status,
    expected: BigInt(m.expected),
    actual: BigInt(m.actual ?? 0),
    transfers: BigInt(m.transfers),
  }));
}
