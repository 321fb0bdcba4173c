import { type AnyDb, int64 } from './dialect.ts';

/**
 * A request priced in fiat keeps the rate it was converted at, for its whole life: `fiat_rate_e8` (fiat
 * per one BTC or USDT, × 10^8), the published pair it came from (`fiat_rate_pair`, e.g. BTC-INR), the
 * sources of that price (`fiat_rate_sources`, comma-separated) and the price's time (`fiat_rate_at_ms`,
 * its oldest quote). All null for a request priced in BTC or USDT (its fiat fields, if any, a label).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('payments').addColumn('fiat_rate_e8', int64(db)).execute();
  await db.schema.alterTable('payments').addColumn('fiat_rate_pair', 'text').execute();
  await db.schema.alterTable('payments').addColumn('fiat_rate_sources', 'text').execute();
  await db.schema.alterTable('payments').addColumn('fiat_rate_at_ms', int64(db)).execute();
}
