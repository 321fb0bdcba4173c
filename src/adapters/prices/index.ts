import type { Clock, PriceSource } from '../../app/ports.ts';
import type { PriceSourceName, PricesConfig } from '../../config/prices.ts';
import { createBinanceSource } from './binance.ts';
import { createBitstampSource } from './bitstamp.ts';
import { createCoinbaseSource } from './coinbase.ts';
import { createEcbSource } from './ecb.ts';
import { createKrakenSource } from './kraken.ts';
import { createStaticPriceSource } from './static.ts';

export interface PriceSourceDeps {
  clock: Clock;
  /** The static source's stored changes (src/db/repos/static-prices.ts). */
  readStaticChanges: () => Promise<ReadonlyMap<string, bigint>>;
}

function createSource(name: PriceSourceName, config: PricesConfig, deps: PriceSourceDeps): PriceSource {
  const http = (source: Exclude<PriceSourceName, 'static'>) => ({
    baseUrl: config.urls[source],
    timeoutMs: config.timeoutMs[source],
    allowPrivate: config.allowPrivate,
    clock: deps.clock,
  });
  switch (name) {
    case 'coinbase':
      return createCoinbaseSource(http('coinbase'));
    case 'kraken':
      return createKrakenSource(http('kraken'));
    case 'bitstamp':
      return createBitstampSource(http('bitstamp'));
    case 'binance':
      return createBinanceSource(http('binance'));
    case 'ecb':
      return createEcbSource(http('ecb'));
    case 'static':
      return createStaticPriceSource({
        table: config.staticPrices,
        readChanges: deps.readStaticChanges,
        clock: deps.clock,
      });
  }
}

/** The configured price sources, in the configured order. */
export function createPriceSources(config: PricesConfig, deps: PriceSourceDeps): PriceSource[] {
  return config.sources.map((name) => createSource(name, config, deps));
}
