import { type Kysely, sql } from 'kysely';
import type { DB } from '../../schema.ts';
import { TRANSFER_POST_PENDING } from '../ledger.ts';

/** The audit's queries of the payout tables (`paytag audit`, app/payouts/hooks.ts): read-only. */

type Exec = Kysely<DB>;

const POSTED = sql`(t.flags = 0 OR (t.flags & ${sql.lit(TRANSFER_POST_PENDING)}) <> 0)`;

/** What one item holds in the escrow until it is released: amount, service fee, GST, fee reserve. */
const SHARE = sql`(i.amount_msat + i.service_fee_msat + i.gst_fee_msat + i.fee_reserve_msat)`;

/**
 * Items whose release transfers (`ref = payout_item:<id>`, escrow → payer) gave the payer something else
 * than their state says: nothing while the item has no payment and has not ended, its share once after.
 */
export async function findPayoutItemLedgerMismatches(
  exec: Exec,
  limit: number,
): Promise<Array<{ id: bigint; expected: bigint; actual: bigint; transfers: bigint }>> {
  const r = await sql<{ id: bigint; expected: bigint; actual: bigint | null; transfers: bigint }>`
    SELECT id, expected, actual, transfers FROM (
      SELECT i.id,
        CASE WHEN i.payment_id IS NULL AND i.ended_at_ms IS NULL THEN 0 ELSE ${SHARE} END AS expected,
        (SELECT CAST(SUM(CASE WHEN t.credit_account_id = la.id THEN t.amount
                              WHEN t.debit_account_id = la.id THEN -t.amount ELSE 0 END) AS BIGINT)
           FROM ledger_transfers t WHERE t.ref = 'payout_item:' || i.id AND ${POSTED}) AS actual,
        (SELECT COUNT(*) FROM ledger_transfers t WHERE t.ref = 'payout_item:' || i.id) AS transfers
      FROM payout_items i
      JOIN payout_batches b ON b.id = i.batch_id
      JOIN ledger_accounts la ON la.owner_account_id = b.account_id AND la.asset = 'lbtc'
    ) x
    WHERE COALESCE(actual, 0) <> expected OR transfers > 1
    LIMIT ${limit}`.execute(exec);
  return r.rows.map((m) => ({
    id: BigInt(m.id),
    expected: BigInt(m.expected),
    actual: BigInt(m.actual ?? 0),
    transfers: BigInt(m.transfers),
  }));
}

/** Batches whose funding (`ref = payout_batch:<id>`) took other than reserved_msat, or whose items' shares differ from it. */
export async function findPayoutFundingMismatches(
  exec: Exec,
  limit: number,
): Promise<Array<{ id: bigint; reserved: bigint; funded: bigint; shares: bigint }>> {
  const r = await sql<{ id: bigint; reserved: bigint; funded: bigint | null; shares: bigint | null }>`
    SELECT id, reserved, funded, shares FROM (
      SELECT b.id, b.reserved_msat AS reserved,
        (SELECT CAST(SUM(CASE WHEN t.debit_account_id = la.id THEN t.amount
                              WHEN t.credit_account_id = la.id THEN -t.amount ELSE 0 END) AS BIGINT)
           FROM ledger_transfers t WHERE t.ref = 'payout_batch:' || b.id AND ${POSTED}) AS funded,
        (SELECT CAST(SUM(${SHARE}) AS BIGINT) FROM payout_items i WHERE i.batch_id = b.id) AS shares
      FROM payout_batches b
      JOIN ledger_accounts la ON la.owner_account_id = b.account_id AND la.asset = 'lbtc'
    ) x
    WHERE COALESCE(funded, 0) <> reserved OR COALESCE(shares, 0) <> reserved
    LIMIT ${limit}`.execute(exec);
  return r.rows.map((m) => ({
    id: BigInt(m.id),
    reserved: BigInt(m.reserved),
    funded: BigInt(m.funded ?? 0),
    shares: BigInt(m.shares ?? 0),
  }));
}

/**
 * Items whose state and payment disagree: paid without a paid payment of the batch's account for its
 * amount (purpose payout); failed with a payment that is not declined, or whose re-check has not
 * decided; and payments of purpose payout that no item names. (An open item whose payment has decided is
 * not a finding: the worker's next round ends it.)
 */
export async function findPayoutItemOutcomeMismatches(
  exec: Exec,
  limit: number,
): Promise<
  Array<{ item: bigint | null; payment: bigint | null; status: string; paymentStatus: string | null }>
> {
  const r = await sql<{
    item: bigint | null;
    payment: bigint | null;
    status: string;
    pstatus: string | null;
  }>`
    SELECT i.id AS item, p.id AS payment, i.status AS status, p.status AS pstatus
    FROM payout_items i
    JOIN payout_batches b ON b.id = i.batch_id
    LEFT JOIN payments p ON p.id = i.payment_id
    WHERE (i.status = 'paid' AND (p.id IS NULL OR p.status <> 'paid' OR p.purpose <> 'payout'
             OR p.direction <> 'out' OR p.account_id <> b.account_id OR p.amount_msat <> i.amount_msat))
       OR (i.status = 'failed' AND p.id IS NOT NULL AND (p.status <> 'declined' OR p.recheck_at_ms IS NOT NULL))
       OR ((i.status IN ('paid', 'failed')) <> (i.ended_at_ms IS NOT NULL))
    UNION ALL
    SELECT NULL AS item, p.id AS payment, 'none' AS status, p.status AS pstatus
    FROM payments p
    WHERE p.purpose = 'payout' AND NOT EXISTS (SELECT 1 FROM payout_items i WHERE i.payment_id = p.id)
    LIMIT ${limit}`.execute(exec);
  return r.rows.map((m) => ({
    item: m.item === null ? null : BigInt(m.item),
    payment: m.payment === null ? null : BigInt(m.payment),
    status: m.status,
    paymentStatus: m.pstatus,
  }));
}

/** The payout escrow's balance and what the items without a payment still hold: the two must be equal. */
export async function payoutEscrowVersusItems(
  exec: Exec,
): Promise<{ escrow: bigint; items: bigint; pending: bigint }> {
  const r = await sql<{ escrow: bigint | null; pending: bigint | null; items: bigint | null }>`
    SELECT
      (SELECT CAST(SUM(credits_posted - debits_posted) AS BIGINT) FROM ledger_accounts
        WHERE system_code = 'payout_escrow' AND asset = 'lbtc') AS escrow,
      (SELECT CAST(SUM(credits_pending + debits_pending) AS BIGINT) FROM ledger_accounts
        WHERE system_code = 'payout_escrow' AND asset = 'lbtc') AS pending,
      (SELECT CAST(SUM(${SHARE}) AS BIGINT) FROM payout_items i
        WHERE i.payment_id IS NULL AND i.ended_at_ms IS NULL) AS items`.execute(exec);
  const row = r.rows[0];
  return {
    escrow: BigInt(row?.escrow ?? 0),
    pending: BigInt(row?.pending ?? 0),
    items: BigInt(row?.items ?? 0),
  };
}
