import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { esploraWatcher } from '../../src/adapters/chain/esplora.ts';
import type { CreditedDeposit, WatchedAddress } from '../../src/app/ports.ts';
import { EsploraStandin } from '../fixtures/chain/esplora-standin.ts';

const A: WatchedAddress = {
  network: 'BTC',
  asset: 'btc',
  address: 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk',
};
const OTHER = 'bcrt1qnjg0jd8228aq7egyzacy8cys3knf9xvrn9d67m';
const txid = (n: number) => n.toString(16).padStart(64, '0');
/** The i-th of many watched addresses, in hand-out order (bech32-shaped; the stand-in matches text). */
const addr = (i: number) => `bcrt1q${i.toString().padStart(38, '0')}`;
const many = (n: number): WatchedAddress[] =>
  Array.from({ length: n }, (_, i) => ({ network: 'BTC', asset: 'btc', address: addr(i) }));

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
    node.limited = new Set();
    node.bytesOut = 0;
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
  it('100,000 watched addresses: a round makes at most ESPLORA_REQUESTS_PER_ROUND requests, the newest first, and the rotation reaches every address', async () => {
    const list = many(100_000);
    const w = esploraWatcher({
      baseUrl: node.url,
      confirmations: 2,
      timeoutMs: 5000,
      requestsPerRound: 300,
      concurrency: 4,
    });
    node.txs = [
      { txid: txid(20), outputs: [{ address: addr(99_999), value: 1_000 }], height: null }, // newest: open request
      { txid: txid(21), outputs: [{ address: addr(500), value: 2_000 }], height: 90 }, // an old address
    ];
    const first = await w.scan(list, null);
    expect(first.ok).toBe(true);
    if (!first.ok) return;
    expect(node.requests).toHaveLength(300);
    expect(first.value.deposits.map((d) => d.txHash)).toEqual([txid(20)]);
    expect(first.value.covered).toHaveLength(299);
    expect(first.value.covered).toContain(addr(99_999));
    expect(first.value.cursor).toBe(addr(148)); // 150 newest, then 0..148 in turn
    // Rounds go on from the cursor; the mempool deposit's address is read every round until it is final.
    let cursor = first.value.cursor;
    let rounds = 1;
    let found = false;
    while (!found && rounds < 10) {
      node.requests = [];
      const r = await w.scan(list, cursor);
      expect(r.ok && node.requests.length).toBe(300);
      if (!r.ok) return;
      expect(r.value.covered).toContain(addr(99_999));
      expect(r.value.deposits.map((d) => d.txHash)).toContain(txid(20));
      found = r.value.deposits.some((d) => d.txHash === txid(21));
      cursor = r.value.cursor;
      rounds += 1;
    }
    expect(rounds).toBe(4); // 149..297, 298..446, 447..595
  });

  it('every address is read within ⌈(n − newest) / rest⌉ rounds', async () => {
    const list = many(3_000);
    const w = esploraWatcher({ baseUrl: node.url, confirmations: 2, timeoutMs: 5000, requestsPerRound: 300 });
    const seen = new Set<string>();
    let cursor: string | null = null;
    for (let round = 0; round < Math.ceil((3_000 - 150) / 149); round += 1) {
      const r = await w.scan(list, cursor);
      if (!r.ok) throw new Error(r.error.reason);
      for (const a of r.value.covered ?? []) seen.add(a);
      cursor = r.value.cursor;
    }
    expect(seen.size).toBe(3_000);
  });

  it('a 429 for one address does not stop the round: the others are read, that one is reported and read first next round', async () => {
    const list = many(20);
    const w = esploraWatcher({ baseUrl: node.url, confirmations: 2, timeoutMs: 5000, concurrency: 1 });
    node.txs = [
      { txid: txid(30), outputs: [{ address: addr(3), value: 10 }], height: 95 },
      { txid: txid(31), outputs: [{ address: addr(7), value: 20 }], height: 95 },
    ];
    node.limited = new Set([addr(3)]);
    const r = await w.scan(list, null);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.deposits.map((d) => d.txHash)).toEqual([txid(31)]);
    expect(r.value.failures).toEqual([
      `address ${addr(3)} not read (esplora answered HTTP 429 to address); read again next round`,
    ]);
    expect(r.value.covered).toHaveLength(19);
    expect(r.value.covered).not.toContain(addr(3));

    node.limited = new Set();
    node.requests = [];
    const next = await w.scan(list, r.value.cursor);
    expect(node.requests[1]).toBe(`/address/${addr(3)}/txs`);
    expect(next.ok && next.value.deposits.map((d) => d.txHash).sort()).toEqual([txid(30), txid(31)]);
    expect(next.ok && next.value.failures).toBeUndefined();
  });

  it('a server refusing everything is not asked more than 10 times past the tip in a round', async () => {
    const list = many(500);
    node.limited = new Set(list.map((a) => a.address));
    const w = esploraWatcher({ baseUrl: node.url, confirmations: 2, timeoutMs: 5000, concurrency: 1 });
    const r = await w.scan(list, null);
    expect(r.ok && r.value.failures).toHaveLength(10);
    expect(r.ok && r.value.covered).toEqual([]);
    expect(node.requests).toHaveLength(11);
  });
  it('a rescan reads every address once, past the per-round budget', async () => {
    const list = many(1_000);
    node.txs = [{ txid: txid(40), outputs: [{ address: addr(400), value: 5 }], height: 90 }];
    const w = esploraWatcher({ baseUrl: node.url, confirmations: 2, timeoutMs: 5000, requestsPerRound: 50 });
    const r = await w.scan(list, null, { everyAddress: true });
    expect(r.ok && r.value.covered).toBeUndefined(); // all of them
    expect(r.ok && r.value.deposits.map((d) => d.txHash)).toEqual([txid(40)]);
    expect(node.requests).toHaveLength(1_001);
  });

  describe('missingFromChain (/tx/:txid/status, then /tx/:txid)', () => {
    const credit = (n: number, outputIndex = 0): CreditedDeposit => ({
      network: 'BTC',
      address: A.address,
      txHash: txid(n),
      outputIndex,
      blockHeight: 99,
      blockHash: node.blockHash(99),
      amountRaw: 700n,
    });

    it('lists the credits of a transaction Esplora no longer knows; keeps one mined again or back in the mempool', async () => {
      node.txs = [
        { txid: txid(1), outputs: [{ address: A.address, value: 700 }], height: 99 },
        { txid: txid(2), outputs: [{ address: A.address, value: 700 }], height: 99 },
        { txid: txid(3), outputs: [{ address: A.address, value: 700 }], height: 99 },
      ];
      // From 99 up: tx 1 is gone, tx 2 back in the mempool, tx 3 mined again at 100.
      node.reorgFrom(99, (t) => t.txid !== txid(1));
      node.txs.find((t) => t.txid === txid(3))!.height = 100;
      node.requests = [];
      const r = await watcher.missingFromChain!('BTC', [credit(1), credit(1, 1), credit(2), credit(3)]);
      expect(r).toEqual({ ok: true, value: [credit(1), credit(1, 1)] });
      // One status per transaction; the full transaction only where the status says unconfirmed.
      expect([...node.requests].sort()).toEqual(
        [
          '/blocks/tip/height',
          `/tx/${txid(1)}/status`,
          `/tx/${txid(1)}`,
          `/tx/${txid(2)}/status`,
          `/tx/${txid(2)}`,
          `/tx/${txid(3)}/status`,
        ].sort(),
      );
    });

    it('a server whose tip is below the block of the credit (a lagging backend) lists nothing', async () => {
      node.tip = 98;
      expect(await watcher.missingFromChain!('BTC', [credit(1)])).toEqual({ ok: true, value: [] });
      node.tip = 99;
      expect(await watcher.missingFromChain!('BTC', [credit(1)])).toEqual({ ok: true, value: [credit(1)] });
    });

    it('a server that is down or answers garbage lists nothing: the check is unavailable', async () => {
      for (const mode of ['down', 'garbage'] as const) {
        node.mode = mode;
        const r = await watcher.missingFromChain!('BTC', [credit(1)]);
        expect(r.ok).toBe(false);
      }
    });
  });
});
