import type { Clock, PriceSource, SourceQuote } from '../../app/ports.ts';

/**
 * Prices from the configuration (PRICE_STATIC, with an embedded default), over which stored changes
 * (`paytag prices set`, tests moving the price) apply. Works offline. A quote is made when it is read.
 */
export function createStaticPriceSource(opts: {
  table: Readonly<Record<string, bigint>>;
  /** The stored changes, read on every fetch (src/db/repos/static-prices.ts). */
  readChanges: () => Promise<ReadonlyMap<string, bigint>>;
  clock: Clock;
}): PriceSource {
  return {
    name: 'static',
    pairs: Object.keys(opts.table),
    async fetch(pairs) {
      let changes: ReadonlyMap<string, bigint>;
      try {
        changes = await opts.readChanges();
      } catch (e) {
        return { ok: false, error: { reason: `stored static prices unreadable: ${(e as Error).message}` } };
      }
      const atMs = opts.clock.nowMs();
      const out: SourceQuote[] = [];
      // Stored pairs count even when the table lacks them (a test or the sandbox may add a market).
      const wanted = new Set([...pairs, ...changes.keys()]);
      for (const pair of wanted) {
        const priceE8 = changes.get(pair) ?? opts.table[pair];
        if (priceE8 !== undefined) out.push({ pair, priceE8, atMs });
      }
      return { ok: true, value: out };
    },
  };
}
