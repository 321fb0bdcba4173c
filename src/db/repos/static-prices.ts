import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';
import { putKv } from './kv.ts';

// The static price source's changes over its configured table, one `kv` row per pair
// (`price.static.BTC-USD` → priceE8 as decimal digits), so every process of the service and the CLI
// see the same prices.

type Exec = Kysely<DB>;

const PREFIX = 'price.static.';

/** The stored static prices: pair → priceE8. */
export async function listStaticPrices(exec: Exec): Promise<Map<string, bigint>> {
  const rows = await exec
    .selectFrom('kv')
    .select(['key', 'value'])
    .where('key', 'like', `${PREFIX}%`)
    .orderBy('key')
    .limit(1000)
    .execute();
  const out = new Map<string, bigint>();
  for (const r of rows) {
    if (/^[1-9][0-9]{0,30}$/.test(r.value)) out.set(r.key.slice(PREFIX.length), BigInt(r.value));
  }
  return out;
}

export async function putStaticPrice(trx: Exec, pair: string, priceE8: bigint, nowMs: number): Promise<void> {
  await putKv(trx, `${PREFIX}${pair}`, priceE8.toString(), nowMs);
}

/** Removes a stored static price (the configured one applies again). Answers whether there was one. */
export async function deleteStaticPrice(trx: Exec, pair: string): Promise<boolean> {
  const r = await trx.deleteFrom('kv').where('key', '=', `${PREFIX}${pair}`).executeTakeFirst();
  return r.numDeletedRows === 1n;
}
