import { type Kysely, sql } from 'kysely';
import type { DB } from '../../schema.ts';
import { TRANSFER_POST_PENDING } from '../ledger.ts';

/** The audit's queries of withdrawal batches (`paytag audit`, app/withdrawals/hooks.ts): read-only. */

type Exec = Kysely<DB>;

const POSTED = sql`(t.flags = 0 OR (t.flags & ${sql.lit(TRANSFER_POST_PENDING)}) <> 0)`;

/**
 * Confirmed withdrawals whose transfers took from the payer other than amount + fee share (the reserve
 * in, the unused fee reserve back), or that are not exactly escrow + sent (+ rest when it is > 0).
 */
export async function findConfirmedWithdrawalMismatches(
  exec: Exec,
  limit: number,
): Promise<
  Array<{ id: bigint; expected: bigint; actual: bigint; transfers: bigint; feeSat: bigint | null }>
> {
  const r = await sql<{
    id: bigint;
    expected: bigint;
    actual: bigint | null;
    transfers: bigint;
    fee_sat: bigint | null;
    want: bigint;
  }>`
    SELECT id, expected, actual, transfers, fee_sat, want FROM (
      SELECT w.id, w.fee_sat,
        (w.amount_sat + COALESCE(w.fee_sat, 0)) * 1000 AS expected,
        CASE WHEN w.fee_reserve_sat > COALESCE(w.fee_sat, 0) THEN 3 ELSE 2 END AS want,
        (SELECT CAST(SUM(CASE WHEN t.debit_account_id = la.id THEN t.amount
                              WHEN t.credit_account_id = la.id THEN -t.amount ELSE 0 END) AS BIGINT)
           FROM ledger_transfers t WHERE t.ref = 'chain_withdrawal:' || w.id AND ${POSTED}) AS actual,
        (SELECT COUNT(*) FROM ledger_transfers t WHERE t.ref = 'chain_withdrawal:' || w.id) AS transfers
      FROM chain_withdrawals w
      JOIN ledger_accounts la ON la.owner_account_id = w.account_id AND la.asset = 'btc'
      WHERE w.status = 'confirmed' AND w.wallet = 'btc'
    ) x
    WHERE fee_sat IS NULL OR COALESCE(actual, 0) <> expected OR transfers <> want
    LIMIT ${limit}`.execute(exec);
  return r.rows.map((m) => ({
    id: BigInt(m.id),
    expected: BigInt(m.expected),
    actual: BigInt(m.actual ?? 0),
    transfers: BigInt(m.transfers),
    feeSat: m.fee_sat === null ? null : BigInt(m.fee_sat),
  }));
}

/**
 * Live batches whose sums do not hold: inputs = outputs + change + fee; the recorded inputs sum to
 * input_sat; the withdrawals' amounts to output_sat and their fee shares to fee_sat, none above its
 * reserve; and whose withdrawals are not in the batch's state (broadcast batch: broadcast, or confirmed
 * after a reorganisation took its block away).
 */
export async function findBatchMismatches(
  exec: Exec,
  limit: number,
): Promise<Array<{ publicId: string; status: string; problem: string }>> {
  const r = await sql<{
    public_id: string;
    status: string;
    input_sat: bigint;
    output_sat: bigint;
    change_sat: bigint;
    fee_sat: bigint;
    inputs: bigint | null;
    amounts: bigint | null;
    shares: bigint | null;
    n: bigint;
    off_state: bigint;
    over_reserve: bigint;
  }>`
    SELECT * FROM (
      SELECT b.public_id, b.status, b.input_sat, b.output_sat, b.change_sat, b.fee_sat,
        (SELECT CAST(SUM(i.amount_sat) AS BIGINT) FROM chain_withdrawal_inputs i WHERE i.batch_id = b.id) AS inputs,
        (SELECT CAST(SUM(w.amount_sat) AS BIGINT) FROM chain_withdrawals w WHERE w.psbt_batch_id = b.id) AS amounts,
        (SELECT CAST(SUM(w.fee_sat) AS BIGINT) FROM chain_withdrawals w WHERE w.psbt_batch_id = b.id) AS shares,
        (SELECT COUNT(*) FROM chain_withdrawals w WHERE w.psbt_batch_id = b.id) AS n,
        (SELECT COUNT(*) FROM chain_withdrawals w WHERE w.psbt_batch_id = b.id AND NOT (
           w.status = b.status OR (b.status = 'broadcast' AND w.status = 'confirmed'))) AS off_state,
        (SELECT COUNT(*) FROM chain_withdrawals w WHERE w.psbt_batch_id = b.id
           AND (w.fee_sat IS NULL OR w.fee_sat > w.fee_reserve_sat)) AS over_reserve
      FROM chain_withdrawal_batches b WHERE b.status <> 'abandoned'
    ) x
    WHERE input_sat <> output_sat + change_sat + fee_sat
       OR COALESCE(inputs, 0) <> input_sat OR COALESCE(amounts, 0) <> output_sat
       OR COALESCE(shares, 0) <> fee_sat OR n = 0 OR off_state > 0 OR over_reserve > 0
    LIMIT ${limit}`.execute(exec);
  return r.rows.map((b) => {
    const problems: string[] = [];
    const input = BigInt(b.input_sat);
    const sum = BigInt(b.output_sat) + BigInt(b.change_sat) + BigInt(b.fee_sat);
    if (input !== sum) problems.push(`inputs ${input} sat ≠ outputs + change + fee ${sum} sat`);
    if (BigInt(b.inputs ?? 0) !== input)
      problems.push(`its recorded inputs sum to ${b.inputs ?? 0} sat, not ${input}`);
    if (BigInt(b.amounts ?? 0) !== BigInt(b.output_sat))
      problems.push(`its withdrawals sum to ${b.amounts ?? 0} sat, not ${b.output_sat}`);
    if (BigInt(b.shares ?? 0) !== BigInt(b.fee_sat))
      problems.push(`its fee shares sum to ${b.shares ?? 0} sat, not the fee ${b.fee_sat}`);
    if (BigInt(b.n) === 0n) problems.push('it pays no withdrawal');
    if (BigInt(b.off_state) > 0n) problems.push(`${b.off_state} of its withdrawals are not ${b.status}`);
    if (BigInt(b.over_reserve) > 0n)
      problems.push(`${b.over_reserve} of its withdrawals have no fee share or one above their reserve`);
    return { publicId: b.public_id, status: b.status, problem: problems.join('; ') };
  });
}

/** Bitcoin withdrawals past `queued` (not cancelled) that belong to no live batch (usdt ones have none). */
export async function countWithdrawalsOutsideBatches(exec: Exec): Promise<bigint> {
  const r = await sql<{ n: bigint }>`
    SELECT COUNT(*) AS n FROM chain_withdrawals w
    WHERE w.wallet = 'btc' AND w.status IN ('signing', 'broadcast', 'confirmed')
      AND NOT EXISTS (SELECT 1 FROM chain_withdrawal_batches b WHERE b.id = w.psbt_batch_id AND b.status <> 'abandoned')`.execute(
    exec,
  );
  return BigInt(r.rows[0]?.n ?? 0);
}
