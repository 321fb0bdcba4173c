import { hex } from '@scure/base';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  esploraRefusalReason,
  esploraTransactions,
  parseFeeEstimates,
} from '../../src/adapters/chain/esplora.ts';
import { sandboxDepositTx } from '../../src/domain/btc-tx.ts';
import { electrumSignMany } from '../fixtures/chain/electrum.ts';
import { EsploraStandin } from '../fixtures/chain/esplora-standin.ts';

/** The TEST_MNEMONIC account's receive address 0 (m/84'/1'/0'/0/0 on regtest). */
const MINE = 'bcrt1q6rz28mcfaxtmd6v789l9rrlrusdprr9pz3cppk';
/** BIP173's regtest P2WPKH example. */
const OUTSIDE = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
const MANDATORY_SIG =
  'mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)';
const SLOW = 120_000;

describe('Esplora transactions against a stand-in of the documented API', () => {
  const node = new EsploraStandin();
  let chain: ReturnType<typeof esploraTransactions>;
  /** A funding transaction of 100,000 sat to MINE, confirmed at 99 (tip 100), and spends of it Electrum signed. */
  let funding: string;
  let fundingRaw: string;
  let signed: { good: Signed; other: Signed; tooMuch: Signed };
  type Signed = { hex: string; txid: string };

  beforeAll(async () => {
    await node.start();
    chain = esploraTransactions({ baseUrl: node.url, timeoutMs: 5000 });
    const f = sandboxDepositTx(MINE, 100_000n, hex.decode('05'.repeat(32)))!;
    funding = f.txid;
    fundingRaw = f.rawHex;
    const input = { txid: funding, vout: 0, value: 100_000, path: [0, 0] as [number, number] };
    const [good, other, tooMuch] = electrumSignMany([
      { inputs: [input], outputs: [{ address: OUTSIDE, value: 90_000 }] },
      { inputs: [input], outputs: [{ address: OUTSIDE, value: 80_000 }] },
      { inputs: [input], outputs: [{ address: OUTSIDE, value: 100_001 }] },
    ]) as [Signed, Signed, Signed];
    signed = { good, other, tooMuch };
  }, SLOW);
  afterAll(() => node.stop());
  beforeEach(() => {
    node.txs = [];
    node.raw = new Map();
    node.spent = new Map();
    node.posted = [];
    node.tip = 100;
    node.mode = 'ok';
    node.requests = [];
    node.addRaw(fundingRaw, 99);
  });

  it('rawTransaction: the hex of a known transaction; null for an unknown one (404)', async () => {
    expect(await chain.rawTransaction(funding)).toEqual({ ok: true, value: fundingRaw });
    expect(await chain.rawTransaction('ab'.repeat(32))).toEqual({ ok: true, value: null });
    expect(node.requests).toEqual([`/tx/${funding}/hex`, `/tx/${'ab'.repeat(32)}/hex`]);
  });

  it('broadcast of an Electrum-signed spend: POST /tx with the hex, the txid answered; then mempool, then confirmed with its depth', async () => {
    expect(await chain.broadcast(signed.good.hex)).toEqual({
      ok: true,
      value: { accepted: true, txid: signed.good.txid },
    });
    expect(node.posted).toEqual([signed.good.hex]);
    expect(await chain.status(signed.good.txid)).toEqual({ ok: true, value: { state: 'mempool' } });
    // Sent again while in the mempool: Core answers its txid.
    expect(await chain.broadcast(signed.good.hex)).toMatchObject({ ok: true, value: { accepted: true } });
    node.txs.find((t) => t.txid === signed.good.txid)!.height = 101;
    node.tip = 103;
    expect(await chain.status(signed.good.txid)).toEqual({
      ok: true,
      value: { state: 'confirmed', blockHeight: 101, blockHash: node.blockHash(101), confirmations: 3 },
    });
    // Sent again once confirmed: Core's -27 "already in utxo set" is taken as known.
    expect(await chain.broadcast(signed.good.hex)).toEqual({
      ok: true,
      value: { accepted: true, txid: signed.good.txid },
    });
    expect(await chain.rawTransaction(signed.good.txid)).toEqual({ ok: true, value: signed.good.hex });
  });

  it("refusals carry Bitcoin Core's reason from the 400: a flipped signature, a spent input, outputs above inputs, not a transaction", async () => {
    const at = signed.good.hex.indexOf('0247304') + 20;
    const flipped = `${signed.good.hex.slice(0, at)}${(
      Number.parseInt(signed.good.hex.slice(at, at + 2), 16) ^ 0x80
    )
      .toString(16)
      .padStart(2, '0')}${signed.good.hex.slice(at + 2)}`;
    expect(await chain.broadcast(flipped)).toEqual({
      ok: true,
      value: { accepted: false, reason: MANDATORY_SIG },
    });
    expect(await chain.broadcast(signed.tooMuch.hex)).toEqual({
      ok: true,
      value: { accepted: false, reason: 'bad-txns-in-belowout, value in (0.001) < value out (0.00100001)' },
    });
    expect((await chain.broadcast(signed.good.hex)).ok).toBe(true);
    expect(await chain.broadcast(signed.other.hex)).toEqual({
      ok: true,
      value: { accepted: false, reason: 'bad-txns-inputs-missingorspent' },
    });
    // Not a transaction: refused before anything is sent.
    const before = node.posted.length;
    expect(await chain.broadcast('zz')).toEqual({
      ok: true,
      value: { accepted: false, reason: 'TX decode failed' },
    });
    expect(node.posted).toHaveLength(before);
  });

  it('status: unknown when electrs says unconfirmed and GET /tx is 404', async () => {
    expect(await chain.status('cd'.repeat(32))).toEqual({ ok: true, value: { state: 'unknown' } });
    expect(node.requests).toEqual([`/tx/${'cd'.repeat(32)}/status`, `/tx/${'cd'.repeat(32)}`]);
  });

  it('a server down or answering garbage is unavailable, never a refusal', async () => {
    node.mode = 'down';
    const b = await chain.broadcast(signed.good.hex);
    expect(b.ok).toBe(false);
    expect((await chain.status(funding)).ok).toBe(false);
    expect((await chain.rawTransaction(funding)).ok).toBe(false);
    expect((await chain.feeEstimates()).ok).toBe(false);
    node.mode = 'garbage';
    expect((await chain.broadcast(signed.good.hex)).ok).toBe(false);
    expect((await chain.status(funding)).ok).toBe(false);
    expect((await chain.rawTransaction(funding)).ok).toBe(false);
  });

  it('fee estimates: sat/vB text → sat/kvB rounded up, exactly; a malformed answer is unavailable', async () => {
    expect(await chain.feeEstimates()).toEqual({
      ok: true,
      value: new Map([
        [1, 87_882n],
        [2, 87_882n],
        [3, 80_100n],
        [6, 62_000n],
        [144, 1_027n],
        [504, 1_000n],
        [1008, 1_000n],
      ]),
    });
    for (const bad of [
      '[]',
      '{"1":-1}',
      '{"0":1}',
      '{"1":"2"}',
      '{"1":1,"1":2}',
      '{"x":1}',
      'null',
      '{"1":NaN}',
    ]) {
      node.feeEstimatesBody = bad;
      expect((await chain.feeEstimates()).ok, bad).toBe(false);
    }
    node.feeEstimatesBody = '{}';
    expect(await chain.feeEstimates()).toEqual({ ok: true, value: new Map() });
    node.feeEstimatesBody = '{"1":87.882,"2":87.882,"3":80.1,"6":62.0,"144":1.027,"504":1.0,"1008":1.0}';
  });
});

describe("Esplora's answers, read exactly", () => {
  it("a refusal's reason: electrs' wrapped RPC error, or the bare text, bounded and without control characters", () => {
    expect(
      esploraRefusalReason(
        'sendrawtransaction RPC error: {"code":-26,"message":"min relay fee not met, 14 < 141"}',
      ),
    ).toBe('min relay fee not met, 14 < 141');
    expect(esploraRefusalReason('dust\n')).toBe('dust');
    expect(esploraRefusalReason(`a\u0000b${'x'.repeat(1000)}`)).toHaveLength(501);
    expect(esploraRefusalReason('')).toBe('refused without a reason');
  });
  it('fee estimates with exponents and many decimals', () => {
    expect(parseFeeEstimates('{ "1" : 1e-5 , "25": 2.0000000001 }')).toEqual(
      new Map([
        [1, 1n],
        [25, 2_001n],
      ]),
    );
    expect(parseFeeEstimates('{"1009":1}')).toBeNull();
    expect(parseFeeEstimates('{"01":1}')).toBeNull();
  });
});
