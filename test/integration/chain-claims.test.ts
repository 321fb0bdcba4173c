import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { watchRound } from '../../src/app/chain/watch-round.ts';
import { EsploraStandin } from '../fixtures/chain/esplora-standin.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

/** Claims one round looks up per network (CLAIMS_PER_ROUND of src/app/chain/watch-round.ts). */
const PER_ROUND = 50;
const txid = (n: number) => n.toString(16).padStart(64, '0');

// Payer claims (transaction hashes submitted on the hosted checkout) are looked up by the chain watcher
// in rounds of a bounded size; claims that never match a deposit must not keep later ones from their turn.
describe.each(DIALECTS)('payer claims looked up through Esplora on %s', (dialect) => {
  const node = new EsploraStandin();
  let t: TestRuntime;
  let shop: TestAccount;

  const receive = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { wallet: 'btc', payment_mode: 'onchain', amount: 0.001 },
    });
    expect(res.statusCode).toBe(200);
    return res.json() as { tid: number; hosted_checkout_url: string; chain_address: { address: string } };
  };
  const claim = async (checkoutUrl: string, hash: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${new URL(checkoutUrl).pathname}/transaction?lang=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `transaction_hash=${hash}`,
    });
    expect(res.statusCode).toBe(303);
  };
  const lookedUp = (hash: string) => node.requests.filter((p) => p === `/tx/${hash}`).length;

  beforeAll(async () => {
    await node.start();
    t = await testRuntime(dialect, {
      SANDBOX_NODE_KEY: '44'.repeat(32),
      BTC_XPUB: KEYS.btc.text,
      EVM_XPUB: KEYS.evm.text,
      BTC_WATCHER: 'esplora',
      EVM_WATCHER: 'off',
      ESPLORA_URL: node.url,
      CHAIN_REQUEST_TIMEOUT_MS: '5000',
    });
    shop = await makeAccount(t.deps);
  });
  afterAll(async () => {
    await t.close();
    await node.stop();
  });
  beforeEach(() => {
    node.requests = [];
  });

  it('claims of made-up hashes listed first do not keep a later claim from being looked up', async () => {
    // Payment ids are random: of these requests, the claims walk lists the one with the highest id last.
    const requests = [];
    for (let i = 0; i <= PER_ROUND + 1; i += 1) requests.push(await receive());
    requests.sort((a, b) => a.tid - b.tid);
    const paid = requests.pop()!;
    // More claims that never match anything than one round looks at, all listed before the real one.
    const bogus = requests.map((_, i) => txid(0xdead0000 + i));
    for (const [i, r] of requests.entries()) await claim(r.hosted_checkout_url, bogus[i]!);
    // The payer of the last request sent the transaction (still in the mempool) and claimed it.
    const real = txid(0xbeef);
    node.txs = [
      { txid: real, outputs: [{ address: paid.chain_address.address, value: 100_000 }], height: null },
    ];
    await claim(paid.hosted_checkout_url, real);

    await watchRound(t.deps);
    await watchRound(t.deps);
    // Two rounds of 50 walk all 52 claims once: the later claim was asked about, and every made-up one once.
    expect(lookedUp(real)).toBe(1);
    for (const hash of bogus) expect(lookedUp(hash)).toBe(1);

    // Once mined and deep enough, the claimed transaction is credited and its claim is no longer asked.
    node.txs = [
      { txid: real, outputs: [{ address: paid.chain_address.address, value: 100_000 }], height: 100 },
    ];
    node.tip = 101;
    await watchRound(t.deps);
    const p = await t.deps.db.read
      .selectFrom('payments')
      .select(['status'])
      .where('id', '=', BigInt(paid.tid))
      .executeTakeFirstOrThrow();
    expect(p.status).toBe('paid');
    node.requests = [];
    await watchRound(t.deps);
    await watchRound(t.deps);
    expect(lookedUp(real)).toBe(0);
  });
});
