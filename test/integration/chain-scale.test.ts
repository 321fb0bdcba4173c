import { type KyselyPlugin, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchRound } from '../../src/app/chain/watch-round.ts';
import type { AppDeps } from '../../src/app/deps.ts';
import type { ChainWatcher } from '../../src/app/ports.ts';
import type { Database } from '../../src/db/database.ts';
import { insertSandboxDeposit } from '../../src/db/repos/sandbox-chain.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const ENV = { SANDBOX_NODE_KEY: '23'.repeat(32), BTC_XPUB: KEYS.btc.text, EVM_XPUB: KEYS.evm.text };

/** More watched addresses than SQLite (32,766) or PostgreSQL (65,535) can bind in one statement. */
const WATCHED = 100_000;
/** The ids of the bulk requests: far above the random tids (< 2^53) the service makes. */
const BULK_ID = 8_000_000_000_000_000n;

/** The database with every statement counted (reads, and writes inside write units). */
function counting(db: Database): { db: Database; statements: () => number } {
  let n = 0;
  const plugin: KyselyPlugin = {
    transformQuery: (a) => {
      n += 1;
      return a.node;
    },
    transformResult: async (a) => a.result,
  };
  return {
    db: {
      dialect: db.dialect,
      read: db.read.withPlugin(plugin),
      write: (fn) => db.write((trx) => fn(trx.withPlugin(plugin))),
      durable: () => db.durable(),
      writable: () => db.writable(),
      ping: () => db.ping(),
      pool: () => db.pool(),
      close: () => db.close(),
    },
    statements: () => n,
  };
}

/**
 * A busy shop's scale: 100,000 addresses of one network watched at once. A round walks them in pages
 * through the real watcher code (the sandbox's chain), credits a deposit to one of them, and the
 * checkout's sandbox deposit form answers as usual; no statement binds the list of addresses.
 */
describe.each(DIALECTS)('a round over 100,000 watched addresses on %s', (dialect) => {
  let t: TestRuntime;
  let shop: TestAccount;
  let template: { tid: bigint; page: string };

  const receive = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { wallet: 'btc', payment_mode: 'onchain', amount: 0.001 },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { tid: number; hosted_checkout_url: string };
    return { tid: BigInt(body.tid), page: body.hosted_checkout_url.split('/').pop()! };
  };
  const status = async (id: bigint) =>
    (
      await t.deps.db.read
        .selectFrom('payments')
        .select(['status', 'received_units'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  beforeAll(async () => {
    t = await testRuntime(dialect, ENV);
    shop = await makeAccount(t.deps);
    template = await receive();
    // The bulk requests and their addresses, copied from a real one in two statements (the test's
    // set-up only; everything after goes through the service's code).
    const cols = Object.keys(
      await t.deps.db.read
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', template.tid)
        .executeTakeFirstOrThrow(),
    );
    const pad =
      dialect === 'postgres'
        ? sql`lpad(CAST(s.n AS TEXT), 15, '0')`
        : sql`substr('000000000000000' || s.n, -15, 15)`;
    const override: Record<string, ReturnType<typeof sql>> = {
      id: sql`CAST(${BULK_ID} AS BIGINT) + s.n`,
      public_id: sql`'q' || ${pad}`,
      payment_hash: sql`NULL`,
      idempotency_key: sql`NULL`,
      second_payment_of: sql`NULL`,
      callback_url: sql`NULL`,
    };
    const values = cols.map((c) => override[c] ?? sql`p.${sql.ref(c)}`);
    const series = sql`WITH RECURSIVE s(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM s WHERE n < ${WATCHED})`;
    await t.deps.db.write(async (trx) => {
      await sql`${series}
        INSERT INTO payments (${sql.join(cols.map((c) => sql.ref(c)))})
        SELECT ${sql.join(values)} FROM s, payments p WHERE p.id = ${template.tid}`.execute(trx);
      await sql`${series}
        INSERT INTO chain_addresses (network, asset, address, derivation_index, payment_id, account_id,
                                     created_at_ms, watch_until_ms)
        SELECT 'BTC', 'btc', 'bcrt1qbulk' || ${pad}, 1000000 + s.n, CAST(${BULK_ID} AS BIGINT) + s.n, a.account_id,
               a.created_at_ms, a.watch_until_ms
          FROM s, chain_addresses a WHERE a.payment_id = ${template.tid}`.execute(trx);
    });
  }, 300_000);
  afterAll(() => t.close());

  it('a deposit to one of 100,000 watched addresses is credited by a round, in pages of bounded statements', async () => {
    const n = 77_777;
    const target = BULK_ID + BigInt(n);
    await t.deps.db.write((trx) =>
      insertSandboxDeposit(
        trx,
        {
          network: 'BTC',
          asset: 'btc',
          address: `bcrt1qbulk${String(n).padStart(15, '0')}`,
          txHash: 'ab'.repeat(32),
          amountRaw: 100_000n,
          decimals: 8,
          confirmations: 6,
        },
        Date.now(),
      ),
    );
    const c = counting(t.deps.db);
    const deps: AppDeps = { ...t.deps, db: c.db };
    global.gc?.();
    const heap0 = process.memoryUsage().heapUsed;
    const t0 = performance.now();
    const report = await watchRound(deps);
    const ms = performance.now() - t0;
    const heapMb = (process.memoryUsage().heapUsed - heap0) / 2 ** 20;
    expect(report).toMatchObject({ credited: 1, unavailable: [] });
    expect(await status(target)).toBe('paid');
    // Pages of CHAIN_WATCH_ADDRESSES_PER_SCAN (10,000), each read in 500-address chunks of the
    // sandbox's chain: about 22 statements a page, not one per address.
    expect(c.statements()).toBeLessThan(WATCHED / 100);
    console.log(
      `[${dialect}] round over ${WATCHED} watched addresses: ${ms.toFixed(0)} ms, ${c.statements()} statements, heap +${heapMb.toFixed(1)} MiB`,
    );
    // A second round books nothing more.
    expect(await watchRound(t.deps)).toMatchObject({ credited: 0, unavailable: [] });
  }, 300_000);

  it("the checkout's sandbox deposit form answers 303 and the request is paid", async () => {
    const req = await receive();
    const t0 = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: `/checkout/${req.page}/deposit`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'confirmations=',
    });
    const ms = performance.now() - t0;
    expect(res.statusCode).toBe(303);
    expect(await status(req.tid)).toBe('paid');
    console.log(`[${dialect}] checkout sandbox deposit with ${WATCHED} watched: ${ms.toFixed(0)} ms`);
  }, 120_000);

  it('a network whose round fails does not stop the rounds of the others', async () => {
    const req = await receive();
    const owner = await t.deps.db.read
      .selectFrom('chain_addresses')
      .selectAll()
      .where('payment_id', '=', req.tid)
      .executeTakeFirstOrThrow();
    await t.deps.db.write((trx) =>
      insertSandboxDeposit(
        trx,
        {
          network: 'BTC',
          asset: 'btc',
          address: owner.address,
          txHash: 'cd'.repeat(32),
          amountRaw: 100_000n,
          decimals: 8,
          confirmations: 6,
        },
        Date.now(),
      ),
    );
    // A watcher of another network, listed first, whose scan throws (a bug, a broken driver): its
    // network's round fails, and is reported; BTC's round still runs and credits.
    const broken: ChainWatcher = {
      kind: 'evm-rpc',
      networks: ['MATIC'],
      scan: async () => {
        throw new Error('too many SQL variables');
      },
      lookupTransaction: async () => ({ ok: true, value: [] }),
    };
    await t.deps.db.write((trx) =>
      trx
        .updateTable('chain_addresses')
        .set({ network: 'MATIC', asset: 'usdt' })
        .where('payment_id', '=', BULK_ID + 1n)
        .execute(),
    );
    const deps: AppDeps = { ...t.deps, chainWatchers: [broken] };
    const report = await watchRound(deps);
    expect(report.unavailable).toEqual([expect.stringContaining('MATIC')]);
    expect(await status(req.tid)).toBe('paid');
  }, 300_000);
});
