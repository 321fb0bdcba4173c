import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { migrationProvider } from '../../src/db/migrations/index.ts';
import { allocateChangeIndex } from '../../src/db/repos/withdrawal-batches.ts';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fixtures/runtime.ts';

describe.each(DIALECTS)('migration 033 on %s', (dialect) => {
  let tdb: TestDatabase | undefined;
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    await tdb?.drop();
  });

  it('keeps the address counters, adds btc_change, and still refuses other key chains', async () => {
    tdb = await freshDatabase(dialect);
    db = openDatabase({ url: tdb.url });
    const migrator = new Migrator({ db: db.read, provider: migrationProvider });
    expect((await migrator.migrateTo('032_chain_withdrawals')).error).toBeUndefined();
    await sql`UPDATE chain_address_counters SET next_index = 41 WHERE key_chain = 'btc'`.execute(db.read);
    await sql`UPDATE chain_address_counters SET next_index = 7 WHERE key_chain = 'evm'`.execute(db.read);
    expect((await migrator.migrateTo('033_withdrawal_batches')).error).toBeUndefined();
    const rows = await db.read
      .selectFrom('chain_address_counters')
      .selectAll()
      .orderBy('key_chain')
      .execute();
    expect(rows.map((r) => [r.key_chain, BigInt(r.next_index)])).toEqual([
      ['btc', 41n],
      ['btc_change', 0n],
      ['evm', 7n],
    ]);
    expect(await db.write((trx) => allocateChangeIndex(trx))).toBe(0n);
    expect(await db.write((trx) => allocateChangeIndex(trx))).toBe(1n);
    await expect(
      sql`INSERT INTO chain_address_counters (key_chain, next_index) VALUES ('ltc', 0)`.execute(db.read),
    ).rejects.toThrow(/check/i);
    await expect(
      sql`INSERT INTO chain_address_counters (key_chain, next_index) VALUES ('btc', 0)`.execute(db.read),
    ).rejects.toThrow(/unique|duplicate|primary/i);
  });

  it('lets an output be in one live batch only; an abandoned batch frees it', async () => {
    tdb = await freshDatabase(dialect);
    db = openDatabase({ url: tdb.url });
    const migrator = new Migrator({ db: db.read, provider: migrationProvider });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const batch = (publicId: string) =>
      db!.read
        .insertInto('chain_withdrawal_batches')
        .values({
          public_id: publicId,
          status: 'signing',
          psbt: 'x',
          txid: publicId.padEnd(64, '0'),
          fee_sat: 1n,
          fee_rate_sat_per_kvb: 1000n,
          vsize: 1n,
          input_sat: 1n,
          output_sat: 0n,
          change_sat: 0n,
          change_vout: null,
          change_address: null,
          change_derivation_index: null,
          created_at_ms: 1,
          updated_at_ms: 1,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const input = (batchId: bigint) =>
      db!.read
        .insertInto('chain_withdrawal_inputs')
        .values({
          batch_id: batchId,
          txid: 'ab'.repeat(32),
          vout: 1,
          amount_sat: 1000n,
          source: 'deposit',
          deposit_id: null,
          change_batch_id: null,
          key_chain: 0,
          derivation_index: 0n,
        })
        .execute();
    const a = await batch('a');
    const b = await batch('b');
    await input(a.id);
    await expect(input(b.id)).rejects.toThrow(/unique|duplicate/i);
    await db.read
      .updateTable('chain_withdrawal_inputs')
      .set({ released: 1n })
      .where('batch_id', '=', a.id)
      .execute();
    await input(b.id);
  });
});
