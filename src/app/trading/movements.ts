import type { Kysely } from 'kysely';
import {
  type AccountRef,
  createTransfer,
  lockAccountsInOrder,
  resolvePending,
  type TransferInput,
} from '../../db/repos/ledger.ts';
import type { OrderRow } from '../../db/repos/orders.ts';
import type { DB } from '../../db/schema.ts';
import type { Asset } from '../../domain/money.ts';
import type { OrderTotals } from '../../domain/trading.ts';

/**
 * The ledger side of spot orders. Every order settles against the `trade_treasury` system account of
 * each asset, in the order's own write unit:
 *   pay      the account → treasury: the quote (buy) or the asset (sell); a resting order's reservation
 *            (`order:<id>:reserve`, pending) is posted instead (`order:<id>:pay`);
 *   deliver  treasury → the account: the asset less the fee (buy) or the proceeds in the quote (sell);
 *   fee      treasury → service_fees: the fee, in the asset.
 * Transfer ids derive from the order id, so no order can move money twice.
 */

const treasury: AccountRef = { system: 'trade_treasury' };
const fees: AccountRef = { system: 'service_fees' };

/** The asset the account pays in: the quote for a buy, the asset for a sell. */
export const paidAsset = (o: Pick<OrderRow, 'side' | 'asset' | 'quote'>): Asset =>
  (o.side === 'buy' ? o.quote : o.asset) as Asset;
/** The asset the account receives. */
export const receivedAsset = (o: Pick<OrderRow, 'side' | 'asset' | 'quote'>): Asset =>
  (o.side === 'buy' ? o.asset : o.quote) as Asset;

/**
 * Locks every ledger account an order may move (PostgreSQL), the traded asset's first and then the
 * quote's: every trade takes them in this order, so two trades never wait on each other crosswise.
 */
export async function lockOrderAccounts(
  trx: Kysely<DB>,
  o: Pick<OrderRow, 'account_id' | 'asset' | 'quote'>,
): Promise<void> {
  const owner: AccountRef = { owner: o.account_id };
  await lockAccountsInOrder(trx, [owner, treasury, fees], o.asset as Asset);
  await lockAccountsInOrder(trx, [owner, treasury], o.quote as Asset);
}

const reserveId = (orderId: string) => `order:${orderId}:reserve`;

/** Reserves what a resting order will pay (a pending transfer); insufficient_balance aborts the unit. */
export async function reserveOrder(trx: Kysely<DB>, o: OrderRow, nowMs: number): Promise<void> {
  await createTransfer(
    trx,
    {
      id: reserveId(o.id),
      debit: { owner: o.account_id },
      credit: treasury,
      asset: paidAsset(o),
      amount: o.reserved_units,
      code: 'trade_reserve',
      ref: `order:${o.id}`,
      pending: true,
    },
    nowMs,
  );
}

/** Releases a cancelled order's reservation in full. */
export async function releaseOrder(trx: Kysely<DB>, o: OrderRow, nowMs: number): Promise<void> {
  if (o.reserved_units === 0n) return;
  await resolvePending(
    trx,
    { id: `order:${o.id}:release`, pendingId: reserveId(o.id), action: 'void', code: 'trade_release' },
    nowMs,
  );
}

/**
 * Settles an executed order: the payment (posted, or the reservation posted for `paid`, the rest of it
 * released), the delivery and the fee. A payment the balance cannot cover aborts the unit.
 */
export async function settleOrder(
  trx: Kysely<DB>,
  o: OrderRow,
  totals: OrderTotals,
  nowMs: number,
): Promise<void> {
  const ref = `order:${o.id}`;
  const owner: AccountRef = { owner: o.account_id };
  if (o.reserved_units > 0n) {
    await resolvePending(
      trx,
      {
        id: `order:${o.id}:pay`,
        pendingId: reserveId(o.id),
        action: 'post',
        amount: totals.paidUnits,
        code: 'trade_pay',
      },
      nowMs,
    );
  } else {
    await createTransfer(
      trx,
      {
        id: `order:${o.id}:pay`,
        debit: owner,
        credit: treasury,
        asset: paidAsset(o),
        amount: totals.paidUnits,
        code: 'trade_pay',
        ref,
      },
      nowMs,
    );
  }
  const legs: TransferInput[] = [];
  if (totals.receivedUnits > 0n) {
    legs.push({
      id: `order:${o.id}:deliver`,
      debit: treasury,
      credit: owner,
      asset: receivedAsset(o),
      amount: totals.receivedUnits,
      code: 'trade_deliver',
      ref,
    });
  }
  if (totals.feeUnits > 0n) {
    legs.push({
      id: `order:${o.id}:fee`,
      debit: treasury,
      credit: fees,
      asset: o.asset as Asset,
      amount: totals.feeUnits,
      code: 'trade_fee',
      ref,
    });
  }
  for (const t of legs) await createTransfer(trx, t, nowMs);
}
