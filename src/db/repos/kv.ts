import { type Kysely, sql } from 'kysely';
import type { DB } from '../schema.ts';

/** Query module of the `kv` table. Functions taking `trx` run inside the caller's write unit. */

type Exec = Kysely<DB>;

/** The value stored under key, or undefined. */
export async function getKv(exec: Exec, key: string): Promise<string | undefined> {
  const row = await exec.selectFrom('kv').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Stores value under key, replacing what was there. */
export async function putKv(trx: Exec, key: string, value: string, nowMs: number): Promise<void> {
  await trx
    .insertInto('kv')
    .values({ key, value, updated_at_ms: nowMs })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({ value: sql.ref('excluded.value'), updated_at_ms: nowMs }),
    )
    .execute();
}

/** Stores value under key unless a value is there (the first writer wins); answers the value kept. */
export async function putKvIfAbsent(trx: Exec, key: string, value: string, nowMs: number): Promise<string> {
  await trx
    .insertInto('kv')
    .values({ key, value, updated_at_ms: nowMs })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await getKv(trx, key)) ?? value;
}

/**
 * Stores a counter under key unless the stored one is at least as large, decided in the one statement
 * (concurrent writers never move it backwards). Both values must be canonical decimal integers (digits
 * only, no leading zeros): a longer one is larger, and among equal lengths the text order is the numeric
 * order. Answers whether it wrote.
 */
export async function advanceKvCounter(
  trx: Exec,
  key: string,
  value: string,
  nowMs: number,
): Promise<boolean> {
  const r = await trx
    .insertInto('kv')
    .values({ key, value, updated_at_ms: nowMs })
    .onConflict((oc) =>
      oc
        .column('key')
        .doUpdateSet({ value: sql.ref('excluded.value'), updated_at_ms: nowMs })
        .where((eb) =>
          eb.or([
            eb(eb.fn('length', ['kv.value']), '<', eb.fn('length', ['excluded.value'])),
            eb.and([
              eb(eb.fn('length', ['kv.value']), '=', eb.fn('length', ['excluded.value'])),
              eb('kv.value', '<', eb.ref('excluded.value')),
            ]),
          ]),
        ),
    )
    .executeTakeFirst();
  return r.numInsertedOrUpdatedRows === 1n;
}
