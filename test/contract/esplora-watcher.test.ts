import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { esploraWatcher } from '../../src/adapters/chain/esplora.ts';
import type { WatchedAddress } from '../../src/app/ports.ts';
import { EsploraStandin } from '../fixtures/chain/esplora-standin.ts';

const A: WatchedAddress = {
  network: 'BTC',
  asset: 'btc',
  address: 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk',
};
const OTHER = 'bcrt1qnjg0jd8228aq7egyzacy8cys3knf9xvrn9d67m';
const txid = (n: number) => n.toString(16).padStart(64, '0');

describe('Esplora watcher against a stand-in of the documented API', () => {
  const node = new EsploraStandin();
  let watcher: ReturnType<typeof esploraWatcher>;
  beforeAll(async () => {
    await node.start();
    watcher = esploraWatcher({ baseUrl: node.url, confirmations: 2, timeoutMs: 2000 });
  });
  afterAll(() => node.stop());
  beforeEach(() => {
    node.txs = [];
    node.tip = 100;
    node.mode = 'ok';
    node.requests = [];
  });

  it('reports outputs to the watched address only, with confirmations and finality at depth 2', async () => {
    node.txs = [
      {
        txid: txid(1),
        outputs: [
          { address: OTHER, value: 5 },
          { address: A.address, value: 12_345 },
        ],
        height: 100,
      },
      { txid: txid(2), outputs: [{ address: A.address, value: 700 }], height: 99 },
      { txid: txid(3), outputs: [{ address: A.address, value: 1 }], height: null },
    ];
    const r = await watcher.scan([A], null);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const byTx = new Map(r.value.deposits.map((d) => [d.txHash, d]));
    expect(byTx.get(txid(1))).toMatchObject({
      outputIndex: 1,
      amountRaw: 12_345n,
      decimals: 8,
      confirmations: 1,
      final: false,
    });
    expect(byTx.get(txid(2))).toMatchObject({
      outputIndex: 0,
      amountRaw: 700n,
      confirmations: 2,
      final: true,
      blockHeight: 99,
    });
    expect(byTx.get(txid(3))).toMatchObject({ confirmations: 0, final: false, blockHeight: null });
    expect(r.value.deposits).toHaveLength(3);
    expect(r.value.tipHeight).toBe(100);
  });

  it('pages through confirmed history with /txs/chain/:last_seen_txid', async () => {
    node.txs = Array.from({ length: 60 }, (_, i) => ({
      txid: txid(1000 + i),
      outputs: [{ address: A.address, value: 1000 + i }],
      height: 10 + i,
    }));
    node.tip = 200;
    const r = await watcher.scan([A], null);
    expect(r.ok && r.value.deposits.length).toBe(60);
    expect(node.requests.filter((p) => p.includes('/txs/chain/'))).toHaveLength(2);
  });

  it('a reorg moves a deposit back to the mempool (not final) or removes it', async () => {
    node.txs = [{ txid: txid(7), outputs: [{ address: A.address, value: 500 }], height: 99 }];
    const before = await watcher.scan([A], null);
    expect(before.ok && before.value.deposits[0]!.final).toBe(true);
    node.reorgFrom(99, () => true);
    const after = await watcher.scan([A], null);
    expect(after.ok && after.value.deposits[0]).toMatchObject({ confirmations: 0, final: false });
    node.reorgFrom(0, () => false);
    node.txs = node.txs.filter((t) => t.height !== null);
    const gone = await watcher.scan([A], null);
    expect(gone.ok && gone.value.deposits).toEqual([]);
  });

  it('a server that is down or answers garbage is unavailable, never a throw and never a deposit', async () => {
    node.txs = [{ txid: txid(9), outputs: [{ address: A.address, value: 500 }], height: 90 }];
    node.mode = 'down';
    const down = await watcher.scan([A], null);
    expect(down.ok).toBe(false);
    node.mode = 'garbage';
    const garbage = await watcher.scan([A], null);
    expect(garbage.ok).toBe(false);
    const lookup = await watcher.lookupTransaction('BTC', txid(9), [A]);
    expect(lookup.ok).toBe(false);
    const closed = esploraWatcher({ baseUrl: 'http://127.0.0.1:1', confirmations: 2, timeoutMs: 500 });
    expect((await closed.scan([A], null)).ok).toBe(false);
    node.mode = 'ok';
    const back = await watcher.scan([A], null);
    expect(back.ok && back.value.deposits).toHaveLength(1);
  });

  it('looks up one transaction by /tx/:txid; an unknown one shows nothing', async () => {
    node.txs = [{ txid: txid(11), outputs: [{ address: A.address, value: 42 }], height: 95 }];
    const found = await watcher.lookupTransaction('BTC', txid(11), [A]);
    expect(found.ok && found.value).toMatchObject([{ txHash: txid(11), amountRaw: 42n, final: true }]);
    const unknown = await watcher.lookupTransaction('BTC', txid(12), [A]);
    expect(unknown.ok && unknown.value).toEqual([]);
  });
});
