import { balancesWithReserved } from '../../db/repos/orders.ts';
import { ASSETS, type Asset, isAsset } from '../../domain/money.ts';
import type { AppDeps } from '../deps.ts';
import { valueIn } from '../prices/valuation.ts';

export interface PortfolioLine {
  asset: Asset;
  /** Spendable now, in the asset's ledger units. */
  availableUnits: bigint;
  /** Held by resting orders and payments under way. */
  reservedUnits: bigint;
  /** (available + reserved) in USDT ledger units (10^-6), rounded down; null when no fresh price values it. */
  valueUsdtUnits: bigint | null;
  /** The price pairs the value was computed from. */
  pricedBy: string[];
}

export interface Portfolio {
  lines: PortfolioLine[];
  /** Sum of the values that could be computed, in USDT units. */
  totalUsdtUnits: bigint;
  /** Assets that have a balance but no fresh price. */
  unpriced: Asset[];
  atMs: number;
}

/**
 * What `units` of `asset` are worth in USDT units, rounded down, by the one valuation rule
 * (app/prices/valuation.ts) from fresh prices only: USDT itself 1:1, BTC (on-chain and Lightning) by
 * BTC-USDT, ETH, SOL, LTC and MATIC by their USDT pairs, INR by USD-INR (a US dollar taken as one USDT).
 */
function valueInUsdt(deps: AppDeps, asset: Asset, units: bigint): { value: bigint; pairs: string[] } | null {
  const v = valueIn(deps.prices, asset, units, 'USDT', ASSETS.usdt.decimals);
  return v === null || v.stale ? null : { value: v.units, pairs: v.pairs };
}

/** The account's balances of every asset with their value in USDT at the price book's current prices. */
export async function getPortfolio(deps: AppDeps, accountId: bigint): Promise<Portfolio> {
  const rows = await balancesWithReserved(deps.db.read, accountId);
  const lines: PortfolioLine[] = [];
  const unpriced: Asset[] = [];
  let total = 0n;
  for (const r of rows) {
    if (!isAsset(r.asset)) continue;
    const held = r.available + r.reserved;
    const v = valueInUsdt(deps, r.asset, held);
    if (v === null && held > 0n) unpriced.push(r.asset);
    if (v !== null) total += v.value;
    lines.push({
      asset: r.asset,
      availableUnits: r.available,
      reservedUnits: r.reserved,
      valueUsdtUnits: v?.value ?? null,
      pricedBy: v?.pairs ?? [],
    });
  }
  return { lines, totalUsdtUnits: total, unpriced, atMs: deps.clock.nowMs() };
}
