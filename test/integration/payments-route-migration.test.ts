import { Migrator, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../src/db/database.ts';
import { migrateToLatest } from '../../src/db/migrate.ts';
import { migrationProvider } from '../../src/db/migrations/index.ts';
import { DIALECTS, freshDatabase, type TestDatabase } from '../fixtures/runtime.ts';

describe.each(DIALECTS)('migration 026 on %s', (dialect) => {
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

  it('stores on-chain requests with route chain; every other row, index and reference stays as it was', async () => {
    tdb = await freshDatabase(dialect);
    db = openDatabase({ url: tdb.url });
    const migrator = new Migrator({ db: db.read, provider: migrationProvider });
    const before = await migrator.migrateTo('025_chain_evm_legacy_identity');
    expect(before.error).toBeUndefined();
    const { id: accountId } = await db.read
      .insertInto('accounts')
      .values({ usertag: 'shop', email: 'shop@example.com', webhook_secret: 'x', created_at_ms: 1n } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = (id: bigint, route: string, wallet: string, mode: string) => ({
      id,
      public_id: `p${String(id).padStart(15, '0')}`,
      account_id: accountId,
      requester_account_id: accountId,
      direction: 'in',
      route,
      amount_msat: 1000n,
      status: 'pending',
      wallet,
      payment_mode: mode,
      chain_network: mode === 'onchain' ? (wallet === 'btc' ? 'BTC' : 'ERC20') : null,
      created_at_ms: 1n,
      updated_at_ms: 1n,
    });
    await db.read
      .insertInto('payments')
      .values([
        row(11n, 'lightning', 'usdt', 'onchain'),
        row(12n, 'lightning', 'btc', 'onchain'),
        row(13n, 'internal', 'btc', 'onchain'),
        row(14n, 'lightning', 'lbtc', 'lightning'),
        row(15n, 'internal', 'lbtc', 'lightning'),
      ] as never)
      .execute();
    await db.read
      .insertInto('chain_addresses')
      .values({
        network: 'ERC20',
        asset: 'usdt',
        address: '0xabc',
        derivation_index: 0n,
        payment_id: 11n,
        account_id: accountId,
        created_at_ms: 1n,
        watch_until_ms: 2n,
      } as never)
      .execute();
    const indexesBefore = await indexNames(db);

    // The index list is compared right after 026: a later migration may drop an index on purpose (043).
    const to026 = await new Migrator({ db: db.read, provider: migrationProvider }).migrateTo(
      '026_payments_route_chain',
    );
    expect(to026.error).toBeUndefined();
    expect(to026.results?.map((r) => r.migrationName)).toEqual(['026_payments_route_chain']);

    const routes = await db.read.selectFrom('payments').select(['id', 'route']).orderBy('id').execute();
    expect(routes).toEqual([
      { id: 11n, route: 'chain' },
      { id: 12n, route: 'chain' },
      { id: 13n, route: 'internal' },
      { id: 14n, route: 'lightning' },
      { id: 15n, route: 'internal' },
    ]);
    expect(await indexNames(db)).toEqual(indexesBefore);
    await migrateToLatest(db);
    // The constraint takes the new value and still refuses others; the address still points at its row.
    await db.read
      .insertInto('payments')
      .values(row(16n, 'chain', 'usdt', 'onchain') as never)
      .execute();
    await expect(
      db.read
        .insertInto('payments')
        .values(row(17n, 'ether', 'usdt', 'onchain') as never)
        .execute(),
    ).rejects.toThrow();
    await expect(
      db.read
        .insertInto('chain_addresses')
        .values({
          network: 'ERC20',
          asset: 'usdt',
          address: '0xdef',
          derivation_index: 1n,
          payment_id: 99n,
          account_id: accountId,
          created_at_ms: 1n,
          watch_until_ms: 2n,
        } as never)
        .execute(),
    ).rejects.toThrow();
    const address = await db.read
      .selectFrom('chain_addresses')
      .innerJoin('payments', 'payments.id', 'chain_addresses.payment_id')
      .select(['payments.route'])
      .executeTakeFirstOrThrow();
    expect(address.route).toBe('chain');
  });
});

describe.each(DIALECTS)('migration 030 on %s', (dialect) => {
  let tdb: TestDatabase | undefined;
  let db: Database | undefined;
  afterEach(async () => {
    await db?.close();
    await tdb?.drop();
  });

  it('btc on-chain requests paid through their invoice count it as received, with their route; others stay', async () => {
    tdb = await freshDatabase(dialect);
    db = openDatabase({ url: tdb.url });
    const migrator = new Migrator({ db: db.read, provider: migrationProvider });
    expect((await migrator.migrateTo('029_payment_refunds')).error).toBeUndefined();
    const { id: accountId } = await db.read
      .insertInto('accounts')
      .values({ usertag: 'shop', email: 'shop@example.com', webhook_secret: 'x', created_at_ms: 1n } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const row = (id: bigint, route: string, status: string, receivedUnits: bigint, wallet = 'btc') => ({
      id,
      public_id: `p${String(id).padStart(15, '0')}`,
      account_id: accountId,
      requester_account_id: accountId,
      direction: 'in',
      route,
      amount_msat: 100_000n,
      amount_units: 100_000n,
      received_units: receivedUnits,
      status,
      wallet,
      payment_mode: wallet === 'lbtc' ? 'lightning' : 'onchain',
      chain_network: wallet === 'lbtc' ? null : 'BTC',
      created_at_ms: 1n,
      updated_at_ms: 1n,
    });
    await db.read
      .insertInto('payments')
      .values([
        row(21n, 'chain', 'paid', 0n), // paid by another node through its invoice
        row(22n, 'chain', 'paid', 40_000n), // part on chain, then the invoice by another node
        row(23n, 'internal', 'paid', 0n), // its invoice paid inside the ledger
        row(24n, 'chain', 'paid', 100_000n), // paid on chain
        row(25n, 'chain', 'pending', 0n),
        row(26n, 'lightning', 'paid', 0n, 'lbtc'),
      ] as never)
      .execute();
    const [a, b] = await db.read
      .insertInto('ledger_accounts')
      .values([
        { owner_account_id: null, system_code: 'lightning_node', asset: 'lbtc', created_at_ms: 1n },
        { owner_account_id: accountId, system_code: null, asset: 'lbtc', created_at_ms: 1n },
      ] as never)
      .returning('id')
      .execute();
    for (const id of [21n, 22n, 26n]) {
      await db.read
        .insertInto('ledger_transfers')
        .values({
          id: `pay:${id}:in`,
          debit_account_id: a!.id,
          credit_account_id: b!.id,
          amount: 100_000n,
          asset: 'lbtc',
          code: 'payment_lightning_in',
          created_at_ms: 1n,
        } as never)
        .execute();
    }

    expect(await migrateToLatest(db)).toContain('030_request_invoice_receipts');

    const rows = await db.read
      .selectFrom('payments')
      .select(['id', 'route', 'received_units', 'exception'])
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 21n, route: 'lightning', received_units: 100_000n, exception: null },
      { id: 22n, route: 'lightning', received_units: 140_000n, exception: 'paid_over' },
      { id: 23n, route: 'internal', received_units: 100_000n, exception: null },
      { id: 24n, route: 'chain', received_units: 100_000n, exception: null },
      { id: 25n, route: 'chain', received_units: 0n, exception: null },
      { id: 26n, route: 'lightning', received_units: 0n, exception: null },
    ]);
  });
});
