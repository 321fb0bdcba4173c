import {
  type ExpressionBuilder,
  type Insertable,
  type Kysely,
  type Selectable,
  sql,
  type Updateable,
} from 'kysely';
import type { PaymentDirection, Wallet } from '../../domain/payments/vocabulary.ts';
import { deferralOf, type SetInsert } from '../deferred.ts';
import { isPostgres } from '../dialect.ts';
import { type Prepared, prepare } from '../prepared.ts';
import type { DB, PaymentStatus, PaymentsTable } from '../schema.ts';
import { type SystemAccount, systemAccountTotals } from './ledger.ts';

/** Query module of the `payments` table. Functions taking `trx` run inside the caller's write unit. */

type Exec = Kysely<DB>;
export type PaymentRow = Selectable<PaymentsTable>;

// Literals (not parameters) where a partial index must be recognised by the planner.
const IN = sql.lit<'in'>('in');
const OUT = sql.lit<'out'>('out');
const PENDING = sql.lit<'pending'>('pending');

/** Every column, in one order, so the insert statements are built once (see prepared.ts). */
export const COLUMNS = [
  'id',
  'public_id',
  'account_id',
  'requester_account_id',
  'direction',
  'route',
  'amount_msat',
  'status',
  'payment_hash',
  'payreq',
  'invoice_type',
  'invoice_expires_at_ms',
  'counterpart_id',
  'receiver_usertag',
  'description',
  'callback_url',
  'callback_status',
  'success_url',
  'hosted_checkout_expiry_ms',
  'customer_name',
  'order_id',
  'fiat_currency',
  'fiat_value',
  'fiat_rate_e8',
  'fiat_rate_pair',
  'fiat_rate_sources',
  'fiat_rate_at_ms',
  'extra',
  'network_fee_msat',
  'fee_reserve_msat',
  'service_fee_msat',
  'service_fee_ppm',
  'gst_fee_msat',
  'preimage',
  'failure_reason',
  'idempotency_key',
  'request_hash',
  'created_at_ms',
  'paid_at_ms',
  'updated_at_ms',
  'purpose',
  'voucher_id',
  'second_payment_of',
  'recheck_at_ms',
  'wallet',
  'payment_mode',
  'chain_network',
  'chain_address',
  'amount_units',
  'received_units',
  'status_payer',
  'status_payee',
  'transaction_hash',
  'exception',
] as const satisfies ReadonlyArray<keyof PaymentsTable>;

type Column = (typeof COLUMNS)[number];
type PaymentParams = Record<Column, unknown>;

const valuesOf = (p: (name: Column) => unknown) =>
  Object.fromEntries(COLUMNS.map((c) => [c, p(c)])) as unknown as Insertable<PaymentsTable>;

const insertRow = prepare<PaymentParams, never>((db, p) => db.insertInto('payments').values(valuesOf(p)));
const insertRowUnlessKeyUsed = prepare<PaymentParams, never>((db, p) =>
  db
    .insertInto('payments')
    .values(valuesOf(p))
    .onConflict((oc) =>
      oc
        .columns(['requester_account_id', 'idempotency_key'])
        .where(sql.ref('idempotency_key'), 'is not', null)
        .doNothing(),
    ),
);

/**
 * Inserts a payment. With an idempotency key, a concurrent insert of the same (requester, key) makes this
 * one a no-op: answered false, and the caller replays the winner.
 */
export async function insertPayment(trx: Exec, row: PaymentRow): Promise<boolean> {
  // The row is the parameters: each column is bound from its own property.
  if (row.idempotency_key == null) {
    await insertRow.run(trx, row);
    return true;
  }
  const r = await insertRowUnlessKeyUsed.run(trx, row);
  return r.numAffectedRows === 1n;
}

/**
 * PostgreSQL: any number of payment rows in one statement, from one JSON parameter (one statement text
 * whatever the count, so it is prepared once). A row whose (requester, Idempotency-Key) is taken, by an
 * earlier row or one of the same statement, is skipped, and so is an incoming row of a disabled
 * account; any other unique violation fails the statement, as insertPayment's does. Answers the ids
 * inserted.
 */
const insertRowsFromJson = prepare<{ rows: string }, { id: bigint }>((db, p) => {
  const columns = sql.join(COLUMNS.map((c) => sql.ref(c)));
  const fromRows = sql.join(COLUMNS.map((c) => sql.ref(`r.${c}`)));
  const raw = sql<{ id: bigint }>`INSERT INTO payments (${columns})
    SELECT ${fromRows} FROM json_populate_recordset(CAST(NULL AS payments), CAST(${p('rows')} AS json)) AS r
    WHERE r.direction <> 'in'
      OR NOT EXISTS (SELECT 1 FROM accounts a WHERE a.id = r.account_id AND a.disabled_at_ms IS NOT NULL)
    ON CONFLICT (requester_account_id, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
    RETURNING id`;
  return { compile: () => raw.compile(db) };
});

// A JSON string is read by the column type's own input function: bigints travel exactly as text.
export const bigintAsText = (_key: string, v: unknown): unknown => (typeof v === 'bigint' ? v.toString() : v);

const insertRowsPostgres: SetInsert<PaymentRow> = async (exec, rows) => {
  const inserted = await insertRowsFromJson.all(exec, { rows: JSON.stringify(rows, bigintAsText) });
  const ids = new Set(inserted.map((r) => BigInt(r.id)));
  return rows.map((r) => ids.has(r.id));
};

const disabledAt = prepare<{ id: bigint }, { d: bigint | null }>((db, p) =>
  db.selectFrom('accounts').select('disabled_at_ms as d').where('id', '=', p('id')),
);

/**
 * Inserts payments as insertPayment would one after the other, answering for each whether it was
 * inserted (false: a concurrent request with its Idempotency-Key inserted first, or an incoming row of
 * an account that is disabled: a disabled account takes no payments, decided as the row is written).
 * On PostgreSQL one statement; in a unit whose batch defers its inserts (db/deferred.ts) none at all: the batch writes
 * them with its other units' rows before it commits, and a row it cannot insert fails the unit there,
 * which then runs again alone and meets the conflict here. Only for rows the unit does not read back.
 */
export async function insertPayments(trx: Exec, rows: readonly PaymentRow[]): Promise<boolean[]> {
  if (!isPostgres(trx)) {
    const out: boolean[] = [];
    for (const r of rows) {
      const refused = r.direction === 'in' && (await disabledAt.first(trx, { id: r.account_id }))?.d != null;
      out.push(!refused && (await insertPayment(trx, r)));
    }
    return out;
  }
  const deferral = deferralOf(trx);
  if (deferral === undefined) return insertRowsPostgres(trx, rows);
  deferral.defer(insertRowsPostgres, rows);
  return rows.map(() => true);
}

export const findPaymentById = (exec: Exec, id: bigint): Promise<PaymentRow | undefined> =>
  exec.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();

const byPublicId = prepare<{ publicId: string }, PaymentRow>((db, p) =>
  db.selectFrom('payments').selectAll().where('public_id', '=', p('publicId')),
);

export const findPaymentByPublicId = (exec: Exec, publicId: string): Promise<PaymentRow | undefined> =>
  byPublicId.first(exec, { publicId });

const incomingByHash = prepare<{ hash: string }, PaymentRow>((db, p) =>
  db.selectFrom('payments').selectAll().where('direction', '=', IN).where('payment_hash', '=', p('hash')),
);

/** The invoice of this service with that payment hash (at most one: unique index). */
export const findIncomingByHash = (exec: Exec, paymentHash: string): Promise<PaymentRow | undefined> =>
  incomingByHash.first(exec, { hash: paymentHash });

/** The payments of those tids that belong to the account (as payer or requester), in one read. */
export const findOwnPaymentsByPublicIds = (
  exec: Exec,
  accountId: bigint,
  publicIds: readonly string[],
): Promise<PaymentRow[]> =>
  exec
    .selectFrom('payments')
    .selectAll()
    .where('public_id', 'in', publicIds)
    .where((eb) => eb.or([eb('account_id', '=', accountId), eb('requester_account_id', '=', accountId)]))
    .execute();

/**
 * A paid on-chain request whose credit was reversed goes back to `pending` (a paid row only, so a
 * concurrent change is not undone).
 */
export async function reopenPaidRequest(trx: Exec, id: bigint, nowMs: number): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ status: 'pending', paid_at_ms: null, updated_at_ms: nowMs })
    .where('id', '=', id)
    .where('status', '=', 'paid')
    .execute();
}

/** An outgoing payment of that hash that is paid or still under way (a second one would pay twice). */
export const findLiveOutgoingByHash = (exec: Exec, paymentHash: string): Promise<PaymentRow | undefined> =>
  exec
    .selectFrom('payments')
    .selectAll()
    .where('direction', '=', OUT)
    .where('payment_hash', '=', paymentHash)
    .where('status', 'in', ['pending', 'paid'])
    .executeTakeFirst();

export const findByIdempotencyKey = (
  exec: Exec,
  requesterAccountId: bigint,
  key: string,
): Promise<PaymentRow | undefined> =>
  exec
    .selectFrom('payments')
    .selectAll()
    .where('requester_account_id', '=', requesterAccountId)
    .where('idempotency_key', '=', key)
    .executeTakeFirst();

/** Rows a history shows: all but the unpaid invoices of Lightning-address callbacks. */
export const shownInHistory = (eb: ExpressionBuilder<DB, 'payments'>) =>
  eb.or([
    // Without it a row with no invoice (a usdt request) would compare to NULL and drop out.
    eb('invoice_type', 'is', null),
    eb.not(
      eb.and([
        eb('direction', '=', IN),
        eb('invoice_type', '=', sql.lit<'lnurl'>('lnurl')),
        eb('status', '!=', sql.lit<'paid'>('paid')),
      ]),
    ),
  ]);

/**
 * The account's payments, newest first: served by the (account_id, created_at_ms desc, id desc) index.
 * An invoice a Lightning-address callback issued (anyone may ask for one, without a key) is shown only
 * once it is paid, so unpaid ones cannot push the account's real payments out of a page.
 */
const history = prepare<{ accountId: bigint; limit: number }, PaymentRow>((db, p) =>
  db
    .selectFrom('payments')
    .selectAll()
    .where('account_id', '=', p('accountId'))
    .where(shownInHistory)
    .orderBy('created_at_ms', 'desc')
    .orderBy('id', 'desc')
    .limit(p('limit')),
);

export const listHistory = (exec: Exec, accountId: bigint, limit: number): Promise<PaymentRow[]> =>
  history.all(exec, { accountId, limit });

/** The history statement of each column list (few: one per kind of record), built on first use. */
const historyOfColumns = new Map<string, Prepared<{ accountId: bigint; limit: number }, unknown>>();

/**
 * As listHistory, reading only `columns` (what the caller's record shows): SQLite hands each value of
 * a row to JavaScript one at a time, so a page of 100 rows of every column costs about half again as
 * much as one of the 30 a standard record needs. The rows are the same, in the same order.
 */
export function listHistoryColumns<C extends keyof PaymentRow>(
  exec: Exec,
  accountId: bigint,
  limit: number,
  columns: readonly C[],
): Promise<Array<Pick<PaymentRow, C>>> {
  const key = columns.join(',');
  let q = historyOfColumns.get(key);
  if (q === undefined) {
    q = prepare<{ accountId: bigint; limit: number }, unknown>((db, p) =>
      db
        .selectFrom('payments')
        .select([...columns] as Array<keyof PaymentRow>)
        .where('account_id', '=', p('accountId'))
        .where(shownInHistory)
        .orderBy('created_at_ms', 'desc')
        .orderBy('id', 'desc')
        .limit(p('limit')),
    );
    historyOfColumns.set(key, q);
  }
  return q.all(exec, { accountId, limit }) as Promise<Array<Pick<PaymentRow, C>>>;
}

/**
 * Moves a payment from one of `from` to `to` with the given changes. True when it touched the row: a
 * conditional update is how two racing settlements agree on one winner.
 */
export async function transitionPayment(
  trx: Exec,
  id: bigint,
  from: readonly PaymentStatus[],
  changes: Updateable<PaymentsTable> & { status: PaymentStatus; updated_at_ms: number },
): Promise<boolean> {
  const r = await trx
    .updateTable('payments')
    .set(changes)
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/**
 * A btc on-chain request paid through its invoice (the unified QR's Lightning part, from another node or
 * inside the ledger; its route says which): what the invoice brought counts in `received_units` beside
 * the deposits, and a request that had received part on chain before is paid over (`paid_over`, when it
 * had no exception). Other rows are left as they are. (`paytag audit` checks received_units against the
 * credited deposits plus this; migration 030 counted it for the requests paid so before.)
 */
export async function addInvoiceReceiptToRequest(
  trx: Exec,
  id: bigint,
  amountMsat: bigint,
  nowMs: number,
): Promise<void> {
  await trx
    .updateTable('payments')
    .set({
      received_units: sql`received_units + ${amountMsat}`,
      exception: sql`CASE WHEN exception IS NULL AND received_units + ${amountMsat} > amount_units
                          THEN 'paid_over' ELSE exception END`,
      updated_at_ms: nowMs,
    })
    .where('id', '=', id)
    .where('wallet', '=', 'btc')
    .where('payment_mode', '=', 'onchain')
    .execute();
}

/** Declines the given invoices that are still pending; answers how many it declined. */
export async function declineInvoices(trx: Exec, ids: bigint[], nowMs: number): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await trx
    .updateTable('payments')
    .set({ status: 'declined', failure_reason: 'expired', updated_at_ms: nowMs })
    .where('id', 'in', ids)
    .where('status', '=', PENDING)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Of these requests just declined at their expiry, the on-chain ones with part of their amount received:
 * their exception becomes `paid_partial` (once: only where it is still null); answers those rows.
 */
export async function markPartialDeclines(
  trx: Exec,
  ids: readonly bigint[],
  nowMs: number,
): Promise<PaymentRow[]> {
  if (ids.length === 0) return [];
  return trx
    .updateTable('payments')
    .set({ exception: 'paid_partial', updated_at_ms: nowMs })
    .where('id', 'in', [...ids])
    .where('status', '=', 'declined')
    .where('payment_mode', '=', 'onchain')
    .where('exception', 'is', null)
    .where('received_units', '>', 0n)
    .whereRef('received_units', '<', 'amount_units')
    .returningAll()
    .execute();
}

export async function setCallbackStatus(exec: Exec, id: bigint, status: number): Promise<void> {
  await exec.updateTable('payments').set({ callback_status: status }).where('id', '=', id).execute();
}

/**
 * Inserts the row that books a payment the node accepted for invoice `row.second_payment_of` without it
 * paying that invoice (a second or a short payment). At most one per invoice: answers false, inserting
 * nothing, when it is booked already.
 */
export async function insertSecondPayment(trx: Exec, row: PaymentRow): Promise<boolean> {
  if (row.second_payment_of === null) throw new Error('insertSecondPayment: second_payment_of is required');
  const r = await trx
    .insertInto('payments')
    .values(valuesOf((c) => row[c]))
    .onConflict((oc) =>
      oc.column('second_payment_of').where(sql.ref('second_payment_of'), 'is not', null).doNothing(),
    )
    .executeTakeFirst();
  return r.numInsertedOrUpdatedRows === 1n;
}

/** The row booking a second or short payment of invoice `invoiceId`, if any. */
export const findSecondPayment = (exec: Exec, invoiceId: bigint): Promise<PaymentRow | undefined> =>
  exec.selectFrom('payments').selectAll().where('second_payment_of', '=', invoiceId).executeTakeFirst();

/** Notes why a still unpaid invoice's settlement was not booked as its payment (its row stays as it is). */
export async function markSettlementProblem(
  trx: Exec,
  id: bigint,
  reason: string,
  nowMs: number,
): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ failure_reason: reason, updated_at_ms: nowMs })
    .where('id', '=', id)
    .where('status', '<>', 'paid')
    .execute();
}

/** A position in a sweeper's walk: rows after (atMs, id) in that order. */
export interface SweepAfter {
  atMs: bigint;
  id: bigint;
}

/**
 * Incoming invoices still pending at `nowMs` past their expiry, by (expiry, id), after `after` when
 * given: a sweeper walks them all in rounds of `limit`.
 */
export const listExpiredInvoicesAfter = (
  exec: Exec,
  nowMs: number,
  after: SweepAfter | null,
  limit: number,
): Promise<Array<{ id: bigint; payment_hash: string | null; invoice_expires_at_ms: bigint | null }>> => {
  let q = exec
    .selectFrom('payments')
    .select(['id', 'payment_hash', 'invoice_expires_at_ms'])
    .where('status', '=', PENDING)
    .where('direction', '=', IN)
    .where('invoice_expires_at_ms', '<=', BigInt(nowMs));
  if (after !== null) {
    q = q.where((eb) =>
      eb.or([
        eb('invoice_expires_at_ms', '>', after.atMs),
        eb.and([eb('invoice_expires_at_ms', '=', after.atMs), eb('id', '>', after.id)]),
      ]),
    );
  }
  return q.orderBy('invoice_expires_at_ms').orderBy('id').limit(limit).execute();
};

/**
 * Outgoing Lightning payments whose outcome is still unknown, created before `createdBeforeMs`, by
 * (created_at_ms, id), after `after` when given: the reconciler walks them all in rounds of `limit`.
 */
export const listPendingOutgoingAfter = (
  exec: Exec,
  createdBeforeMs: number,
  after: SweepAfter | null,
  limit: number,
): Promise<PaymentRow[]> => {
  let q = exec
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', PENDING)
    .where('direction', '=', OUT)
    .where('route', '=', 'lightning')
    .where('created_at_ms', '<', BigInt(createdBeforeMs));
  if (after !== null) {
    q = q.where((eb) =>
      eb.or([
        eb('created_at_ms', '>', after.atMs),
        eb.and([eb('created_at_ms', '=', after.atMs), eb('id', '>', after.id)]),
      ]),
    );
  }
  return q.orderBy('created_at_ms').orderBy('id').limit(limit).execute();
};

/** Declined outgoing payments due to be asked about once more (recheck_at_ms reached), oldest first. */
export const listDueRechecks = (exec: Exec, nowMs: number, limit: number): Promise<PaymentRow[]> =>
  exec
    .selectFrom('payments')
    .selectAll()
    .where('recheck_at_ms', '<=', BigInt(nowMs))
    .where('status', '=', 'declined')
    .orderBy('recheck_at_ms')
    .limit(limit)
    .execute();

/** Sets (or, with null, clears) when a declined payment is asked about again. */
export async function setRecheckAt(trx: Exec, id: bigint, atMs: number | null): Promise<void> {
  await trx.updateTable('payments').set({ recheck_at_ms: atMs }).where('id', '=', id).execute();
}

/**
 * A system account's posted columns for an asset, summed over its stripes (the audit compares
 * lightning_node with the node).
 */
export const systemAccountPosted = (
  exec: Exec,
  code: SystemAccount,
  asset: string,
): Promise<{ debits_posted: bigint; credits_posted: bigint }> => systemAccountTotals(exec, code, asset);

/** The payee's status of a payment (pro variant), by the account it belongs to only; it changes nothing else. */
export async function setStatusPayee(
  trx: Exec,
  id: bigint,
  accountId: bigint,
  status: PaymentStatus,
  nowMs: number,
): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ status_payee: status, updated_at_ms: nowMs })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .execute();
}

/** The payer's claim from the hosted checkout (pro variant): a transaction hash and `status_payer`. */
export async function setPayerClaim(
  trx: Exec,
  id: bigint,
  claim: { transactionHash: string | null; statusPayer: PaymentStatus },
  nowMs: number,
): Promise<void> {
  await trx
    .updateTable('payments')
    .set({ transaction_hash: claim.transactionHash, status_payer: claim.statusPayer, updated_at_ms: nowMs })
    .where('id', '=', id)
    .execute();
}

/**
 * The account's payments of one wallet (pro history; the LNbits wallet API's list), newest first, after
 * skipping `offset` (the caller bounds it: the rows skipped are still read).
 */
export const listHistoryOfWallet = (
  exec: Exec,
  accountId: bigint,
  wallet: Wallet,
  limit: number,
  offset = 0,
): Promise<PaymentRow[]> =>
  exec
    .selectFrom('payments')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('wallet', '=', wallet)
    // As listHistory: unpaid invoices of Lightning-address callbacks are not shown.
    .where(shownInHistory)
    .orderBy('created_at_ms', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();

/**
 * The account's Lightning payments (those with an invoice) of one direction and of the given statuses,
 * newest first, after skipping `offset` (LNDhub's gettxs and getuserinvoices): served by the
 * (account_id, direction, created_at_ms desc, id desc) index.
 */
export const listInvoicePaymentsOf = (
  exec: Exec,
  accountId: bigint,
  direction: PaymentDirection,
  statuses: readonly PaymentStatus[],
  page: { limit: number; offset: number },
): Promise<PaymentRow[]> =>
  exec
    .selectFrom('payments')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('direction', '=', direction)
    .where('payreq', 'is not', null)
    .where('status', 'in', [...statuses])
    .where(shownInHistory)
    .orderBy('created_at_ms', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();

/**
 * The account's payments (sent or received) of that payment hash, the newest first: an invoice paid by
 * another account of this service has a row on each side, and a declined attempt to pay may be followed
 * by another. Served by the two payment-hash indexes (partial, one per direction: each direction is
 * named as a literal so both planners can use them; `payment_hash = ?` alone would read every payment
 * of the account along payments_history). The rows of one hash are few: one invoice, and the attempts
 * to pay it.
 */
export const listAccountPaymentsByHash = (
  exec: Exec,
  accountId: bigint,
  paymentHash: string,
): Promise<PaymentRow[]> =>
  exec
    .selectFrom('payments')
    .selectAll()
    .where((eb) =>
      eb.or([
        eb.and([eb('direction', '=', IN), eb('payment_hash', '=', paymentHash)]),
        eb.and([eb('direction', '=', OUT), eb('payment_hash', '=', paymentHash)]),
      ]),
    )
    // Unary plus: a filter on the rows the hash indexes found, not a way in (without statistics SQLite
    // would otherwise walk the account's whole history along payments_history).
    .where(sql<bigint>`+${sql.ref('account_id')}`, '=', accountId)
    .orderBy('id', 'desc')
    .limit(8)
    .execute();

/** The newest outgoing payment of that hash, of any account (the attempt that counts is the latest). */
export const findLatestOutgoingByHash = (exec: Exec, paymentHash: string): Promise<PaymentRow | undefined> =>
  exec
    .selectFrom('payments')
    .selectAll()
    .where('direction', '=', OUT)
    .where('payment_hash', '=', paymentHash)
    .orderBy('id', 'desc')
    .executeTakeFirst();

/**
 * The account's newest open (pending) incoming payments of one wallet created at or after `sinceMs`, at
 * most `limit`: what a live stream watches when it starts. Served by payments_history_wallet (account_id,
 * wallet, created_at_ms desc, id desc), read from now back to `sinceMs` only: the caller bounds it by the
 * longest an invoice stays open, so the read never walks the account's older history.
 */
export const listOpenIncomingSince = (
  exec: Exec,
  accountId: bigint,
  wallet: Wallet,
  sinceMs: bigint,
  limit: number,
): Promise<PaymentRow[]> =>
  exec
    .selectFrom('payments')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('wallet', '=', wallet)
    .where('created_at_ms', '>=', sinceMs)
    .where('status', '=', PENDING)
    .where('direction', '=', IN)
    .orderBy('created_at_ms', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/**
 * The account's incoming payments of one wallet created at or after `sinceMs`, whatever their status:
 * what a live stream's round reads of the rows made since its last round. Served by
 * payments_history_wallet, read from now back to `sinceMs` only (the rows made in that time).
 */
export const listIncomingSince = (
  exec: Exec,
  accountId: bigint,
  wallet: Wallet,
  sinceMs: bigint,
): Promise<PaymentRow[]> =>
  exec
    .selectFrom('payments')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('wallet', '=', wallet)
    .where('created_at_ms', '>=', sinceMs)
    .where('direction', '=', IN)
    .orderBy('created_at_ms', 'desc')
    .orderBy('id', 'desc')
    .execute();

/** The account's own payments (it sent or received them) among those ids, in one read. */
export const findAccountPaymentsByIds = (
  exec: Exec,
  accountId: bigint,
  ids: readonly bigint[],
): Promise<PaymentRow[]> =>
  ids.length === 0
    ? Promise.resolve([])
    : exec
        .selectFrom('payments')
        .selectAll()
        .where('id', 'in', ids)
        .where('account_id', '=', accountId)
        .execute();

/** The greatest payment id in [from, to), or null: where a starting process continues its ids. */
export async function newestPaymentIdIn(exec: Exec, from: number, to: number): Promise<number | null> {
  // Read backwards from `to` on the primary key: one row, however many the day holds.
  const row = await exec
    .selectFrom('payments')
    .select('id')
    .where('id', '>=', BigInt(from))
    .where('id', '<', BigInt(to))
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row === undefined ? null : Number(row.id);
}
