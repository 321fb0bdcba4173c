import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { migrationProvider } from '../../src/db/migrations/index.ts';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fixtures/runtime.ts';

describe.each(DIALECTS)('migration 031 on %s', (dialect) => {
  let tdb: TestDatabase | undefined;
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    await tdb?.drop();
  });

  const indexNames = async (d: Database): Promise<string[]> => {
    const rows =
      d.dialect === 'postgres'
        ? await sql<{ name: string }>`
            select indexname as name from pg_indexes where tablename = 'payments'`.execute(d.read)
        : await sql<{ name: string }>`
            select name from sqlite_master where type = 'index' and tbl_name = 'payments'`.execute(d.read);
    return rows.rows.map((r) => r.name).sort();
  };

  it('payments take the purpose payout; every row, index and reference stays as it was', async () => {
    tdb = await freshDatabase(dialect);
    db = openDatabase({ url: tdb.url });
    const migrator = new Migrator({ db: db.read, provider: migrationProvider });
    expect((await migrator.migrateTo('030_request_invoice_receipts')).error).toBeUndefined();
    const { id: accountId } = await db.read
      .insertInto('accounts')
      .values({ usertag: 'shop', email: 'shop@example.com', webhook_secret: 'x', created_at_ms: 1n } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = (id: bigint, purpose: string, direction = 'out') => ({
      id,
      public_id: `p${String(id).padStart(15, '0')}`,
      account_id: accountId,
      requester_account_id: accountId,
      direction,
      route: 'internal',
      amount_msat: 1000n,
      status: 'paid',
      purpose,
      created_at_ms: 1n,
      updated_at_ms: 1n,
    });
    await db.read
      .insertInto('payments')
      .values([row(11n, 'send'), row(12n, 'receive', 'in'), row(13n, 'voucher_claim')] as never)
      .execute();
    await db.read
      .insertInto('voucher_batches')
      .values({
        id: 'b000000000000001',
        account_id: accountId,
        amount_msat: 1000n,
        fee_reserve_msat: 0n,
        voucher_count: 1n,
        print_token: 't',
        created_at_ms: 1n,
        expires_at_ms: 2n,
        refund_of_payment_id: 12n,
      } as never)
      .execute();
    const indexesBefore = await indexNames(db);

    // The index list is compared right after 031: a later migration may drop an index on purpose (043).
    const to031 = await new Migrator({ db: db.read, provider: migrationProvider }).migrateTo('031_payouts');
    expect(to031.error).toBeUndefined();
    expect(to031.results?.map((r) => r.migrationName)).toEqual(['031_payouts']);

    const rows = await db.read.selectFrom('payments').select(['id', 'purpose']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: 11n, purpose: 'send' },
      { id: 12n, purpose: 'receive' },
      { id: 13n, purpose: 'voucher_claim' },
    ]);
    expect(await indexNames(db)).toEqual(indexesBefore);
    await migrateToLatest(db);
    await db.read
      .insertInto('payments')
      .values(row(14n, 'payout') as never)
      .execute();
    await expect(
      db.read
        .insertInto('payments')
        .values(row(15n, 'gift') as never)
        .execute(),
    ).rejects.toThrow();
    const refund = await db.read
      .selectFrom('voucher_batches')
      .innerJoin('payments', 'payments.id', 'voucher_batches.refund_of_payment_id')
      .select(['payments.purpose'])
      .executeTakeFirstOrThrow();
    expect(refund.purpose).toBe('receive');
  });
});
