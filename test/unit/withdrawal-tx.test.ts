import { hex } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { p2wpkh, Transaction } from '@scure/btc-signer';
import { RawPSBTV0 } from '@scure/btc-signer/psbt.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildPsbt,
  type Coin,
  differences,
  estimateVsize,
  feeForVsize,
  feeShares,
  outputBytes,
  parseFeeRateSatPerVb,
  parseHardenedPath,
  readSigned,
  scriptOf,
  selectCoins,
  signerNetwork,
} from '../../src/domain/withdrawal-tx.ts';
import { TEST_MNEMONIC } from '../fixtures/chain/keys.ts';

const root = HDKey.fromMasterSeed(mnemonicToSeedSync(TEST_MNEMONIC));
const account = HDKey.fromExtendedKey(root.derive("m/84'/1'/0'").publicExtendedKey);
const origin = { fingerprint: root.fingerprint, accountPath: parseHardenedPath("m/84'/1'/0'") };
const net = signerNetwork('regtest');
// Addresses of the withdrawal tests (test/http/withdrawals.test.ts): made by an independent implementation.
const P2WPKH = 'bcrt1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5phstwt';
const P2TR = 'bcrt1pqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5z5tpwxqergd3c8g7rusq58nmtx';
const P2PKH = 'mfcHP2WMCVLsVZA8yrovmhMgxNFW9r98xw';

/** A transaction paying `amount` to …/chain/index of the test account (its input is made up). */
function funding(chain: 0 | 1, index: number, amount: bigint, salt: number): { txid: string; raw: string } {
  const pub = account.deriveChild(chain).deriveChild(index).publicKey!;
  const tx = new Transaction({ version: 2, allowUnknownInputs: true });
  tx.addOutput({ script: p2wpkh(pub, net).script, amount });
  tx.addInput({
    txid: hex.encode(new Uint8Array(32).fill(salt)),
    index: 0,
    finalScriptSig: new Uint8Array([0x51]),
  });
  return { txid: tx.id, raw: hex.encode(tx.toBytes(true, false)) };
}

describe('fee shares', () => {
  it('sum exactly to the fee, each at least its own output at the rate', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(31, 32, 34, 43), { minLength: 1, maxLength: 60 }),
        fc.bigInt({ min: 1000n, max: 500_000n }),
        fc.integer({ min: 1, max: 20 }),
        (sizes, rate, inputs) => {
          const fee = feeForVsize(estimateVsize(inputs, sizes), rate);
          const shares = feeShares(fee, rate, sizes);
          expect(shares.reduce((a, b) => a + b, 0n)).toBe(fee);
          for (const [i, s] of sizes.entries()) {
            expect(shares[i]!).toBeGreaterThanOrEqual((BigInt(s) * rate) / 1000n);
          }
          const rests = shares.map((x, i) => x - (BigInt(sizes[i]!) * rate) / 1000n);
          expect(
            rests.reduce((a, b) => (b > a ? b : a)) - rests.reduce((a, b) => (b < a ? b : a)),
          ).toBeLessThanOrEqual(1n);
        },
      ),
    );
  });

  it('a larger output pays more: 43-byte P2TR against 31-byte P2WPKH at 10 sat/vB', () => {
    const shares = feeShares(2000n, 10_000n, [31, 43]);
    // Own bytes 310 + 430; the other 1260 sat split equally.
    expect(shares).toEqual([310n + 630n, 430n + 630n]);
  });
});

describe('coin selection (largest first)', () => {
  const coin = (amountSat: bigint, txid: string, vout = 0): Coin => ({
    txid,
    vout,
    amountSat,
    keyChain: 0,
    index: 0n,
  });
  const pay = (amountSat: bigint) => [{ address: P2WPKH, amountSat, outputSize: 31 }];

  it('takes the largest coins first and keeps change above dust', () => {
    const s = selectCoins(
      [coin(10_000n, 'a'), coin(50_000n, 'b'), coin(30_000n, 'c')],
      pay(60_000n),
      1000n,
      10,
    );
    expect(s.ok).toBe(true);
    if (!s.ok) return;
    expect(s.coins.map((c) => c.txid)).toEqual(['b', 'c']);
    expect(s.feeSat).toBe(feeForVsize(estimateVsize(2, [31, 31]), 1000n));
    expect(s.changeSat).toBe(80_000n - 60_000n - s.feeSat);
  });

  it('leaves a left-over below dust to the fee, with no change output', () => {
    const fee = feeForVsize(estimateVsize(1, [31]), 1000n);
    const s = selectCoins([coin(100_000n, 'a')], pay(100_000n - fee - 100n), 1000n, 10);
    expect(s).toMatchObject({ ok: true, changeSat: 0n, feeSat: fee + 100n });
  });

  it('says how much is missing', () => {
    const s = selectCoins([coin(10_000n, 'a')], pay(20_000n), 1000n, 10);
    expect(s).toEqual({
      ok: false,
      missingSat: 20_000n + feeForVsize(estimateVsize(1, [31]), 1000n) - 10_000n,
      limitedByInputs: false,
    });
  });

  it('stops at the input limit and says so', () => {
    const s = selectCoins(
      [coin(10_000n, 'a'), coin(10_000n, 'b'), coin(10_000n, 'c')],
      pay(25_000n),
      1000n,
      2,
    );
    expect(s).toMatchObject({ ok: false, limitedByInputs: true });
  });
});

describe('the PSBT', () => {
  const a = funding(0, 3, 100_000n, 1);
  const b = funding(1, 0, 40_000n, 2);
  const plan = {
    inputs: [
      { txid: a.txid, vout: 0, amountSat: 100_000n, keyChain: 0 as const, index: 3n, rawTxHex: a.raw },
      { txid: b.txid, vout: 0, amountSat: 40_000n, keyChain: 1 as const, index: 0n, rawTxHex: b.raw },
    ],
    payments: [
      { address: P2WPKH, amountSat: 50_000n },
      { address: P2TR, amountSat: 30_000n },
      { address: P2PKH, amountSat: 20_000n },
    ],
    change: { index: 7n, amountSat: 38_000n },
  };

  it('carries witness and non-witness UTXOs, key origins of inputs and change, and the account xpub', () => {
    const built = buildPsbt(plan, account, origin, 'regtest');
    const raw = RawPSBTV0.decode(built.psbt);
    expect(raw.global.xpub).toHaveLength(1);
    const [xpub, der] = raw.global.xpub![0]!;
    expect(hex.encode(xpub.publicKey)).toBe(hex.encode(account.publicKey!));
    expect(der).toEqual({ fingerprint: 0x73c5da0a, path: origin.accountPath });
    expect(raw.inputs[0]!.nonWitnessUtxo).toBeDefined();
    expect(raw.inputs[0]!.witnessUtxo!.amount).toBe(100_000n);
    expect(raw.inputs[0]!.bip32Derivation![0]![1].path).toEqual([...origin.accountPath, 0, 3]);
    expect(raw.inputs[1]!.bip32Derivation![0]![1].path).toEqual([...origin.accountPath, 1, 0]);
    expect(built.changeVout).toBe(3);
    expect(raw.outputs[3]!.bip32Derivation![0]![1].path).toEqual([...origin.accountPath, 1, 7]);
    // …/1/7 of the BIP84 test vector's account, as a second implementation derives it (btc-signer's p2wpkh).
    expect(built.changeAddress).toBe(p2wpkh(account.deriveChild(1).deriveChild(7).publicKey!, net).address);
  });

  it('refuses a previous transaction that does not pay the key it claims', () => {
    const other = funding(0, 4, 100_000n, 1);
    expect(() =>
      buildPsbt(
        { ...plan, inputs: [{ ...plan.inputs[0]!, rawTxHex: other.raw }] },
        account,
        origin,
        'regtest',
      ),
    ).toThrow(/previous transaction/);
  });

  it('signed with the seed keeps its txid, and its size is within the estimate', () => {
    const built = buildPsbt(plan, account, origin, 'regtest');
    const tx = Transaction.fromPSBT(built.psbt, { allowUnknownOutputs: true });
    expect(tx.sign(root as never)).toBe(2);
    tx.finalize();
    expect(tx.id).toBe(built.txid);
    const est = estimateVsize(2, [31, 43, 34, 31]);
    expect(tx.vsize).toBeLessThanOrEqual(est);
    expect(tx.vsize).toBeGreaterThanOrEqual(est - 2);
    const read = readSigned(tx.hex);
    expect(read).toMatchObject({ ok: true, value: { txid: built.txid, rawHex: tx.hex } });
  });

  it('names what a changed transaction does differently', () => {
    const built = buildPsbt(plan, account, origin, 'regtest');
    const expected = {
      inputs: plan.inputs.map((i) => ({ txid: i.txid, vout: i.vout })),
      outputs: [
        ...plan.payments.map((p, i) => ({
          script: hex.encode(scriptOf(p.address, 'regtest')),
          amountSat: p.amountSat,
          what: `w${i}`,
        })),
        { script: hex.encode(scriptOf(built.changeAddress!, 'regtest')), amountSat: 38_000n, what: 'change' },
      ],
    };
    const same = readSigned(hex.encode(built.psbt));
    expect(same.ok && differences(same.value, expected)).toBeNull();
    const tamper = (edit: (tx: Transaction) => void) => {
      const tx = Transaction.fromPSBT(built.psbt, { allowUnknownOutputs: true });
      edit(tx);
      const r = readSigned(hex.encode(tx.toPSBT()));
      if (!r.ok) throw new Error(r.error.message);
      expect(r.value.txid).not.toBe(built.txid);
      return differences(r.value, expected);
    };
    expect(tamper((tx) => tx.updateOutput(0, { amount: 49_000n }))).toMatch(
      /output 0 \(w0\) pays 49000 sat instead of 50000/,
    );
    expect(tamper((tx) => tx.addOutputAddress(P2WPKH, 1000n, net))).toMatch(
      /output 4 \(1000 sat\).*extra output/,
    );
  });
});

describe('fee rate text', () => {
  it.each([
    ['12', 12_000n],
    ['2.5', 2_500n],
    ['1.001', 1_001n],
  ])('%s sat/vB is %s sat/kvB', (text, kvb) =>
    expect(parseFeeRateSatPerVb(text)).toEqual({ ok: true, value: kvb }),
  );
  it.each(['', '-1', '1.0001', '1e3', 'ten'])('refuses "%s"', (text) =>
    expect(parseFeeRateSatPerVb(text).ok).toBe(false),
  );
});

describe('output sizes', () => {
  it('are 31, 43, 34 bytes for P2WPKH, P2TR, P2PKH', () => {
    expect([P2WPKH, P2TR, P2PKH].map((a) => outputBytes(scriptOf(a, 'regtest').length))).toEqual([
      31, 43, 34,
    ]);
  });
});
