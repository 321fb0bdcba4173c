import type { Kysely } from 'kysely';
import {
  countOpenOrders,
  findOrderByClientId,
  insertOrder,
  lockAccountOrders,
  type OrderRow,
  setOrderEmailStatus,
} from '../../db/repos/orders.ts';
import type { DB } from '../../db/schema.ts';
import { abort } from '../../domain/errors.ts';
import { formatAssetBalance } from '../../domain/money.ts';
import {
  crosses,
  executionPriceE8,
  formatE8,
  type Instrument,
  ORDER_ID_LENGTH,
  ORDER_PRICE_MAX_E8,
  onTick,
  symbolOf,
} from '../../domain/orders.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { type OrderTotals, orderTotals } from '../../domain/trading.ts';
import type { AppDeps } from '../deps.ts';
import { mailRefusal, mailRefusalIn } from '../mail/recipient-limit.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { replayOrConflict, requestHash } from '../payments/engine/idempotency.ts';
import { runWrite } from '../write.ts';
import type { PlaceOrderCommand } from './commands.ts';
import { findInstrument } from './instruments.ts';
import { lockOrderAccounts, reserveOrder, settleOrder } from './movements.ts';
import { orderReceiptEmail } from './order-email.ts';

/** Largest amount one ledger transfer may move (createTransfer's bound, below int64's). */
const MAX_LEG_UNITS = 9_000_000_000_000_000_000n;

/** The market's price for the instrument: the ask (buy) and the bid (sell), or why there is none. */
export function marketOf(
  deps: AppDeps,
  instrument: Instrument,
): Result<{ askE8: bigint; bidE8: bigint; feedE8: bigint }> {
  const p = deps.prices.current(instrument.pair);
  if (p === null) {
    return err(
      'price_unavailable',
      `no price for ${instrument.pair} yet; orders resume once one is published`,
    );
  }
  if (p.stale) {
    const age = Math.max(0, Math.floor((deps.clock.nowMs() - p.asOfMs) / 1000));
    return err(
      'price_stale',
      `the price of ${instrument.pair} is stale (its oldest quote is ${age} s old); orders are refused until it is fresh`,
    );
  }
  const spread = deps.config.trading.spreadPpm;
  const askE8 = executionPriceE8('buy', p.priceE8, spread, instrument.tickE8);
  const bidE8 = executionPriceE8('sell', p.priceE8, spread, instrument.tickE8);
  // A price of zero (a cross rate of tiny prices truncated) is no price, and one past what an order's
  // price may be cannot be booked: orders on the pair wait, as for a missing price.
  if (bidE8 <= 0n || askE8 > ORDER_PRICE_MAX_E8) {
    return err(
      'price_unavailable',
      `the price of ${instrument.pair} (${formatE8(p.priceE8)}) is outside what an order can take; orders resume once it is`,
    );
  }
  return ok({ feedE8: p.priceE8, askE8, bidE8 });
}

/** The instrument of the command's pair, open for orders, or why not. */
function tradableInstrument(deps: AppDeps, cmd: Pick<PlaceOrderCommand, 'asset' | 'quote'>) {
  const instrument = findInstrument(deps, cmd.asset, cmd.quote);
  const pair = `${symbolOf(cmd.asset)}-${symbolOf(cmd.quote)}`;
  if (instrument === undefined) {
    return err(
      'pair_unknown',
      `${pair} is not traded here; GET /trade/v1/instruments lists the pairs`,
      'asset',
    ) as Result<Instrument>;
  }
  if (!instrument.open) {
    return err('pair_closed', `${pair} is closed for new orders`, 'asset') as Result<Instrument>;
  }
  return ok(instrument);
}

/** Totals of the order at a price, refused when they cannot be settled (nothing received, or too large). */
function totalsAt(cmd: PlaceOrderCommand, i: Instrument, priceE8: bigint): Result<OrderTotals> {
  const t = orderTotals(cmd.side, cmd.asset, cmd.quote, cmd.amountUnits, priceE8, i.feePpm);
  if (t.receivedUnits <= 0n) {
    return err(
      'amount_below_minimum',
      `${formatAssetBalance(cmd.asset, cmd.amountUnits)} ${symbolOf(cmd.asset)} at ${formatE8(priceE8)} is too small to receive anything after the fee`,
      'amount',
    );
  }
  if (t.paidUnits > MAX_LEG_UNITS || t.receivedUnits > MAX_LEG_UNITS) {
    return err('amount_out_of_range', 'this order is larger than one ledger movement can hold', 'amount');
  }
  return ok(t);
}

/** The order an earlier request with this client_order_id placed, if the request is the same; else a conflict. */
function replay(earlier: OrderRow, hash: string): Result<OrderRow> {
  const same = replayOrConflict(earlier, hash, 'order');
  if (same.ok) return same;
  return err(
    'idempotency_conflict',
    'this client_order_id was already used for a different order; use a new client_order_id for a new order',
    'client_order_id',
  );
}

/**
 * Places a spot order for the account. A market order (and a limit order the market already crosses)
 * executes at once at the price book's price plus the spread (a sell: minus), rounded to the tick in
 * the house's favour; a limit order that does not cross rests, its funds reserved by a pending transfer,
 * until the matcher sees the price cross it (match-orders.ts). The order row, its ledger movements and
 * its receipt e-mail are one write unit: insufficient funds leave nothing behind. With a client_order_id
 * a retry of the same order answers the order as it stands and moves nothing again; the same id with
 * another order is a conflict.
 */
export async function placeOrder(
  deps: AppDeps,
  accountId: bigint,
  cmd: PlaceOrderCommand,
): Promise<Result<OrderRow>> {
  const { clientOrderId, ...asked } = cmd;
  // `extra` is fingerprinted as its value, not its text: objects with their keys in another order ask the same.
  const hash = requestHash('placeOrder', { ...asked, extra: JSON.parse(asked.extra) as unknown });
  if (clientOrderId !== null) {
    const earlier = await findOrderByClientId(deps.db.read, accountId, clientOrderId);
    if (earlier !== undefined) return replay(earlier, hash);
  }
  const instrument = tradableInstrument(deps, cmd);
  if (!instrument.ok) return instrument;
  const i = instrument.value;
  if (cmd.amountUnits < i.minAmountUnits) {
    return err(
      'amount_below_minimum',
      `the smallest ${i.pair} order is ${formatAssetBalance(i.asset, i.minAmountUnits)} ${symbolOf(i.asset)}`,
      'amount',
    );
  }
  if (cmd.limitPriceE8 !== null && !onTick(cmd.limitPriceE8, i.tickE8)) {
    return err(
      'price_off_tick',
      `price must be a multiple of the tick size ${formatE8(i.tickE8)} ${symbolOf(i.quote)}`,
      'price',
    );
  }
  const market = marketOf(deps, i);
  if (!market.ok) return market;
  const { askE8, bidE8 } = market.value;
  const marketE8 = cmd.side === 'buy' ? askE8 : bidE8;
  // A limit order the market already crosses executes now, at the market's (better) price.
  const executesNow = cmd.limitPriceE8 === null || crosses(cmd.side, cmd.limitPriceE8, marketE8);
  const priceE8 = executesNow ? marketE8 : (cmd.limitPriceE8 as bigint);
  const totals = totalsAt(cmd, i, priceE8);
  if (!totals.ok) return totals;
  // A receipt counts against the e-mail caps when it is queued: now for an order that executes now,
  // at execution for a resting one (`queueReceiptWithinCaps`), hours later perhaps.
  if (cmd.receiverEmail !== null && executesNow) {
    const refusal = await mailRefusal(deps, accountId, cmd.receiverEmail, 'receiver_email');
    if (refusal !== null) return { ok: false, error: refusal };
  }

  const nowMs = deps.clock.nowMs();
  const t = totals.value;
  const order: OrderRow = {
    id: deps.ids.publicId(ORDER_ID_LENGTH),
    account_id: accountId,
    side: cmd.side,
    order_type: cmd.type,
    asset: cmd.asset,
    quote: cmd.quote,
    amount_units: cmd.amountUnits,
    price_e8: cmd.limitPriceE8 ?? priceE8,
    executed_price_e8: executesNow ? priceE8 : null,
    fee_ppm: i.feePpm,
    fee_units: executesNow ? t.feeUnits : 0n,
    received_units: executesNow ? t.receivedUnits : 0n,
    paid_units: executesNow ? t.paidUnits : 0n,
    reserved_units: executesNow ? 0n : t.paidUnits,
    status: executesNow ? 'filled' : 'open',
    note: cmd.note,
    receiver_email: cmd.receiverEmail,
    email_status: cmd.receiverEmail === null ? 'undefined' : 'pending',
    extra: cmd.extra,
    client_order_id: clientOrderId,
    request_hash: hash,
    created_at_ms: BigInt(nowMs),
    executed_at_ms: executesNow ? BigInt(nowMs) : null,
    revoked_at_ms: null,
  };

  const written = await runWrite(deps.db, async (trx) => {
    // Resting placements of one account take turns, whatever pair, so the cap below counts them all.
    if (!executesNow) await lockAccountOrders(trx, accountId);
    await lockOrderAccounts(trx, order);
    if (!(await insertOrder(trx, order))) {
      return abort('idempotency_conflict', 'a concurrent request with this client_order_id placed an order');
    }
    if (!executesNow) {
      const max = deps.config.trading.openOrdersMax;
      if ((await countOpenOrders(trx, accountId)) > max) {
        return abort(
          'limit_reached',
          `this account has ${max} resting orders, the most it may; cancel one first`,
        );
      }
      await reserveOrder(trx, order, nowMs);
      return order;
    }
    await settleOrder(trx, order, t, nowMs);
    if (order.receiver_email !== null) await enqueueReceipt(trx, order, nowMs);
    return order;
  });
  if (!written.ok && written.error.code === 'idempotency_conflict' && clientOrderId !== null) {
    // A concurrent request with the same client_order_id won the insert; this one answers as its retry.
    const winner = await findOrderByClientId(deps.db.read, accountId, clientOrderId);
    if (winner !== undefined) return replay(winner, hash);
  }
  if (!written.ok && written.error.code === 'insufficient_balance') {
    const what = executesNow ? 'pay for' : 'reserve';
    return err(
      'insufficient_balance',
      `insufficient ${symbolOf(cmd.side === 'buy' ? cmd.quote : cmd.asset)} balance to ${what} this order`,
      'amount',
    );
  }
  return written;
}

/**
 * At a resting order's execution (inside the unit that executes it): queues its receipt if the account's
 * and the address's e-mail caps allow one more now, counting it; past a cap the receipt is not sent and
 * the order's email_status says so (`undefined`), so orders that fill together cannot deliver more
 * receipts at once than the caps.
 */
export async function queueReceiptWithinCaps(trx: Kysely<DB>, deps: AppDeps, order: OrderRow, nowMs: number) {
  if (order.receiver_email === null) return;
  const refusal = await mailRefusalIn(trx, deps, order.account_id, order.receiver_email, 'receiver_email');
  if (refusal !== null) {
    await setOrderEmailStatus(trx, order.id, 'undefined');
    deps.log.info({ order: order.id, reason: refusal.message }, 'order receipt not sent: e-mail cap reached');
    return;
  }
  await enqueueReceipt(trx, order, nowMs);
}

/** Queues an executed order's receipt to its receiver_email (inside the unit that executed it). */
export async function enqueueReceipt(
  trx: Parameters<typeof enqueueEmail>[0],
  order: OrderRow,
  nowMs: number,
): Promise<void> {
  if (order.receiver_email === null) return;
  await enqueueEmail(
    trx,
    {
      accountId: order.account_id,
      to: order.receiver_email,
      ...orderReceiptEmail(order),
      type: 'order_receipt',
      eventId: `order.receipt.${order.id}`,
      target: { kind: 'order', id: order.id },
    },
    nowMs,
  );
}
