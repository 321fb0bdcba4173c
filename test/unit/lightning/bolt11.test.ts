import { createHash, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { bech32 } from '@scure/base';
import fc from 'fast-check';
import { decode as lightDecode } from 'light-bolt11-decoder';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_INVOICE_FEATURES,
  decodeAmount,
  decodeInvoice,
  descriptionHashHex,
  type EncodeInvoiceInput,
  encodeAmount,
  encodeInvoice,
  MAX_DESCRIPTION_BYTES,
  MAX_INVOICE_MSAT,
} from '../../../src/adapters/lightning/bolt11.ts';
import { loadNativeSecp256k1, nobleSecp256k1, secp256k1 } from '../../../src/adapters/lightning/secp256k1.ts';
import type { LightningNetwork } from '../../../src/app/ports.ts';
import {
  BOLT11_SPEC_PAYEE,
  BOLT11_SPEC_PRIVATE_KEY,
  INVALID_VECTORS,
  VALID_VECTORS,
} from '../../fixtures/lightning/bolt11-vectors.ts';

const require = createRequire(import.meta.url);
interface Bolt11LibDecoded {
  millisatoshis: string | null;
  payeeNodeKey: string;
  timestamp: number;
  timeExpireDate?: number;
  tags: { tagName: string; data: unknown }[];
}
const bolt11Lib = require('bolt11') as { decode(payreq: string, network?: object): Bolt11LibDecoded };

const NETWORKS: LightningNetwork[] = ['bitcoin', 'testnet', 'signet', 'regtest'];
const BOLT11_LIB_NETWORKS: Record<LightningNetwork, object> = {
  bitcoin: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, validWitnessVersions: [0, 1] },
  testnet: { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] },
  signet: { bech32: 'tbs', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] },
  regtest: { bech32: 'bcrt', pubKeyHash: 0x6f, scriptHash: 0xc4, validWitnessVersions: [0, 1] },
};

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const keyBytes = Uint8Array.from(Buffer.from(BOLT11_SPEC_PRIVATE_KEY, 'hex'));

function tag(decoded: Bolt11LibDecoded, name: string): unknown {
  return decoded.tags.find((t) => t.tagName === name)?.data;
}

function lightSection(payreq: string, name: string): unknown {
  const sections = lightDecode(payreq).sections as { name: string; value?: unknown }[];
  return sections.find((s) => s.name === name)?.value;
}

/** Re-signs the data part of `payreq` with another key, keeping every field (including `n`). */
function resignWith(payreq: string, privateKey: Uint8Array): string {
  const { prefix, words } = bech32.decode(payreq as `${string}1${string}`, false);
  const data = Array.from(words.slice(0, -104));
  const bits: number[] = [];
  for (const w of data) for (let b = 4; b >= 0; b--) bits.push((w >> b) & 1);
  while (bits.length % 8 !== 0) bits.push(0);
  const bytes = new Uint8Array(bits.length / 8);
  for (let i = 0; i < bytes.length; i++) {
    let v = 0;
    for (let b = 0; b < 8; b++) v = (v << 1) | (bits[i * 8 + b] ?? 0);
    bytes[i] = v;
  }
  const digest = createHash('sha256').update(Buffer.from(prefix)).update(bytes).digest();
  const { signature, recid } = secp256k1().sign(digest, privateKey);
  const sig = new Uint8Array(65);
  sig.set(signature);
  sig[64] = recid;
  return bech32.encode(prefix, [...data, ...bech32.toWords(sig)], false);
}

function baseInput(overrides: Partial<EncodeInvoiceInput> = {}): EncodeInvoiceInput {
  return {
    network: 'regtest',
    amountMsat: 150_000_000n,
    paymentHash: randomBytes(32),
    paymentSecret: randomBytes(32),
    description: 'paytag test',
    expirySec: 900,
    createdAtSec: 1_700_000_000,
    minFinalCltvExpiry: 80,
    ...overrides,
  };
}

describe('BOLT #11 specification examples', () => {
  it.each(VALID_VECTORS)('decodes "$name" to the documented fields', (v) => {
    const r = decodeInvoice(v.payreq);
    if (!r.ok) throw new Error(`${v.name}: ${r.reason} ${r.message}`);
    expect(r.invoice).toEqual({
      payreq: v.payreq.toLowerCase(),
      network: v.network,
      amountMsat: v.amountMsat,
      paymentHash: v.paymentHash,
      paymentSecret: v.paymentSecret,
      description: v.description,
      descriptionHash: v.descriptionHash,
      payeePubkey: BOLT11_SPEC_PAYEE,
      createdAtSec: v.createdAtSec,
      expiresAtSec: v.createdAtSec + v.expirySec,
      minFinalCltvExpiry: v.minFinalCltvExpiry,
      featureBits: v.featureBits,
    });
  });

  it.each(VALID_VECTORS.filter((v) => v.reproducible))('re-encodes "$name" byte for byte', (v) => {
    const encoded = encodeInvoice(
      {
        network: v.network,
        amountMsat: v.amountMsat,
        paymentHash: v.paymentHash,
        paymentSecret: v.paymentSecret ?? '',
        ...(v.description !== null
          ? { description: v.description }
          : { descriptionHash: v.descriptionHash ?? '' }),
        expirySec: v.expirySec,
        createdAtSec: v.createdAtSec,
        features: v.featureBits,
      },
      BOLT11_SPEC_PRIVATE_KEY,
    );
    expect(encoded).toBe(v.payreq);
  });

  it.each(INVALID_VECTORS)('rejects "$name" with reason $reason', (v) => {
    const r = decodeInvoice(v.payreq);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toBe(v.reason);
  });

  it('the hashed examples commit to the documented description', () => {
    const text =
      'One piece of chocolate cake, one icecream cone, one pickle, one slice of swiss cheese, one slice of salami, one lollypop, one piece of cherry pie, one sausage, one cupcake, and one slice of watermelon';
    expect(descriptionHashHex(text)).toBe('3925b6f67e2c340036ed12093dd44e0368df1b6ea26c53dbe4811f58fd5db8c1');
  });
});

describe('amount encoding', () => {
  it.each([
    [1n, '10p'],
    [7n, '70p'],
    [100n, '1n'],
    [1_000n, '10n'],
    [100_000n, '1u'],
    [250_000_000n, '2500u'],
    [100_000_000n, '1m'],
    [2_000_000_000n, '20m'],
    [100_000_000_000n, '1'],
    [967_878_534n, '9678785340p'],
    [MAX_INVOICE_MSAT, '21000000'],
  ])('%s msat is written as the shortest form %s', (msat, text) => {
    expect(encodeAmount(msat)).toBe(text);
    expect(decodeAmount(text)).toBe(msat);
  });

  it.each(['', '1p', '0', '0m', 'm', '1x', '1.5m', '-1', '21000001', '99999999999999999999999999'])(
    'refuses "%s"',
    (text) => {
      expect(decodeAmount(text)).toBeNull();
    },
  );

  it('refuses to encode zero or more than 21 million BTC', () => {
    expect(() => encodeAmount(0n)).toThrow(RangeError);
    expect(() => encodeAmount(MAX_INVOICE_MSAT + 1n)).toThrow(RangeError);
  });
});

describe('encoded invoices are read identically by other decoders', () => {
  const payee = BOLT11_SPEC_PAYEE;
  const cases = NETWORKS.flatMap((network) => [
    { network, amountMsat: 123_456_789n as bigint | null, hashed: false },
    { network, amountMsat: null as bigint | null, hashed: false },
    { network, amountMsat: 5_000n as bigint | null, hashed: true },
  ]);

  it.each(cases)(
    '$network, amount $amountMsat, hashed description $hashed',
    ({ network, amountMsat, hashed }) => {
      const paymentHash = randomBytes(32);
      const descriptionHash = randomBytes(32);
      const payreq = encodeInvoice(
        baseInput({
          network,
          amountMsat,
          paymentHash,
          ...(hashed ? { description: undefined, descriptionHash } : { description: 'coffee ☕ for two' }),
          expirySec: 3_601,
        }),
        keyBytes,
      );

      const lib = bolt11Lib.decode(payreq, BOLT11_LIB_NETWORKS[network]);
      // bolt11 recovers the signer's key from the signature: equal keys mean the signature verifies.
      expect(lib.payeeNodeKey).toBe(payee);
      expect(lib.millisatoshis).toBe(amountMsat === null ? null : amountMsat.toString());
      expect(tag(lib, 'payment_hash')).toBe(hex(paymentHash));
      expect(lib.timeExpireDate).toBe(1_700_000_000 + 3_601);
      if (hashed) expect(tag(lib, 'purpose_commit_hash')).toBe(hex(descriptionHash));
      else expect(tag(lib, 'description')).toBe('coffee ☕ for two');

      expect(lightSection(payreq, 'amount')).toBe(amountMsat === null ? undefined : amountMsat.toString());
      expect(lightSection(payreq, 'payment_hash')).toBe(hex(paymentHash));
      expect(lightSection(payreq, 'timestamp')).toBe(1_700_000_000);
      expect(lightSection(payreq, 'expiry')).toBe(3_601);
      if (hashed) expect(lightSection(payreq, 'description_hash')).toBe(hex(descriptionHash));
      else expect(lightSection(payreq, 'description')).toBe('coffee ☕ for two');
      const features = lightSection(payreq, 'feature_bits') as {
        var_onion_optin: string;
        payment_secret: string;
      };
      expect(features.var_onion_optin).toBe('required');
      expect(features.payment_secret).toBe('required');
    },
  );

  it('writes the default features var_onion_optin and payment_secret as required', () => {
    const r = decodeInvoice(encodeInvoice(baseInput(), keyBytes));
    expect(r.ok && r.invoice.featureBits).toEqual(DEFAULT_INVOICE_FEATURES);
  });
});

describe('decoding rules', () => {
  it('accepts a lightning: prefix and upper case, and normalizes the payment request', () => {
    const payreq = encodeInvoice(baseInput(), keyBytes);
    const r = decodeInvoice(`LIGHTNING:${payreq.toUpperCase()}`);
    expect(r.ok && r.invoice.payreq).toBe(payreq);
  });

  it('verifies against the n field when present', () => {
    const payreq = encodeInvoice(baseInput({ includePayeeKey: true }), keyBytes);
    const r = decodeInvoice(payreq);
    expect(r.ok && r.invoice.payeePubkey).toBe(BOLT11_SPEC_PAYEE);

    // Same fields, including n of the spec key, but signed by another key.
    const forged = resignWith(payreq, randomBytes(32));
    const f = decodeInvoice(forged);
    expect(f.ok).toBe(false);
    if (!f.ok) expect(f.reason).toBe('bad_signature');
  });

  it('a signature by another key recovers that key, not the original payee', () => {
    const other = randomBytes(32);
    const payreq = resignWith(encodeInvoice(baseInput(), keyBytes), other);
    const r = decodeInvoice(payreq);
    expect(r.ok && r.invoice.payeePubkey).toBe(hex(secp256k1().publicKey(other)));
  });

  it('accepts unknown odd feature bits and refuses unknown even ones', () => {
    const odd = decodeInvoice(encodeInvoice(baseInput({ features: [8, 14, 101] }), keyBytes));
    expect(odd.ok && odd.invoice.featureBits).toEqual([8, 14, 101]);
    const even = decodeInvoice(encodeInvoice(baseInput({ features: [8, 14, 100] }), keyBytes));
    expect(even.ok ? 'ok' : even.reason).toBe('unknown_required_feature');
  });

  it('refuses basic_mpp without payment_secret', () => {
    const r = decodeInvoice(encodeInvoice(baseInput({ features: [8, 16] }), keyBytes));
    expect(r.ok ? 'ok' : r.reason).toBe('missing_feature_dependency');
  });

  it('refuses an unknown network prefix', () => {
    const payreq = encodeInvoice(baseInput({ network: 'bitcoin' }), keyBytes);
    const { words } = bech32.decode(payreq as `${string}1${string}`, false);
    const r = decodeInvoice(bech32.encode('lnxy1500u', words, false));
    expect(r.ok ? 'ok' : r.reason).toBe('unknown_network');
  });

  it('defaults expiry to 3600 s and min_final_cltv_expiry to 18 when the fields are absent', () => {
    const { minFinalCltvExpiry: _omit, ...input } = baseInput({ expirySec: 3600 });
    const r = decodeInvoice(encodeInvoice(input, keyBytes));
    expect(r.ok && r.invoice.expiresAtSec - r.invoice.createdAtSec).toBe(3600);
    expect(r.ok && r.invoice.minFinalCltvExpiry).toBe(18);
  });

  it('refuses non-strings and oversized input without throwing', () => {
    expect(decodeInvoice(42 as unknown as string).ok).toBe(false);
    expect(decodeInvoice(`lnbc1${'q'.repeat(20_000)}`).ok).toBe(false);
    expect(decodeInvoice('').ok).toBe(false);
  });

  it('refuses a description that is not UTF-8', () => {
    // d field with the single byte 0xff, then a valid signature over it.
    const input = baseInput({ description: 'x' });
    const payreq = encodeInvoice(input, keyBytes);
    const { prefix, words } = bech32.decode(payreq as `${string}1${string}`, false);
    const data = Array.from(words.slice(0, -104));
    // Find the d field (type 13, length 2 words for one byte) and replace its data with 0xff.
    for (let i = 7; i < data.length; ) {
      const len = ((data[i + 1] ?? 0) << 5) | (data[i + 2] ?? 0);
      if (data[i] === 13) {
        data.splice(i + 3, len, 31, 28);
        break;
      }
      i += 3 + len;
    }
    const rebuilt = resignWith(bech32.encode(prefix, [...data, ...new Array(104).fill(0)], false), keyBytes);
    const r = decodeInvoice(rebuilt);
    expect(r.ok ? 'ok' : r.reason).toBe('malformed');
  });
});

describe('encoder input validation', () => {
  it.each([
    ['a 31-byte payment hash', { paymentHash: randomBytes(31) }],
    ['a non-hex payment secret', { paymentSecret: 'z'.repeat(64) }],
    ['a zero expiry', { expirySec: 0 }],
    ['a negative timestamp', { createdAtSec: -1 }],
    ['a description over 639 bytes', { description: 'é'.repeat(320) }],
    ['both description and hash', { descriptionHash: randomBytes(32) }],
    ['neither description nor hash', { description: undefined }],
    ['a zero amount', { amountMsat: 0n }],
  ])('throws RangeError for %s', (_name, overrides) => {
    expect(() => encodeInvoice(baseInput(overrides as Partial<EncodeInvoiceInput>), keyBytes)).toThrow(
      RangeError,
    );
  });

  it('accepts a description of exactly 639 bytes', () => {
    const description = 'a'.repeat(MAX_DESCRIPTION_BYTES);
    const r = decodeInvoice(encodeInvoice(baseInput({ description }), keyBytes));
    expect(r.ok && r.invoice.description).toBe(description);
  });
});

describe('properties', () => {
  const bytes32 = fc.uint8Array({ minLength: 32, maxLength: 32 });
  const description = fc
    .string({ unit: 'grapheme', maxLength: 200 })
    .filter((s) => new TextEncoder().encode(s).length <= MAX_DESCRIPTION_BYTES);

  it('decode(encode(x)) returns x', () => {
    fc.assert(
      fc.property(
        fc.record({
          network: fc.constantFrom(...NETWORKS),
          amountMsat: fc.option(fc.bigInt({ min: 1n, max: MAX_INVOICE_MSAT }), { nil: null }),
          paymentHash: bytes32,
          paymentSecret: bytes32,
          desc: fc.oneof(
            description.map((d) => ({ description: d })),
            bytes32.map((h) => ({ descriptionHash: h })),
          ),
          expirySec: fc.integer({ min: 1, max: 2 ** 40 }),
          createdAtSec: fc.integer({ min: 0, max: 2 ** 35 - 1 }),
          minFinalCltvExpiry: fc.option(fc.integer({ min: 1, max: 0xffffffff }), { nil: undefined }),
          features: fc.uniqueArray(fc.constantFrom(8, 9, 14, 15, 17, 25, 49, 99, 255), { maxLength: 5 }),
        }),
        (x) => {
          // Required features need their dependencies; keep the generated vectors valid.
          const features = [...new Set([8, 14, ...x.features])].sort((a, b) => a - b);
          const input: EncodeInvoiceInput = {
            network: x.network,
            amountMsat: x.amountMsat,
            paymentHash: x.paymentHash,
            paymentSecret: x.paymentSecret,
            ...x.desc,
            expirySec: x.expirySec,
            createdAtSec: x.createdAtSec,
            features,
            ...(x.minFinalCltvExpiry === undefined ? {} : { minFinalCltvExpiry: x.minFinalCltvExpiry }),
          };
          const r = decodeInvoice(encodeInvoice(input, keyBytes));
          if (!r.ok) throw new Error(`${r.reason}: ${r.message}`);
          expect(r.invoice.network).toBe(x.network);
          expect(r.invoice.amountMsat).toBe(x.amountMsat);
          expect(r.invoice.paymentHash).toBe(hex(x.paymentHash));
          expect(r.invoice.paymentSecret).toBe(hex(x.paymentSecret));
          expect(r.invoice.description).toBe('description' in x.desc ? x.desc.description : null);
          expect(r.invoice.descriptionHash).toBe(
            'descriptionHash' in x.desc ? hex(x.desc.descriptionHash) : null,
          );
          expect(r.invoice.createdAtSec).toBe(x.createdAtSec);
          expect(r.invoice.expiresAtSec).toBe(x.createdAtSec + x.expirySec);
          expect(r.invoice.minFinalCltvExpiry).toBe(x.minFinalCltvExpiry ?? 18);
          expect(r.invoice.featureBits).toEqual(features);
          expect(r.invoice.payeePubkey).toBe(BOLT11_SPEC_PAYEE);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 600 }), (s) => {
        expect(decodeInvoice(s).ok).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it('never throws on bech32-shaped garbage with a valid checksum', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('lnbc', 'lntb', 'lnbcrt', 'lntbs', 'lnbc10u', 'lnbc1p', 'lnxx', 'bc'),
        fc.array(fc.integer({ min: 0, max: 31 }), { minLength: 0, maxLength: 400 }),
        (hrp, words) => {
          const r = decodeInvoice(bech32.encode(hrp, words, false));
          // Random words essentially never carry a valid signature over a payment hash field.
          expect(r.ok).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('any single changed character is detected', () => {
    const payreq = encodeInvoice(baseInput(), keyBytes);
    const charset = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
    fc.assert(
      fc.property(
        fc.integer({ min: 'lnbcrt1500u1'.length, max: payreq.length - 1 }),
        fc.nat(30),
        (pos, k) => {
          const original = payreq[pos] ?? 'q';
          const replacement = charset[(charset.indexOf(original) + 1 + k) % 32] ?? 'q';
          const mutated = payreq.slice(0, pos) + replacement + payreq.slice(pos + 1);
          expect(decodeInvoice(mutated).ok).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('secp256k1 implementations', () => {
  it('libsecp256k1 is loaded on this platform and agrees with @noble/curves', () => {
    const native = loadNativeSecp256k1();
    expect(native?.implementation).toBe('libsecp256k1');
    const noble = nobleSecp256k1();
    for (let i = 0; i < 20; i++) {
      const key = randomBytes(32);
      const digest = randomBytes(32);
      const a = native?.sign(digest, key);
      const b = noble.sign(digest, key);
      expect(a && hex(a.signature)).toBe(hex(b.signature));
      expect(a?.recid).toBe(b.recid);
      expect(hex(noble.recover(digest, b.signature, b.recid) ?? new Uint8Array())).toBe(
        hex(noble.publicKey(key)),
      );
      expect(native?.verify(digest, b.signature, noble.publicKey(key))).toBe(true);
    }
  });

  it('the noble fallback encodes the spec examples identically', () => {
    const v = VALID_VECTORS[1];
    if (!v) throw new Error('missing vector');
    const payreq = encodeInvoice(
      {
        network: v.network,
        amountMsat: v.amountMsat,
        paymentHash: v.paymentHash,
        paymentSecret: v.paymentSecret ?? '',
        description: v.description ?? '',
        expirySec: v.expirySec,
        createdAtSec: v.createdAtSec,
      },
      BOLT11_SPEC_PRIVATE_KEY,
      nobleSecp256k1(),
    );
    expect(payreq).toBe(v.payreq);
  });
});
