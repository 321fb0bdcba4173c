import { TRADE_PAIRS, type TradePair } from '../../config/trading.ts';
import type { Asset } from '../../domain/money.ts';
import { assetOfSymbol, e8ToUnitsCeil, type Instrument } from '../../domain/orders.ts';
import type { AppDeps } from '../deps.ts';

/** Every instrument as configured (TRADE_* variables over the defaults of config/trading.ts). */
export function listInstruments(deps: Pick<AppDeps, 'config'>): Instrument[] {
  return TRADE_PAIRS.map((pair) => instrumentOf(deps, pair));
}

function instrumentOf(deps: Pick<AppDeps, 'config'>, pair: TradePair): Instrument {
  const [assetSymbol = '', quoteSymbol = ''] = pair.split('-');
  const asset = assetOfSymbol(assetSymbol);
  const quote = assetOfSymbol(quoteSymbol);
  if (asset === null || quote === null) throw new Error(`instrument ${pair} names an asset the ledger lacks`);
  const c = deps.config.trading.instruments[pair];
  return {
    pair,
    asset,
    quote,
    tickE8: c.tickE8,
    minAmountUnits: e8ToUnitsCeil(asset, c.minAmountE8),
    feePpm: c.feePpm,
    open: c.open,
  };
}

/** The instrument trading `asset` against `quote`, or undefined when the service offers no such pair. */
export function findInstrument(
  deps: Pick<AppDeps, 'config'>,
  asset: Asset,
  quote: Asset,
): Instrument | undefined {
  return listInstruments(deps).find((i) => i.asset === asset && i.quote === quote);
}
