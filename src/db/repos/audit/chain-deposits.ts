import { type Kysely, sql } from 'kysely';
import type { DB } from '../../schema.ts';

/** The audit's queries of `chain_deposits` (`paytag audit`, app/chain/hooks.ts): read-only. */

type Exec = Kysely<DB>;
type Count = string | number | bigint;

/**
 * Audit: deposits whose ledger transfers do not match their history, and chain deposit transfers of no
 * such deposit. A deposit credited `c` times (c = reversals, plus 1 while it is credited) has `c`
 * transfers `chain_deposit` of its amount, and `reversals` reversals (`chain_deposit_reversal`, the
 * account's part and the shortfall's together) of its amount each.
 */
/**
 * What a btc on-chain request's invoice brought, when it was paid through it (route lightning or
 * internal): counted in received_units beside the deposits (db/repos/payments.ts addInvoiceReceiptToRequest).
 */
const INVOICE_RECEIPT = sql`CASE WHEN p.wallet = 'btc' AND p.status = 'paid' AND p.route IN ('lightning', 'internal')
  THEN p.amount_msat ELSE 0 END`;

export async function findDepositLedgerMismatches(
  exec: Exec,
  limit: number,
): Promise<{ checked: number; found: string[] }> {
  const checked = await exec
    .selectFrom('chain_deposits')
    .select((eb) => eb.fn.countAll<Count>().as('n'))
    .where((eb) => eb.or([eb('state', '=', 'credited'), eb('reversals', '>', 0n)]))
    .executeTakeFirstOrThrow();
  const bad = await sql<{
    id: Count;
    state: string;
    reversals: Count;
    credits: Count;
    credited: Count;
    reversed: Count;
  }>`
    WITH x AS (
      SELECT d.id, d.state, d.reversals, d.amount_units,
        (SELECT COUNT(*) FROM ledger_transfers t
          WHERE t.code = 'chain_deposit' AND t.ref = 'chain_deposit:' || CAST(d.id AS TEXT)) AS credits,
        (SELECT CAST(COALESCE(SUM(t.amount), 0) AS BIGINT) FROM ledger_transfers t
          WHERE t.code = 'chain_deposit' AND t.ref = 'chain_deposit:' || CAST(d.id AS TEXT)) AS credited,
        (SELECT CAST(COALESCE(SUM(t.amount), 0) AS BIGINT) FROM ledger_transfers t
          WHERE t.code = 'chain_deposit_reversal' AND t.ref = 'chain_deposit:' || CAST(d.id AS TEXT)) AS reversed
      FROM chain_deposits d
      WHERE d.state = 'credited' OR d.reversals > 0
    )
    SELECT id, state, reversals, credits, credited, reversed FROM x
     WHERE credits <> reversals + (CASE WHEN state = 'credited' THEN 1 ELSE 0 END)
        OR credited <> credits * amount_units
        OR reversed <> reversals * amount_units
     LIMIT ${limit}`.execute(exec);
  const orphans = await sql<{ id: string; ref: string | null }>`
    SELECT t.id, t.ref FROM ledger_transfers t
     WHERE t.code IN ('chain_deposit', 'chain_deposit_reversal')
       AND NOT EXISTS (SELECT 1 FROM chain_deposits d
                        WHERE (d.state = 'credited' OR d.reversals > 0)
                          AND t.ref = 'chain_deposit:' || CAST(d.id AS TEXT))
     LIMIT ${limit}`.execute(exec);
  return {
    checked: Number(checked.n),
    found: [
      ...bad.rows.map(
        (r) =>
          `chain deposit ${r.id} (${r.state}, ${r.reversals} reversals) has ${r.credits} credit transfers of ${r.credited} and reversals of ${r.reversed}`,
      ),
      ...orphans.rows.map((r) => `ledger transfer ${r.id} (${r.ref}) belongs to no credited chain deposit`),
    ],
  };
}

/** Audit: on-chain requests whose received amount is not the sum of their credited deposits. */
export async function findReceivedMismatches(
  exec: Exec,
  limit: number,
): Promise<{ checked: number; found: string[] }> {
  const checked = await exec
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<Count>().as('n'))
    .where('payment_mode', '=', 'onchain')
    .executeTakeFirstOrThrow();
  const bad = await sql<{ id: Count; received_units: Count; credited: Count }>`
    SELECT p.id, p.received_units, COALESCE(s.total, 0) + ${INVOICE_RECEIPT} AS credited
      FROM payments p
      LEFT JOIN (SELECT payment_id, CAST(SUM(amount_units) AS BIGINT) AS total
                   FROM chain_deposits WHERE state = 'credited' GROUP BY payment_id) s
        ON s.payment_id = p.id
     WHERE p.payment_mode = 'onchain' AND p.received_units <> COALESCE(s.total, 0) + ${INVOICE_RECEIPT}
     LIMIT ${limit}`.execute(exec);
  return {
    checked: Number(checked.n),
    found: bad.rows.map(
      (r) =>
        `on-chain request ${r.id} has received_units ${r.received_units} but its credited deposits (and its invoice's payment) sum to ${r.credited}`,
    ),
  };
}

/**
 * Audit: an on-chain request's exception agrees with its status and received amount (migration 028):
 * `paid_late` is paid and covered, `paid_over` is paid with more than the amount, `paid_partial` is
 * declined with part of it (or with any amount once refunded: a refunded request is closed); an
 * exception on anything but an on-chain request is wrong too.
 */
export async function findExceptionMismatches(
  exec: Exec,
  limit: number,
): Promise<{ checked: number; found: string[] }> {
  const checked = await exec
    .selectFrom('payments')
    .select((eb) => eb.fn.countAll<Count>().as('n'))
    .where('exception', 'is not', null)
    .executeTakeFirstOrThrow();
  const bad = await sql<{
    id: Count;
    status: string;
    exception: string;
    received_units: Count;
    amount_units: Count;
  }>`
    SELECT id, status, exception, received_units, amount_units
      FROM payments
     WHERE exception IS NOT NULL
       AND NOT (payment_mode = 'onchain' AND (
             (exception = 'paid_late' AND status = 'paid' AND received_units >= amount_units)
          OR (exception = 'paid_over' AND status = 'paid' AND received_units > amount_units)
          OR (exception = 'paid_partial' AND status = 'declined' AND received_units > 0
              AND (received_units < amount_units
                   -- refunded, the request is closed: what arrives after leaves it declined
                   OR EXISTS (SELECT 1 FROM voucher_batches b WHERE b.refund_of_payment_id = payments.id)))))
     LIMIT ${limit}`.execute(exec);
  return {
    checked: Number(checked.n),
    found: bad.rows.map(
      (r) =>
        `request ${r.id} is ${r.status} with exception ${r.exception} but received ${r.received_units} of ${r.amount_units}`,
    ),
  };
}

/**
 * Audit: one chain transfer credited more than once. `identity`: two credited deposits with the same
 * (network, transaction hash, output or log position); the unique key already holds for the exact
 * text, so this catches what it cannot: hashes that differ only in case (an adapter that did not
 * lower-case). `evmSuspects`: on EVM networks, two credited deposits of one transaction to one address
 * of one amount.
 */
export async function findDoubleCredits(
  exec: Exec,
  limit: number,
): Promise<{ checked: number; evmChecked: number; identity: string[]; evmSuspects: string[] }> {
  const counts = await sql<{ n: Count; evm: Count }>`
    SELECT COUNT(*) AS n, COALESCE(SUM(CASE WHEN network <> 'BTC' THEN 1 ELSE 0 END), 0) AS evm
      FROM chain_deposits WHERE state = 'credited'`.execute(exec);
  const identity = await sql<{ network: string; tx: string; output_index: Count; n: Count }>`
    SELECT network, LOWER(tx_hash) AS tx, output_index, COUNT(*) AS n
      FROM chain_deposits WHERE state = 'credited'
     GROUP BY network, LOWER(tx_hash), output_index
    HAVING COUNT(*) > 1
     LIMIT ${limit}`.execute(exec);
  const evm = await sql<{ network: string; tx: string; address: string; amount_raw: string; n: Count }>`
    SELECT network, LOWER(tx_hash) AS tx, LOWER(address) AS address, amount_raw, COUNT(*) AS n
      FROM chain_deposits WHERE state = 'credited' AND network <> 'BTC'
     GROUP BY network, LOWER(tx_hash), LOWER(address), amount_raw
    HAVING COUNT(*) > 1
     LIMIT ${limit}`.execute(exec);
  const row = counts.rows[0];
  return {
    checked: Number(row?.n ?? 0),
    evmChecked: Number(row?.evm ?? 0),
    identity: identity.rows.map(
      (r) => `${r.network} transfer ${r.tx}:${r.output_index} is credited ${r.n} times`,
    ),
    evmSuspects: evm.rows.map(
      (r) =>
        `${r.network} transaction ${r.tx} has ${r.n} credited deposits of ${r.amount_raw} to ${r.address}: suspected double credit of one transfer`,
    ),
  };
}

/** Audit: credits reversed so far (the sum of `reversals`). */
export async function countReversals(exec: Exec): Promise<number> {
  const r = await sql<{ n: Count | null }>`SELECT SUM(reversals) AS n FROM chain_deposits`.execute(exec);
  return Number(r.rows[0]?.n ?? 0);
}
