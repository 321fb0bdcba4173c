import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { base64 } from '@scure/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { sandboxDeposit } from '../../src/app/chain/sandbox-deposit.ts';
import { electrumSignPsbt } from '../fixtures/chain/electrum-psbt.ts';
import { TEST_CHAIN_KEYS as KEYS, TEST_MNEMONIC } from '../fixtures/chain/keys.ts';
import { HAVE_ELECTRUM } from '../fixtures/electrum.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { runCli } from '../fixtures/server-process.ts';

/**
 * `./bin/paytag payouts psbt | submit | abandon` as the operator runs them: the PSBT written to a file,
 * signed by Electrum and saved as a binary PSBT file (as the wallets save it), submitted, confirmed.
 */
describe.skipIf(!HAVE_ELECTRUM).each(DIALECTS)('paytag payouts psbt and submit on %s', (dialect) => {
  let t: TestRuntime;
  let shop: TestAccount;
  let payer: TestAccount;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const cli = (...args: string[]) => runCli(env, ...args);

  beforeAll(async () => {
    const settings = {
      SANDBOX_NODE_KEY: '66'.repeat(32),
      BTC_XPUB: KEYS.btc.text,
      BTC_MASTER_FINGERPRINT: '73C5DA0A',
      BTC_WITHDRAW_FEE_RESERVE_SAT: '5000',
    };
    t = await testRuntime(dialect, settings);
    shop = await makeAccount(t.deps);
    payer = await makeAccount(t.deps, { fund: { btc: '0.01' } });
    dir = mkdtempSync(join(tmpdir(), 'paytag-psbt-'));
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

  it('builds to a file, abandons, builds again, submits what Electrum saved; refuses nothing queued and bad input', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { wallet: 'btc', payment_mode: 'onchain', amount: 0.001 },
    });
    expect((await sandboxDeposit(t.deps, { tid: String(res.json().tid) })).ok).toBe(true);
    const w = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/withdraw',
      headers: { 'x-api-key': payer.adminKey, 'content-type': 'application/json' },
      payload: JSON.stringify({
        wallet: 'btc',
        address: 'bcrt1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5phstwt',
        amount: '0.0004',
      }),
    });
    expect(w.statusCode, w.body).toBe(200);

    const first = cli('payouts', 'psbt', '--fee-rate', '2');
    expect(first.code, first.err).toBe(0);
    expect(first.out.trim()).toMatch(/^cHNidP8/);
    const batchId = /batch ([a-z0-9]{16})/.exec(first.err)![1]!;
    const abandoned = cli('payouts', 'abandon', batchId, '--json');
    expect(abandoned.code, abandoned.err).toBe(0);
    expect(JSON.parse(abandoned.out).status).toBe('abandoned');

    const file = join(dir, 'batch.psbt');
    const built = cli('payouts', 'psbt', '--out', file, '--json');
    expect(built.code, built.err).toBe(0);
    const view = JSON.parse(built.out);
    expect(view.status).toBe('signing');
    const none = cli('payouts', 'psbt');
    expect(none.code).toBe(1);
    expect(none.err).toMatch(/no BTC withdrawal is queued/);

    const signedFile = join(dir, 'signed.psbt');
    writeFileSync(
      signedFile,
      base64.decode(electrumSignPsbt(readFileSync(file, 'utf8').trim(), TEST_MNEMONIC, "m/84'/1'/0'")),
    );
    expect(cli('payouts', 'submit', 'not-a-transaction').code).toBe(1);
    const sent = cli('payouts', 'submit', signedFile, '--json');
    expect(sent.code, sent.err).toBe(0);
    expect(JSON.parse(sent.out)).toMatchObject({ id: view.id, status: 'broadcast', txid: view.txid });
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  }, 300_000);
});
