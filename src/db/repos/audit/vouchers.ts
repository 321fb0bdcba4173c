import { type Kysely, sql } from 'kysely';
import type { DB } from '../../schema.ts';
import { TRANSFER_POST_PENDING } from '../ledger.ts';

/** The audit's queries of the voucher tables (`paytag audit`, app/vouchers/hooks.ts): read-only. */

type Exec = Kysely<DB>;

const POSTED = sql`(t.flags = 0 OR (t.flags & ${sql.lit(TRANSFER_POST_PENDING)}) <> 0)`;

export interface VoucherLedgerMismatch {
  voucherId: bigint;
  expected: bigint;
  actual: bigint;
}

/**
 * Vouchers whose transfers (`ref = voucher:<code>`) moved something else to their issuer than their
 * state says: a redeemable voucher nothing; a redeemed, in-progress or refunded one exactly amount +
 * fee reserve (its funds left the escrow for the issuer, who paid the redemption out of them).
 */
export async function findVoucherLedgerMismatches(
  exec: Exec,
  limit: number,
): Promise<VoucherLedgerMismatch[]> {
  const r = await sql<{ id: bigint; expected: bigint; actual: bigint | null }>`
    SELECT id, expected, actual FROM (
      SELECT v.id,
        CASE WHEN v.redeemed_at_ms IS NULL AND v.claim_payment_id IS NULL AND v.refunded_at_ms IS NULL THEN 0
             ELSE b.amount_msat + b.fee_reserve_msat END AS expected,
        (SELECT CAST(SUM(CASE WHEN t.credit_account_id = la.id THEN t.amount
                              WHEN t.debit_account_id = la.id THEN -t.amount ELSE 0 END) AS BIGINT)
           FROM ledger_transfers t WHERE t.ref = 'voucher:' || v.code AND ${POSTED}) AS actual
      FROM vouchers v
      JOIN voucher_batches b ON b.id = v.batch_id
      JOIN ledger_accounts la ON la.owner_account_id = b.account_id AND la.asset = 'lbtc'
    ) x
    WHERE COALESCE(actual, 0) <> expected
    LIMIT ${limit}`.execute(exec);
  return r.rows.map((m) => ({
    voucherId: BigInt(m.id),
    expected: BigInt(m.expected),
    actual: BigInt(m.actual ?? 0),
  }));
}

/** Redeemed vouchers whose redeemed_tid is not a paid outgoing payment of the issuer for the voucher amount. */
export async function findRedeemedWithoutPayment(exec: Exec, limit: number): Promise<bigint[]> {
  const r = await sql<{ id: bigint }>`
    SELECT v.id FROM vouchers v
    JOIN voucher_batches b ON b.id = v.batch_id
    LEFT JOIN payments p ON p.id = v.redeemed_tid
    WHERE v.redeemed_at_ms IS NOT NULL
      AND (p.id IS NULL OR p.status <> 'paid' OR p.direction <> 'out'
           OR p.account_id <> b.account_id OR p.amount_msat <> b.amount_msat)
    LIMIT ${limit}`.execute(exec);
  return r.rows.map((m) => BigInt(m.id));
}

/** Batches whose funding transfers (`ref = voucher_batch:<id>`) took other than count × (amount + reserve). */
export async function findBatchFundingMismatches(
  exec: Exec,
  limit: number,
): Promise<Array<{ id: string; expected: bigint; actual: bigint }>> {
  const r = await sql<{ id: string; expected: bigint; actual: bigint | null }>`
    SELECT id, expected, actual FROM (
      SELECT b.id, b.voucher_count * (b.amount_msat + b.fee_reserve_msat) AS expected,
        (SELECT CAST(SUM(CASE WHEN t.debit_account_id = la.id THEN t.amount
                              WHEN t.credit_account_id = la.id THEN -t.amount ELSE 0 END) AS BIGINT)
           FROM ledger_transfers t WHERE t.ref = 'voucher_batch:' || b.id AND ${POSTED}) AS actual
      FROM voucher_batches b
      JOIN ledger_accounts la ON la.owner_account_id = b.account_id AND la.asset = 'lbtc'
    ) x
    WHERE COALESCE(actual, 0) <> expected
    LIMIT ${limit}`.execute(exec);
  return r.rows.map((m) => ({ id: m.id, expected: BigInt(m.expected), actual: BigInt(m.actual ?? 0) }));
}

/** The voucher escrow's balance and what the redeemable vouchers hold: the two must be equal. */
export async function escrowVersusVouchers(
  exec: Exec,
): Promise<{ escrow: bigint; vouchers: bigint; pending: bigint }> {
  const r = await sql<{ escrow: bigint | null; pending: bigint | null; vouchers: bigint | null }>`
    SELECT
      (SELECT CAST(SUM(credits_posted - debits_posted) AS BIGINT) FROM ledger_accounts
        WHERE system_code = 'voucher_escrow' AND asset = 'lbtc') AS escrow,
      (SELECT CAST(SUM(credits_pending + debits_pending) AS BIGINT) FROM ledger_accounts
        WHERE system_code = 'voucher_escrow' AND asset = 'lbtc') AS pending,
      (SELECT CAST(SUM(b.amount_msat + b.fee_reserve_msat) AS BIGINT) FROM vouchers v
        JOIN voucher_batches b ON b.id = v.batch_id
        WHERE v.redeemed_at_ms IS NULL AND v.claim_payment_id IS NULL AND v.refunded_at_ms IS NULL) AS vouchers`.execute(
    exec,
  );
  const row = r.rows[0];
  return {
    escrow: BigInt(row?.escrow ?? 0),
    pending: BigInt(row?.pending ?? 0),
    vouchers: BigInt(row?.vouchers ?? 0),
  };
}
