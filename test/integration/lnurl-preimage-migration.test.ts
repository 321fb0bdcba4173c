import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { migrationProvider } from '../../src/db/migrations/index.ts';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fixtures/runtime.ts';

// An LNURL-pay invoice's preimage is kept once, on its payment row: migration 041 moves what
// lnurl_invoices held (written twice before) and drops that column.
describe.each(DIALECTS)('migration 041 on %s', (dialect) => {
  let tdb: TestDatabase | undefined;
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    await tdb?.drop();
  });

  it('moves a preimage only lnurl_invoices held onto its payment and drops the column', async () => {
    tdb = await freshDatabase(dialect);
    db = openDatabase({ url: tdb.url });
    const migrator = new Migrator({ db: db.read, provider: migrationProvider });
    expect((await migrator.migrateTo('037_lnurl_zaps')).error).toBeUndefined();
    const { id: accountId } = await db.read
      .insertInto('accounts')
      .values({ usertag: 'shop', email: 'shop@example.com', webhook_secret: 'x', created_at_ms: 1n } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const payment = (id: bigint, preimage: string | null) => ({
      id,
      public_id: `p${String(id).padStart(15, '0')}`,
      account_id: accountId,
      requester_account_id: accountId,
      direction: 'in',
      route: 'lightning',
      amount_msat: 1000n,
      status: 'pending',
      payment_hash: String(id).padStart(64, '0'),
      preimage,
      invoice_type: 'lnurl',
      created_at_ms: 1n,
      updated_at_ms: 1n,
    });
    const a = 'aa'.repeat(32);
    const b = 'bb'.repeat(32);
    await db.read
      .insertInto('payments')
      .values([payment(11n, null), payment(12n, b), payment(13n, null)] as never)
      .execute();
    await sql`INSERT INTO lnurl_invoices (payment_id, preimage, created_at_ms) VALUES
      (11, ${a}, 1), (12, ${b}, 1), (13, NULL, 1)`.execute(db.read);
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const rows = await db.read.selectFrom('payments').select(['id', 'preimage']).orderBy('id').execute();
    expect(rows.map((r) => [BigInt(r.id), r.preimage])).toEqual([
      [11n, a],
      [12n, b],
      [13n, null],
    ]);
    const row = (await sql`SELECT * FROM lnurl_invoices WHERE payment_id = 11`.execute(db.read)).rows[0];
    expect(Object.keys(row as object)).not.toContain('preimage');
  });
});
