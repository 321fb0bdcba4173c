import type { PriceDetail } from '../../app/prices/feed.ts';
import { setStaticPrice } from '../../app/prices/set-static-price.ts';
import { formatPriceE8 } from '../../domain/prices.ts';
import { type Command, fail, json, opts, print, UsageError, withRuntime } from '../command.ts';

function line(p: PriceDetail, nowMs: number): string {
  const age = Math.max(0, Math.round((nowMs - p.asOfMs) / 1000));
  const how = p.derivedFrom ? ` (${p.derivedFrom.join(p.derivedBy === 'divide' ? ' ÷ ' : ' × ')})` : '';
  return `${p.pair.padEnd(12)}${formatPriceE8(p.priceE8).padStart(20)}  ${p.sources.join(', ')}${how}, ${age} s old${p.stale ? ', STALE' : ''}`;
}

export const pricesShow: Command = {
  name: 'prices show',
  help: `Usage: paytag prices show [--json]

Reads every source of PRICE_SOURCES once (each within its timeout) and prints each pair's published
price: the median of the fresh quotes with outliers dropped, its sources, its age, and whether it is
stale. Sources that failed are listed with the reason.`,
  async run(args) {
    const { values } = opts(args, {});
    return withRuntime(async (rt) => {
      const feed = rt.deps.prices;
      const report = await feed.refresh();
      const nowMs = rt.deps.clock.nowMs();
      const all = feed.pairs().map((p) => feed.current(p)!);
      if (values['json']) {
        json({
          prices: all.map((p) => ({ ...p, price: formatPriceE8(p.priceE8), priceE8: undefined })),
          failed: report.failed,
        });
      } else {
        for (const p of all) print(line(p, nowMs));
        for (const f of report.failed) print(`source ${f.name} failed: ${f.reason}`);
      }
      return 0;
    });
  },
};

export const pricesSet: Command = {
  name: 'prices set',
  help: `Usage: paytag prices set PAIR PRICE
       paytag prices set PAIR --unset

Stores PRICE (a plain decimal, at most 8 places) as the static source's quote of PAIR (BASE-QUOTE,
e.g. BTC-USDT), over PRICE_STATIC. A running service reads it at its next price refresh
(PRICE_REFRESH_INTERVAL_MS). --unset removes it, so the configured price applies again. A static
BTC-INR price is used as an INR market instead of BTC-USD × USD-INR. Refused unless
LIGHTNING_BACKEND=sandbox.`,
  async run(args) {
    const { values, positionals } = opts(args, { unset: { type: 'boolean' } });
    const [pair, price, ...extra] = positionals;
    const unset = values['unset'] === true;
    if (pair === undefined || extra.length > 0 || (unset ? price !== undefined : price === undefined)) {
      throw new UsageError('expected PAIR and PRICE, or PAIR --unset');
    }
    const r = await withRuntime((rt) => setStaticPrice(rt.deps, { pair, price: unset ? null : price! }));
    if (!r.ok) fail(r.error);
    const shown = r.value.priceE8 === null ? null : formatPriceE8(r.value.priceE8);
    if (values['json']) json({ pair: r.value.pair, price: shown });
    else
      print(shown === null ? `${r.value.pair}: static price removed` : `${r.value.pair} = ${shown} (static)`);
    return 0;
  },
};
