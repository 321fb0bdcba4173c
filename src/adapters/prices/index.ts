import type { Clock, PriceSource } from '../../app/ports.ts';
import type { PriceSourceName, PricesConfig } from '../../config/prices.ts';
import { createStaticPriceSource } from './static.ts';

export interface PriceSourceDeps {
  clock: Clock;
  /** The static source's stored changes (src/db/repos/static-prices.ts). */
  readStaticChanges: () => Promise<ReadonlyMap<string, bigint>>;
}

function createSource(name: PriceSourceName, config: PricesConfig, deps: PriceSourceDeps): PriceSource {
  switch (name) {
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
