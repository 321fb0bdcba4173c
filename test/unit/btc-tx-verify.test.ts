import { execFileSync } from 'node:child_process';
import { hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { sandboxDepositTx, scriptOfAddress } from '../../src/domain/btc-tx.ts';
import {
  bip143SighashAll,
  formatMoney,
  parseBtcTxForRelay,
  type SpentOutput,
  verifyBtcTransaction,
} from '../../src/domain/btc-tx-verify.ts';
import { satPerVbTextToSatPerKvb } from '../../src/domain/fee-rate.ts';
import { ELECTRUM_PYTHON, HAVE_ELECTRUM } from '../fixtures/electrum.ts';

/**
 * Vectors not made by this project's code:
 * - BIP143's "Native P2WPKH" example (bitcoin/bips bip-0143.mediawiki, "Example"): its unsigned and
 *   signed transaction, the second input's script and value (6 BTC), its sigHash and signature.
 * - ELECTRUM_TX: signed by Debian's python3-electrum 4.3.4 (regtest), private key 0x11 × 32 for both
 *   inputs (prevouts ab…ab:0 of 100,000 sat and cd…cd:3 of 50,000 sat, both paying the key's P2WPKH
 *   bcrt1ql3e9pgs3mmwuwrh95fecme0s0qtn2880hlwwpw), outputs 120,000 sat to BIP173's
 *   bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080 and 29,000 sat back, made with electrum's
 *   PartialTransaction.from_io(...).sign({pubkey: (privkey, True)}); its txid is electrum's `tx.txid()`.
 */
const BIP143_SIGNED =
  '01000000000102fff7f7881a8099afa6940d42d1e7f6362bec38171ea3edf433541db4e4ad969f00000000494830450221008b9d1dc26ba6a9cb62127b02742fa9d754cd3bebf337f7a55d114c8e5cdd30be022040529b194ba3f9281a99f2b1c0a19c0489bc22ede944ccf4ecbab4cc618ef3ed01eeffffffef51e1b804cc89d182d279655c3aa89e815b1b309fe287d9b2b55d57b90ec68a0100000000ffffffff02202cb206000000001976a9148280b37df378db99f66f85c95a783a76ac7a6d5988ac9093510d000000001976a9143bde42dbee7e4dbe6a21b2d50ce2f0167faa815988ac000247304402203609e17b84f6a7d30c80bfa610b5b4542f32a8a0d5447a12fb1366d7f01cc44a0220573a954c4518331561406f90300e8f3358f51928d43c212a8caed02de67eebee0121025476c2e83188368da1ff3e292e7acafcdb3566bb0ad253f62fc70f07aeee635711000000';

const ELECTRUM_TX =
  '02000000000102abababababababababababababababababababababababababababababababab0000000000fdffffffcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcdcd0300000000fdffffff02c0d4010000000000160014751e76e8199196d454941c45d1b3a323f1433bd64871000000000000160014fc7250a211deddc70ee5a2738de5f07817351cef0247304402202bcba22ff04b365017d99f21a983ceed9717293165959b67af5a143c51c71ea202203cb6050ca68b574cb2b468add35eafd5fabe50f6d6ed384b342b490c3f3489f20121034f355bdcb7cc0af728ef3cceb9615d90684bb5b2ca5f859ab0f0b704075871aa02473044022065710069cb9f3bba99034c5e748162e4a3469266727da62b7cc471a0fa99914802205d2895566ba6f00951811a550f0822f0f8890d199d5bd7daed7f47a610eab92d0121034f355bdcb7cc0af728ef3cceb9615d90684bb5b2ca5f859ab0f0b704075871aa00000000';
const ELECTRUM_TXID = '1b2068980cf070c93420860074e737bfbd6e32a31d1e6f7573d937d4b7ca62bb';
const KEY_SCRIPT = hex.decode('0014fc7250a211deddc70ee5a2738de5f07817351cef');
const PREVOUTS = new Map<string, SpentOutput>([
  [`${'ab'.repeat(32)}:0`, { amount: 100_000n, script: KEY_SCRIPT }],
  [`${'cd'.repeat(32)}:3`, { amount: 50_000n, script: KEY_SCRIPT }],
]);
const lookup =
  (m: Map<string, SpentOutput> = PREVOUTS) =>
  (p: { txid: string; vout: number }) =>
    m.get(`${p.txid}:${p.vout}`);

const MANDATORY_SIG =
  'mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)';

describe("BIP143 signature hash (the BIP's native P2WPKH example)", () => {
  it("the second input's sighash is the published one, and the published signature verifies", () => {
    const parsed = parseBtcTxForRelay(BIP143_SIGNED);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    const program = hex.decode('1d0f172a0ecb48aee1be1f2687d2963ae33f71a1');
    expect(hex.encode(bip143SighashAll(parsed.value.tx, 1, program, 600_000_000n))).toBe(
      'c37af31116d1b27caf68aae9e3ac82f1477929014d5b917657d0eb49478cb670',
    );
  });
  it('its first input spends a P2PK output, which this verifier does not take', () => {
    const r = verifyBtcTransaction(BIP143_SIGNED, (p) =>
      p.vout === 0
        ? {
            amount: 625_000_000n,
            script: hex.decode('2103c9f4836b9a4f77fc0d81f7bcb01b7f1b35916864b9476c241ce9fc198bd25432ac'),
          }
        : { amount: 600_000_000n, script: hex.decode('00141d0f172a0ecb48aee1be1f2687d2963ae33f71a1') },
    );
    expect(r.ok ? 'accepted' : r.reason).toMatch(/^sandbox-nonstandard-input/);
  });
});

describe('a transaction signed by Electrum', () => {
  it("is accepted, with Electrum's txid and its fee", () => {
    const r = verifyBtcTransaction(ELECTRUM_TX, lookup());
    expect(r.ok ? r.value.txid : r.reason).toBe(ELECTRUM_TXID);
    if (r.ok) expect(r.value.feeSat).toBe(1_000n);
  });

  it('with one byte of a signature flipped is refused as Bitcoin Core refuses it', () => {
    // The first signature's R starts after 0247 (witness count, push) 30440220: flip one byte inside R.
    const at = ELECTRUM_TX.indexOf('304402202bcba2') + 20;
    const flipped = `${ELECTRUM_TX.slice(0, at)}${(Number.parseInt(ELECTRUM_TX.slice(at, at + 2), 16) ^ 0x01)
      .toString(16)
      .padStart(2, '0')}${ELECTRUM_TX.slice(at + 2)}`;
    expect(flipped).not.toBe(ELECTRUM_TX);
    const r = verifyBtcTransaction(flipped, lookup());
    expect(r.ok ? 'accepted' : r.reason).toBe(MANDATORY_SIG);
  });

  it('with an output amount changed is refused: the signatures no longer cover it', () => {
    // 120,000 sat (c0d4010000000000) → 120,001 (c1d4…): still below the inputs.
    const changed = ELECTRUM_TX.replace('02c0d4010000000000', '02c1d4010000000000');
    expect(changed).not.toBe(ELECTRUM_TX);
    const r = verifyBtcTransaction(changed, lookup());
    expect(r.ok ? 'accepted' : r.reason).toBe(MANDATORY_SIG);
  });

  it('spending an output already spent (the chain no longer has it) is refused', () => {
    const m = new Map(PREVOUTS);
    m.delete(`${'cd'.repeat(32)}:3`);
    const r = verifyBtcTransaction(ELECTRUM_TX, lookup(m));
    expect(r.ok ? 'accepted' : r.reason).toBe('bad-txns-inputs-missingorspent');
  });

  it('spending an output the chain never had is refused', () => {
    const r = verifyBtcTransaction(ELECTRUM_TX, () => undefined);
    expect(r.ok ? 'accepted' : r.reason).toBe('bad-txns-inputs-missingorspent');
  });

  it('paying out more than its inputs hold is refused with both sums', () => {
    const m = new Map(PREVOUTS);
    m.set(`${'cd'.repeat(32)}:3`, { amount: 40_000n, script: KEY_SCRIPT });
    const r = verifyBtcTransaction(ELECTRUM_TX, lookup(m));
    expect(r.ok ? 'accepted' : r.reason).toBe(
      'bad-txns-in-belowout, value in (0.0014) < value out (0.00149)',
    );
  });

  it('spending an output of another key is refused: the witness pubkey does not hash to its program', () => {
    const m = new Map(PREVOUTS);
    m.set(`${'ab'.repeat(32)}:0`, {
      amount: 100_000n,
      script: hex.decode('0014751e76e8199196d454941c45d1b3a323f1433bd6'),
    });
    const r = verifyBtcTransaction(ELECTRUM_TX, lookup(m));
    expect(r.ok ? 'accepted' : r.reason).toBe(
      'mandatory-script-verify-flag-failed (Witness program hash mismatch)',
    );
  });

  it('with the input amount the signer did not sign for is refused (BIP143 commits to it)', () => {
    const m = new Map(PREVOUTS);
    m.set(`${'ab'.repeat(32)}:0`, { amount: 100_001n, script: KEY_SCRIPT });
    const r = verifyBtcTransaction(ELECTRUM_TX, lookup(m));
    expect(r.ok ? 'accepted' : r.reason).toBe(MANDATORY_SIG);
  });

  it('without witnesses, or truncated, is refused', () => {
    expect(verifyBtcTransaction(ELECTRUM_TX.slice(0, -2), lookup())).toEqual({
      ok: false,
      reason: 'TX decode failed',
    });
    expect(verifyBtcTransaction('zz', lookup())).toEqual({ ok: false, reason: 'TX decode failed' });
  });

  it('an output below the dust threshold is refused as dust', () => {
    // 29,000 sat (4871000000000000) → 293 (2501000000000000): P2WPKH's threshold is 294.
    const dusty = ELECTRUM_TX.replace('4871000000000000160014fc72', '2501000000000000160014fc72');
    const r = verifyBtcTransaction(dusty, lookup());
    expect(r.ok ? 'accepted' : r.reason).toBe('dust');
  });
});

describe("Bitcoin Core's FormatMoney", () => {
  it('keeps at least two decimals and trims the other trailing zeros', () => {
    expect(formatMoney(100_000_000n)).toBe('1.00');
    expect(formatMoney(10_000n)).toBe('0.0001');
    expect(formatMoney(149_000n)).toBe('0.00149');
    expect(formatMoney(1n)).toBe('0.00000001');
  });
});

describe.skipIf(!HAVE_ELECTRUM)("the sandbox chain's deposit transactions", () => {
  it('are real transactions: Electrum reads the same txid, output address and amount', () => {
    const address = 'bcrt1ql3e9pgs3mmwuwrh95fecme0s0qtn2880hlwwpw';
    const tx = sandboxDepositTx(address, 123_456n, hex.decode('07'.repeat(32)))!;
    expect(tx.txid).toMatch(/^[0-9a-f]{64}$/);
    const py = [
      'import sys, json',
      'from electrum import constants',
      'from electrum.transaction import Transaction',
      'constants.set_regtest()',
      't = Transaction(sys.argv[1])',
      'o = t.outputs()[0]',
      'print(json.dumps({"txid": t.txid(), "address": o.address, "value": o.value, "n": len(t.outputs()), "coinbase": t.inputs()[0].is_coinbase_input()}))',
    ].join('\n');
    const out = JSON.parse(execFileSync(ELECTRUM_PYTHON, ['-c', py, tx.rawHex], { encoding: 'utf8' }));
    expect(out).toEqual({ txid: tx.txid, address, value: 123_456, n: 1, coinbase: true });
    // Two deposits of one amount to one address differ by their nonce.
    expect(sandboxDepositTx(address, 123_456n, hex.decode('08'.repeat(32)))!.txid).not.toBe(tx.txid);
    expect(scriptOfAddress('not an address')).toBeNull();
  });
});

describe('Esplora fee rates, exactly from their decimal text', () => {
  it('sat/vB text → sat/kvB rounded up, never through a float', () => {
    expect(satPerVbTextToSatPerKvb('87.882')).toBe(87_882n);
    expect(satPerVbTextToSatPerKvb('1.0')).toBe(1_000n);
    expect(satPerVbTextToSatPerKvb('1')).toBe(1_000n);
    expect(satPerVbTextToSatPerKvb('1.0001')).toBe(1_001n);
    // 0.1 + 0.2 in floats is 0.30000000000000004: the text is exact.
    expect(satPerVbTextToSatPerKvb('0.3')).toBe(300n);
    expect(satPerVbTextToSatPerKvb('2.3450000000000001')).toBe(2_346n);
    expect(satPerVbTextToSatPerKvb('1e-5')).toBe(1n);
    expect(satPerVbTextToSatPerKvb('1.5E2')).toBe(150_000n);
    expect(satPerVbTextToSatPerKvb('0')).toBe(0n);
    for (const bad of ['-1', '', 'NaN', '1.', '.5', '0x10', '1e999', '1'.repeat(41), ' 1']) {
      expect(satPerVbTextToSatPerKvb(bad)).toBeNull();
    }
  });
});
