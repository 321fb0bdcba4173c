import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { watchRound } from '../../src/app/chain/watch-round.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { EsploraStandin } from '../fixtures/chain/esplora-standin.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const txid = (n: number) => n.toString(16).padStart(64, '0');

/**
 * Bitcoin credits through the Esplora watcher and a stand-in server: after a reorg, a credited
 * transaction the server no longer knows is reversed by the next round; one back in the mempool or
 * mined again in another block keeps its credit; the audit stays clean.
 */
describe.each(DIALECTS)('Esplora credits rechecked after a reorg on %s', (dialect) => {
  const node = new EsploraStandin();
  let t: TestRuntime;
  let shop: TestAccount;

  beforeAll(async () => {
    await node.start();
    t = await testRuntime(dialect, {
      SANDBOX_NODE_KEY: '45'.repeat(32),
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
    await t?.close();
    await node.stop();
  });

  const receive = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { wallet: 'btc', payment_mode: 'onchain', amount: 0.001 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { tid: number; chain_address: { address: string } };
  };
  const states = async (tid: number) =>
    (
      await t.deps.db.read
        .selectFrom('chain_deposits')
        .select(['state', 'reversals'])
        .where('payment_id', '=', BigInt(tid))
        .execute()
    ).map((r) => [r.state, BigInt(r.reversals)]);
  const btc = () => availableBalance(t.deps.db.read, shop.id, 'btc');

  it('a credited transaction gone from the chain and the mempool is reversed; one back in the mempool or mined again is kept', async () => {
    const [gone, waiting, remined] = [await receive(), await receive(), await receive()];
    node.tip = 100;
    node.txs = [gone, waiting, remined].map((p, i) => ({
      txid: txid(i + 1),
      outputs: [{ address: p.chain_address.address, value: 100_000 }],
      height: 99,
    }));
    const before = await btc();
    expect(await watchRound(t.deps)).toEqual({ credited: 3, dropped: 0, reversed: 0, unavailable: [] });
    expect(await btc()).toBe(before + 300_000_000n);

    // Blocks from 99 replaced: tx 1 is gone, tx 2 is back in the mempool, tx 3 mined again at 101.
    node.reorgFrom(99, (tx) => tx.txid !== txid(1));
    node.txs.find((tx) => tx.txid === txid(3))!.height = 101;
    node.tip = 102;
    node.mode = 'down';
    const failing = await watchRound(t.deps);
    expect(failing.reversed).toBe(0);
    expect(await btc()).toBe(before + 300_000_000n);

    node.mode = 'ok';
    expect(await watchRound(t.deps)).toEqual({ credited: 0, dropped: 0, reversed: 1, unavailable: [] });
    expect(await states(gone.tid)).toEqual([['dropped', 1n]]);
    expect(await states(waiting.tid)).toEqual([['credited', 0n]]);
    expect(await states(remined.tid)).toEqual([['credited', 0n]]);
    expect(await btc()).toBe(before + 200_000_000n);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
    expect(await watchRound(t.deps)).toEqual({ credited: 0, dropped: 0, reversed: 0, unavailable: [] });
  });
});
