import { type Kysely, sql } from 'kysely';
import type { DB } from '../../schema.ts';
import { TRANSFER_POST_PENDING } from '../ledger.ts';

/** The audit's queries of the `payments` table (`paytag audit`, app/payments/audit.ts): read-only. */

type Exec = Kysely<DB>;

export interface PaymentLedgerMismatch {
  id: bigint;
  direction: string;
  status: string;
  expected: bigint;
  actual: bigint;
}

/**
 * Payments whose posted ledger effect on their owner's lbtc account differs from what the row says:
 * a paid incoming payment credited exactly amount − service fee − GST; a paid outgoing one debited exactly
 * amount + network fee + service fee + GST; any other status moved nothing. The transfers of a payment
 * carry `ref = payment:<id>`; an internal payment's two rows share the transfers of the sending row.
 */
export async function findPaymentLedgerMismatches(
  exec: Exec,
  limit: number,
): Promise<PaymentLedgerMismatch[]> {
  const rows = await sql<{
    id: bigint;
    direction: string;
    status: string;
    expected: bigint;
    actual: bigint | null;
  }>`
    SELECT id, direction, status, expected, actual FROM (
      SELECT p.id, p.direction, p.status,
        CASE WHEN p.status <> 'paid' THEN 0
             WHEN p.direction = 'in' THEN p.amount_msat - p.service_fee_msat - p.gst_fee_msat
             ELSE -(p.amount_msat + p.network_fee_msat + p.service_fee_msat + p.gst_fee_msat) END AS expected,
        (SELECT CAST(SUM(CASE WHEN t.credit_account_id = la.id THEN t.amount
                              WHEN t.debit_account_id = la.id THEN -t.amount ELSE 0 END) AS BIGINT)
           FROM ledger_transfers t
          WHERE (t.ref = 'payment:' || CAST(p.id AS TEXT)
                 OR (p.counterpart_id IS NOT NULL AND t.ref = 'payment:' || CAST(p.counterpart_id AS TEXT)))
            AND (t.flags = 0 OR (t.flags & ${TRANSFER_POST_PENDING}) <> 0)) AS actual
      FROM payments p
      JOIN ledger_accounts la ON la.owner_account_id = p.account_id AND la.asset = 'lbtc'
      -- On-chain requests are credited per deposit (chain_deposits, audited on their own).
      WHERE p.payment_mode = 'lightning'
    ) x
    WHERE COALESCE(actual, 0) <> expected
    LIMIT ${limit}`.execute(exec);
  return rows.rows.map((r) => ({
    id: BigInt(r.id),
    direction: r.direction,
    status: r.status,
    expected: BigInt(r.expected),
    actual: BigInt(r.actual ?? 0),
  }));
}

/** How many payments there are (what the audit's per-payment checks looked at). */
export async function countPayments(exec: Exec): Promise<number> {
  const r = await exec
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

// An outgoing Lightning payment's reserve is the pending transfer `pay:<id>:reserve` (movements.ts).
const RESERVES = sql`
  FROM payments p
  JOIN ledger_transfers t ON t.id = 'pay:' || CAST(p.id AS TEXT) || ':reserve'
  WHERE p.direction = 'out' AND p.route = 'lightning'`;

/**
 * Outgoing Lightning payments whose reserve disagrees with their status: a payment is pending exactly
 * while its reserve is unresolved. `released`: pending, but the reserve was posted or voided (the node
 * may still pay it); `held`: decided, but the reserve is still held (stuck for good). Also answers how
 * many reserved payments there are.
 */
export async function findReserveMismatches(
  exec: Exec,
  limit: number,
): Promise<{ checked: number; found: Array<{ id: bigint; status: string; problem: 'released' | 'held' }> }> {
  const count = await sql<{ n: bigint }>`SELECT COUNT(*) AS n ${RESERVES}`.execute(exec);
  const rows = await sql<{ id: bigint; status: string; resolved: bigint | number }>`
    SELECT id, status, resolved FROM (
      SELECT p.id, p.status,
        (SELECT COUNT(*) FROM ledger_transfers r WHERE r.pending_id = t.id) AS resolved
      ${RESERVES}
    ) x
    WHERE (status = 'pending' AND resolved > 0) OR (status <> 'pending' AND resolved = 0)
    ORDER BY id
    LIMIT ${limit}`.execute(exec);
  return {
    checked: Number(count.rows[0]?.n ?? 0),
    found: rows.rows.map((r) => ({
      id: BigInt(r.id),
      status: r.status,
      problem: r.status === 'pending' ? 'released' : 'held',
    })),
  };
}

/** Rows booking a second or short payment of an invoice, with the invoice's status. */
export const listSecondPayments = (
  exec: Exec,
  limit: number,
): Promise<
  Array<{ id: bigint; public_id: string; amount_msat: bigint; invoice_id: bigint; invoice_status: string }>
> =>
  exec
    .selectFrom('payments as p')
    .innerJoin('payments as inv', 'inv.id', 'p.second_payment_of')
    .select([
      'p.id as id',
      'p.public_id as public_id',
      'p.amount_msat as amount_msat',
      'inv.id as invoice_id',
      'inv.status as invoice_status',
    ])
    .orderBy('p.id')
    .limit(limit)
    .execute();

/** Ledger transfers of payments with the given code (the audit lists fee overruns, late successes). */
export const listPaymentTransfersByCode = (
  exec: Exec,
  code: string,
  limit: number,
): Promise<Array<{ id: string; ref: string | null; amount: bigint }>> =>
  exec
    .selectFrom('ledger_transfers')
    .select(['id', 'ref', 'amount'])
    .where('code', '=', code)
    .orderBy('id')
    .limit(limit)
    .execute();
