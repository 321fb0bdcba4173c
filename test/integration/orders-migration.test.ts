import { Migrator } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { migrationProvider } from '../../src/db/migrations/index.ts';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fixtures/runtime.ts';

describe.each(DIALECTS)('migration 017 on %s', (dialect) => {
  let tdb: TestDatabase | undefined;
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    await tdb?.drop();
  });

  it('gives every account that existed before it an INR ledger account, guarded like the others', async () => {
    tdb = await freshDatabase(dialect);
    db = openDatabase({ url: tdb.url });
    const migrator = new Migrator({ db: db.read, provider: migrationProvider });
    const before = await migrator.migrateTo('016_trade_credentials');
    expect(before.error).toBeUndefined();
    const { id } = await db.read
      .insertInto('accounts')
      .values({
        usertag: 'old_timer',
        email: 'old@example.com',
        webhook_secret: 'x',
        created_at_ms: 1n,
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.read
      .insertInto('ledger_accounts')
      .values({
        owner_account_id: id,
        system_code: null,
        asset: 'usdt',
        flags: 1n,
        created_at_ms: 1n,
      } as never)
      .execute();
    expect(await migrateToLatest(db)).toContain('017_orders');
    const inr = await db.read
      .selectFrom('ledger_accounts')
      .select(['asset', 'flags', 'credits_posted', 'debits_posted'])
      .where('owner_account_id', '=', id)
      .where('asset', '=', 'inr')
      .execute();
    expect(inr).toEqual([{ asset: 'inr', flags: 1n, credits_posted: 0n, debits_posted: 0n }]);
  });
});
