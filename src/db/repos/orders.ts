import { type Kysely, type Selectable, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import type { DB, OrdersTable } from '../schema.ts';

/** Query module of spot orders. Functions taking `trx` run inside the caller's write unit. */

type Exec = Kysely<DB>;
export type OrderRow = Selectable<OrdersTable>;

/**
 * Inserts an order. With a client_order_id, an order of the same (account, id) inserted first, even
 * concurrently, makes this a no-op answered false: the caller replays the winner.
 */
export async function insertOrder(trx: Exec, row: OrderRow): Promise<boolean> {
  if (row.client_order_id === null) {
    await trx.insertInto('orders').values(row).execute();
    return true;
  }
  const r = await trx
    .insertInto('orders')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'client_order_id'])
        .where(sql.ref('client_order_id'), 'is not', null)
        .doNothing(),
    )
    .executeTakeFirst();
  return r.numInsertedOrUpdatedRows === 1n;
}

export const findOrder = (exec: Exec, id: string): Promise<OrderRow | undefined> =>
  exec.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();

/** The account's order with that client_order_id (at most one: unique index). */
export const findOrderByClientId = (
  exec: Exec,
  accountId: bigint,
  clientOrderId: string,
): Promise<OrderRow | undefined> =>
  exec
    .selectFrom('orders')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('client_order_id', '=', clientOrderId)
    .executeTakeFirst();

/** The account's orders, newest first, optionally of one status. */
export const listOrders = (
  exec: Exec,
  accountId: bigint,
  status: OrdersTable['status'] | null,
  limit: number,
): Promise<OrderRow[]> => {
  let q = exec.selectFrom('orders').selectAll().where('account_id', '=', accountId);
  if (status !== null) q = q.where('status', '=', status);
  return q.orderBy('created_at_ms', 'desc').orderBy('id', 'desc').limit(limit).execute();
};

/** Class key of the PostgreSQL advisory locks on one account's resting-order placements (two-key space). */
const ACCOUNT_ORDERS_LOCK = 1_701_700_017;

/**
 * Makes the account's resting-order placements take turns until the unit ends, so a count of its open
 * orders inside the unit sees every one placed before (orders on pairs that share no ledger account
 * lock no common row). Taken first in the unit, before any row lock. SQLite: one writer, nothing to do.
 */
export async function lockAccountOrders(trx: Exec, accountId: bigint): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(${ACCOUNT_ORDERS_LOCK}, cast(${accountId} % 2147483647 as integer))`.execute(
    trx,
  );
}

/** How many resting orders the account has. */
export async function countOpenOrders(exec: Exec, accountId: bigint): Promise<number> {
  const r = await exec
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('account_id', '=', accountId)
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Resting orders of a pair the market has crossed: buys limited at or above the ask, sells at or below
 * the bid, oldest first. Orders of a disabled account are left out: they wait, open, until it is
 * enabled, and take no room in the round meanwhile.
 */
export const crossedOrders = (
  exec: Exec,
  q: { asset: string; quote: string; askE8: bigint; bidE8: bigint; limit: number },
): Promise<OrderRow[]> =>
  exec
    .selectFrom('orders')
    .innerJoin('accounts', 'accounts.id', 'orders.account_id')
    .selectAll('orders')
    .where('orders.status', '=', 'open')
    .where('orders.asset', '=', q.asset)
    .where('orders.quote', '=', q.quote)
    .where((eb) =>
      eb.or([
        eb.and([eb('orders.side', '=', 'buy'), eb('orders.price_e8', '>=', q.askE8)]),
        eb.and([eb('orders.side', '=', 'sell'), eb('orders.price_e8', '<=', q.bidE8)]),
      ]),
    )
    .where('accounts.disabled_at_ms', 'is', null)
    .orderBy('orders.created_at_ms')
    .orderBy('orders.id')
    .limit(q.limit)
    .execute();

/**
 * open → filled with its settlement, unless its account is disabled (an account disabled after the
 * order was picked for a round keeps it open); true when this call made the change (exactly one row).
 */
export async function markFilled(
  trx: Exec,
  id: string,
  f: {
    executedPriceE8: bigint;
    feeUnits: bigint;
    receivedUnits: bigint;
    paidUnits: bigint;
    emailStatus: OrdersTable['email_status'];
    nowMs: number;
  },
): Promise<boolean> {
  const r = await trx
    .updateTable('orders')
    .set({
      status: 'filled',
      executed_price_e8: f.executedPriceE8,
      fee_units: f.feeUnits,
      received_units: f.receivedUnits,
      paid_units: f.paidUnits,
      email_status: f.emailStatus,
      executed_at_ms: BigInt(f.nowMs),
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .where(({ exists, not, selectFrom }) =>
      not(
        exists(
          selectFrom('accounts')
            .select('accounts.id')
            .whereRef('accounts.id', '=', 'orders.account_id')
            .where('accounts.disabled_at_ms', 'is not', null),
        ),
      ),
    )
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** open → cancelled; true when this call made the change. */
export async function markCancelled(trx: Exec, id: string, nowMs: number): Promise<boolean> {
  const r = await trx
    .updateTable('orders')
    .set({
      status: 'cancelled',
      revoked_at_ms: BigInt(nowMs),
      // A receipt is sent on execution only: a cancelled order never gets one.
      email_status: 'undefined',
    })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

export async function setOrderEmailStatus(
  trx: Exec,
  id: string,
  status: OrdersTable['email_status'],
): Promise<void> {
  await trx.updateTable('orders').set({ email_status: status }).where('id', '=', id).execute();
}

/**
 * Orders whose ledger transfers do not add up to what the row says (for `paytag audit`): what each
 * order's transfers moved per code, for the orders that have any, in pages.
 */
export const transfersOfOrders = (
  exec: Exec,
  ids: readonly string[],
): Promise<Array<{ ref: string | null; code: string; asset: string; flags: bigint; total: bigint }>> =>
  ids.length === 0
    ? Promise.resolve([])
    : exec
        .selectFrom('ledger_transfers')
        .select(['ref', 'code', 'asset', 'flags', (eb) => eb.fn.sum<bigint>('amount').as('total')])
        .where(
          'ref',
          'in',
          ids.map((id) => `order:${id}`),
        )
        .groupBy(['ref', 'code', 'asset', 'flags'])
        .execute();

/** A page of orders by id, for the audit. */
export const orderPage = (exec: Exec, afterId: string, limit: number): Promise<OrderRow[]> =>
  exec.selectFrom('orders').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute();

/** Each ledger account of the owner: its available balance and what resting orders and payments reserve. */
export async function balancesWithReserved(
  exec: Exec,
  ownerId: bigint,
): Promise<Array<{ asset: string; available: bigint; reserved: bigint }>> {
  const rows = await exec
    .selectFrom('ledger_accounts')
    .select(['asset', 'credits_posted', 'debits_posted', 'debits_pending'])
    .where('owner_account_id', '=', ownerId)
    .orderBy('asset')
    .execute();
  return rows.map((r) => ({
    asset: r.asset,
    available: r.credits_posted - r.debits_posted - r.debits_pending,
    reserved: r.debits_pending,
  }));
}
