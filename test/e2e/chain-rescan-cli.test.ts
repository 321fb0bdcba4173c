import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { runCli } from '../fixtures/server-process.ts';

/**
 * `./bin/paytag chain rescan` as the operator runs it: a request made three days ago whose address left
 * the watch window long since gets a deposit; the deposit command's own round does not see it, the rescan
 * books it once, and a second rescan books nothing.
 */
describe.each(DIALECTS)('paytag chain rescan on %s', (dialect) => {
  let t: TestRuntime;
  let shop: TestAccount;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const cli = (...args: string[]) => runCli(env, ...args);

  beforeAll(async () => {
    const settings = {
      SANDBOX_NODE_KEY: '66'.repeat(32),
      BTC_XPUB: KEYS.btc.text,
      EVM_XPUB: KEYS.evm.text,
      CHAIN_WATCH_AFTER_EXPIRY_MIN: '60',
    };
    // The request is made on a clock three days behind: its window (10 min + 60 min) ended long ago.
    t = await testRuntime(dialect, settings, { clock: new ManualClock(Date.now() - 3 * 24 * 3_600_000) });
    shop = await makeAccount(t.deps);
    dir = mkdtempSync(join(tmpdir(), 'paytag-rescan-'));
    env = {
      ...process.env,
      ...settings,
      PAYTAG_FROM_SOURCE: '1',
      DATABASE_URL: t.databaseUrl,
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
    };
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('finds a deposit to an address whose watch window has passed, credits it once; a second rescan credits nothing', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { wallet: 'usdt', payment_mode: 'onchain', chain_network: 'ERC20', amount: 3, expires_in: 10 },
    });
    expect(made.statusCode, made.body).toBe(200);
    const tid = String(made.json().tid);
    const deposits = () =>
      t.deps.db.read.selectFrom('chain_deposits').selectAll().where('payment_id', '=', BigInt(tid)).execute();
    const balance = () => availableBalance(t.deps.db.read, shop.id, 'usdt');
    const before = await balance();

    const deposited = cli('sandbox', 'deposit', tid, '--json');
    expect(deposited.code, deposited.err).toBe(0);
    expect(JSON.parse(deposited.out)).toMatchObject({ status: 'pending', received_units: '0' });
    expect(await deposits()).toEqual([]);
    expect(await balance()).toBe(before);

    const first = cli('chain', 'rescan', '--json');
    expect(first.code, first.err).toBe(0);
    expect(JSON.parse(first.out)).toEqual({ credited: 1, dropped: 0, reversed: 0, unavailable: [] });
    expect((await deposits()).map((d) => [d.state, d.flag, d.amount_raw])).toEqual([
      ['credited', 'late', '3000000'],
    ]);
    expect(await balance()).toBe(before + 3_000_000n);

    const second = cli('chain', 'rescan');
    expect(second.code, second.err).toBe(0);
    expect(second.out).toContain('rescan: 0 deposit(s) credited, 0 dropped');
    expect(await balance()).toBe(before + 3_000_000n);
    const [d] = await deposits();
    const transfers = await t.deps.db.read
      .selectFrom('ledger_transfers')
      .select('id')
      .where('ref', '=', `chain_deposit:${d!.id}`)
      .execute();
    expect(transfers).toHaveLength(1);
    const audit = cli('audit');
    expect(audit.code, audit.out).toBe(0);
  }, 120_000);
});
