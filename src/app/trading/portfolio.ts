import { balancesWithReserved } from '../../db/repos/orders.ts';
import { ASSETS, type Asset, isAsset } from '../../domain/money.ts';
import type { AppDeps } from '../deps.ts';

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

const USDT_SCALE = 10n ** BigInt(ASSETS.usdt.decimals);
const E8 = 100_000_000n;

/**
 * What `units` of `asset` are worth in USDT, rounded down (a value is never shown as more than it is),
 * from the price book's fresh prices: USDT itself 1:1, BTC (on-chain and Lightning) by BTC-USDT, ETH, SOL,
 * LTC and MATIC by their USDT pairs, INR by USD-INR (a US dollar taken as one USDT).
 */
function valueInUsdt(deps: AppDeps, asset: Asset, units: bigint): { value: bigint; pairs: string[] } | null {
  if (asset === 'usdt') return { value: units, pairs: [] };
  const scale = 10n ** BigInt(ASSETS[asset].decimals);
  if (asset === 'inr') {
    const p = deps.prices.current('USD-INR');
    if (p === null || p.stale) return null;
    return { value: (units * E8 * USDT_SCALE) / (scale * p.priceE8), pairs: ['USD-INR'] };
  }
  const pair = `${asset === 'lbtc' ? 'BTC' : asset.toUpperCase()}-USDT`;
  const p = deps.prices.current(pair);
  if (p === null || p.stale) return null;
  return { value: (units * p.priceE8 * USDT_SCALE) / (scale * E8), pairs: [pair] };
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
