import { crossedOrders, findOrder, markFilled, type OrderRow } from '../../db/repos/orders.ts';
import type { Asset } from '../../domain/money.ts';
import { orderTotals } from '../../domain/trading.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';
import { listInstruments } from './instruments.ts';
import { lockOrderAccounts, settleOrder } from './movements.ts';
import { marketOf, queueReceiptWithinCaps } from './place-order.ts';

export interface MatchRound {
  /** Orders executed this round. */
  filled: number;
  /**
   * Orders that crossed but could not be executed (taken by a cancel first, their account disabled
   * since they were picked, or refused).
   */
  skipped: number;
  /** Pairs not matched this round because their price is stale or missing. */
  unpriced: string[];
}

/**
 * One round of the matcher: for every instrument with a fresh price, the resting limit orders the
 * market crosses (a buy limited at or above the ask, a sell at or below the bid; the ask and bid are
 * the feed's price plus and minus the spread, on the tick) execute at their own limit price, oldest
 * first, each in its own write unit: open → filled by a conditional update (a cancel that came first
 * wins), its reservation posted, the asset or proceeds delivered and the fee booked. A pair whose price
 * is stale waits. Closed pairs still fill the orders that rest on them. Orders of a disabled account
 * are not picked and are not filled (the conditional update checks the account too): they stay open,
 * reserved, until it is enabled. Runs in every instance: the conditional update executes each order once.
 */
export async function matchOrders(deps: AppDeps, signal?: AbortSignal): Promise<MatchRound> {
  const round: MatchRound = { filled: 0, skipped: 0, unpriced: [] };
  let budget = deps.config.trading.matchBatch;
  for (const i of listInstruments(deps)) {
    if (budget <= 0 || signal?.aborted) break;
    const market = marketOf(deps, i);
    if (!market.ok) {
      round.unpriced.push(i.pair);
      continue;
    }
    const rows = await crossedOrders(deps.db.read, {
      asset: i.asset,
      quote: i.quote,
      askE8: market.value.askE8,
      bidE8: market.value.bidE8,
      limit: budget,
    });
    for (const row of rows) {
      if (signal?.aborted) break;
      budget -= 1;
      if (await fill(deps, row)) round.filled += 1;
      else round.skipped += 1;
    }
  }
  return round;
}

/** Executes one resting order at its limit price; false when it was no longer open. */
async function fill(deps: AppDeps, row: OrderRow): Promise<boolean> {
  const nowMs = deps.clock.nowMs();
  const t = orderTotals(
    row.side,
    row.asset as Asset,
    row.quote as Asset,
    row.amount_units,
    row.price_e8,
    row.fee_ppm,
  );
  const r = await runWrite(deps.db, async (trx) => {
    await lockOrderAccounts(trx, row);
    const done = await markFilled(trx, row.id, {
      executedPriceE8: row.price_e8,
      feeUnits: t.feeUnits,
      receivedUnits: t.receivedUnits,
      paidUnits: t.paidUnits,
      emailStatus: row.receiver_email === null ? 'undefined' : 'pending',
      nowMs,
    });
    if (!done) return false;
    await settleOrder(trx, row, t, nowMs);
    const filled = await findOrder(trx, row.id);
    if (filled !== undefined) await queueReceiptWithinCaps(trx, deps, filled, nowMs);
    return true;
  });
  if (!r.ok) {
    deps.log.error({ order: row.id, code: r.error.code }, 'a crossed order could not be executed');
    return false;
  }
  return r.value;
}
