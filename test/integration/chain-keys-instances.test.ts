import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SEED_FILE_NAME } from '../../src/adapters/chain-keys/open.ts';
import { acceptChainKeys, verifyChainKeys } from '../../src/app/chain/verify-keys.ts';
import { TEST_CHAIN_KEYS as KEYS, TEST_MNEMONIC } from '../fixtures/chain/keys.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

// Instances sharing a database share its derivation counters, so they must derive from the same account
// keys: the database keeps each key's public fingerprint, and an instance with other keys (another hot
// seed file, a lost seed file recreated, another xpub) is refused at start with the variables to set.
describe.each(DIALECTS)('account keys of instances sharing a database on %s', (dialect) => {
  const dirs: string[] = [];
  const runtimes: TestRuntime[] = [];
  const dataDir = () => {
    const d = mkdtempSync(join(tmpdir(), 'paytag-seed-'));
    dirs.push(d);
    return d;
  };
  const start = async (env: Record<string, string>, databaseUrl?: string) => {
    const t = await testRuntime(
      dialect,
      { SANDBOX_NODE_KEY: '55'.repeat(32), ...env },
      databaseUrl === undefined ? {} : { databaseUrl },
    );
    // The first runtime owns the database: closed last, it drops it.
    runtimes.unshift(t);
    return t;
  };
  afterAll(async () => {
    for (const t of runtimes.splice(0)) await t.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('a second instance with its own hot seed is refused, naming BTC_XPUB and EVM_XPUB; a copy of the seed file is accepted', async () => {
    const first = dataDir();
    const a = await start({ DATA_DIR: first });
    expect(await verifyChainKeys(a.deps)).toEqual([]);
    // Started again, the same keys pass.
    expect(await verifyChainKeys(a.deps)).toEqual([]);

    const b = await start({ DATA_DIR: dataDir() }, a.databaseUrl);
    const refused = (await verifyChainKeys(b.deps)).join('\n');
    expect(refused).toMatch(/^BTC_XPUB: /m);
    expect(refused).toMatch(/^EVM_XPUB: /m);
    expect(refused).toMatch(/chain-seed\.txt/);
    expect(refused).toMatch(/paytag chain keys --accept --confirm/);

    const copy = dataDir();
    copyFileSync(join(first, SEED_FILE_NAME), join(copy, SEED_FILE_NAME));
    const c = await start({ DATA_DIR: copy }, a.databaseUrl);
    expect(await verifyChainKeys(c.deps)).toEqual([]);
  });

  it('the account keys of the seed given as BTC_XPUB and EVM_XPUB are the same keys; another xpub is refused until accepted', async () => {
    const seeded = dataDir();
    writeFileSync(join(seeded, SEED_FILE_NAME), `${TEST_MNEMONIC}\n`, { mode: 0o600 });
    const a = await start({ DATA_DIR: seeded });
    expect(await verifyChainKeys(a.deps)).toEqual([]);
    // The same wallet's account keys (vpub / xpub of TEST_MNEMONIC): accepted.
    const b = await start(
      { DATA_DIR: dataDir(), BTC_XPUB: KEYS.btc.text, EVM_XPUB: KEYS.evm.text },
      a.databaseUrl,
    );
    expect(await verifyChainKeys(b.deps)).toEqual([]);
    // Another wallet's BTC key: refused, naming BTC_XPUB only.
    const c = await start({ DATA_DIR: dataDir() }, a.databaseUrl);
    const d = await start({ DATA_DIR: dataDir(), BTC_XPUB: c.deps.chainKeys.btc!.text }, a.databaseUrl);
    const refused = (await verifyChainKeys(d.deps)).join('\n');
    expect(refused).toMatch(/^BTC_XPUB: /m);
    expect(refused).not.toMatch(/^EVM_XPUB: /m);
    // An operator who changed the keys on purpose records them: then they start.
    await acceptChainKeys(d.deps);
    expect(await verifyChainKeys(d.deps)).toEqual([]);
    // … and the old ones are now the other ones.
    expect(await verifyChainKeys(b.deps)).not.toEqual([]);
  });

  it('a database whose addresses came from other keys before fingerprints were kept refuses these keys', async () => {
    const a = await start({ BTC_XPUB: KEYS.btc.text, EVM_XPUB: KEYS.evm.text });
    const shop = await makeAccount(a.deps);
    const res = await a.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { wallet: 'btc', payment_mode: 'onchain', amount: 0.001 },
    });
    expect(res.statusCode).toBe(200);
    // No fingerprint kept (a database from before): the first address tells whose keys it was.
    await a.deps.db.write((trx) => trx.deleteFrom('kv').where('key', 'like', 'chain_keys.%').execute());
    const b = await start({ DATA_DIR: dataDir() }, a.databaseUrl);
    const refused = (await verifyChainKeys(b.deps)).join('\n');
    expect(refused).toMatch(/^BTC_XPUB: .* does not derive the database's first address/m);
    expect(await verifyChainKeys(a.deps)).toEqual([]);
  });
});
