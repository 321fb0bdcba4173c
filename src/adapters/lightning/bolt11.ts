// BOLT #11 payment requests: encode (sign) and decode (verify).
//
// The tagged-field layout is written here on top of @scure/base's bech32 so that encoding is a
// handful of array pushes; the expensive part, the signature, goes to ./secp256k1.ts.

import { createHash } from 'node:crypto';
import { bech32 } from '@scure/base';
import type { DecodedInvoice, LightningNetwork } from '../../app/ports.ts';
import { type Secp256k1, secp256k1 } from './secp256k1.ts';

const NETWORK_PREFIX: Readonly<Record<LightningNetwork, string>> = {
  bitcoin: 'bc',
  testnet: 'tb',
  signet: 'tbs',
  regtest: 'bcrt',
};

const PREFIX_NETWORK: ReadonlyMap<string, LightningNetwork> = new Map(
  Object.entries(NETWORK_PREFIX).map(([network, prefix]) => [prefix, network as LightningNetwork]),
);

/** A tagged field holds at most 1023 five-bit words: 639 whole bytes. */
export const MAX_DESCRIPTION_BYTES = 639;
/** Expiry a reader assumes when the `x` field is absent. */
export const DEFAULT_EXPIRY_SEC = 3600;
/** min_final_cltv_expiry_delta a reader assumes when the `c` field is absent. */
export const DEFAULT_MIN_FINAL_CLTV_EXPIRY = 18;
/** 21 million BTC: no invoice can ask for more. */
export const MAX_INVOICE_MSAT = 2_100_000_000_000_000_000n;
/** Longer strings are refused before any parsing; real invoices with many route hints stay far below. */
export const MAX_INVOICE_LENGTH = 8000;

/** BOLT #9 feature bits that may appear in an invoice (even = required, odd = optional). */
export const FEATURE_BITS = {
  varOnionOptinRequired: 8,
  varOnionOptinOptional: 9,
  paymentSecretRequired: 14,
  paymentSecretOptional: 15,
  basicMppRequired: 16,
  basicMppOptional: 17,
  routeBlindingRequired: 24,
  routeBlindingOptional: 25,
  paymentMetadataRequired: 48,
  paymentMetadataOptional: 49,
} as const;

/** What current wallets expect of a single-part invoice: var_onion_optin and payment_secret, both required. */
export const DEFAULT_INVOICE_FEATURES: readonly number[] = [
  FEATURE_BITS.varOnionOptinRequired,
  FEATURE_BITS.paymentSecretRequired,
];

const KNOWN_FEATURE_PAIRS: ReadonlySet<number> = new Set([8, 14, 16, 24, 48]);
/** feature pair → pair it depends on (BOLT #9 "Dependencies"). */
const FEATURE_DEPENDENCIES: ReadonlyMap<number, number> = new Map([
  [14, 8],
  [16, 14],
  [24, 8],
]);

const TAG = {
  paymentHash: 1,
  routeHint: 3,
  features: 5,
  expiry: 6,
  fallback: 9,
  description: 13,
  paymentSecret: 16,
  payee: 19,
  descriptionHash: 23,
  minFinalCltvExpiry: 24,
  metadata: 27,
} as const;

const TIMESTAMP_WORDS = 7;
const SIGNATURE_WORDS = 104;
const MAX_TIMESTAMP = 2 ** 35 - 1;
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

export type HexOr32Bytes = Uint8Array | string;

export interface EncodeInvoiceInput {
  network: LightningNetwork;
  /** null for an amountless invoice. */
  amountMsat: bigint | null;
  /** 32 bytes, or 64 hex characters. */
  paymentHash: HexOr32Bytes;
  /** 32 bytes, or 64 hex characters. */
  paymentSecret: HexOr32Bytes;
  /** Exactly one of description and descriptionHash. */
  description?: string;
  descriptionHash?: HexOr32Bytes;
  expirySec: number;
  createdAtSec: number;
  /** Omitted from the invoice when undefined (readers then assume 18). */
  minFinalCltvExpiry?: number;
  /** Feature bit numbers; defaults to DEFAULT_INVOICE_FEATURES. */
  features?: readonly number[];
  /** Also write the payee key (`n`), which lets readers verify instead of recovering the key. */
  includePayeeKey?: boolean;
}

export type Bolt11ErrorReason =
  | 'malformed'
  | 'bad_checksum'
  | 'unknown_network'
  | 'invalid_amount'
  | 'bad_signature'
  | 'missing_payment_hash'
  | 'unknown_required_feature'
  | 'missing_feature_dependency';

export interface Bolt11Invoice extends DecodedInvoice {
  /** Set feature bit numbers, ascending. */
  featureBits: readonly number[];
}

export type DecodeInvoiceResult =
  | { ok: true; invoice: Bolt11Invoice }
  | { ok: false; reason: Bolt11ErrorReason; message: string };

// ---------------------------------------------------------------- helpers

function sha256(data: Uint8Array): Uint8Array {
  return createHash('sha256').update(data).digest();
}

function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

function bytes32(value: HexOr32Bytes, name: string): Uint8Array {
  if (typeof value === 'string') {
    if (!/^[0-9a-fA-F]{64}$/.test(value)) throw new RangeError(`${name} must be 64 hex characters`);
    return Uint8Array.from(Buffer.from(value, 'hex'));
  }
  if (value.length !== 32) throw new RangeError(`${name} must be 32 bytes`);
  return value;
}

/** Appends `bytes` as 5-bit words, zero-padding the last word. */
function pushBytes(words: number[], bytes: Uint8Array): void {
  let acc = 0;
  let bits = 0;
  for (const byte of bytes) {
    acc = ((acc << 8) | byte) & 0xfff;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      words.push((acc >> bits) & 31);
    }
  }
  if (bits > 0) words.push((acc << (5 - bits)) & 31);
}

function wordCountForBytes(n: number): number {
  return Math.ceil((n * 8) / 5);
}

/** Big-endian, exactly `count` words. */
function pushIntFixed(words: number[], value: number, count: number): void {
  for (let i = count - 1; i >= 0; i--) words.push(Math.floor(value / 32 ** i) % 32);
}

function minimalIntWordCount(value: number): number {
  let count = 0;
  for (let v = value; v > 0; v = Math.floor(v / 32)) count++;
  return count;
}

function pushTag(words: number[], tag: number, dataWordCount: number): void {
  words.push(tag, dataWordCount >> 5, dataWordCount & 31);
}

/** `count` words from `start` as bytes; trailing bits that do not fill a byte are dropped. */
function wordsToBytes(words: ArrayLike<number>, start: number, count: number): Uint8Array {
  const out = new Uint8Array(Math.floor((count * 5) / 8));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = start; i < start + count && o < out.length; i++) {
    acc = ((acc << 5) | (words[i] ?? 0)) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  return out;
}

/** All of `words[0..count)` as bytes, zero-padded to a byte boundary (the signed data). */
function wordsToPaddedBytes(words: ArrayLike<number>, count: number): Uint8Array {
  const out = new Uint8Array(Math.ceil((count * 5) / 8));
  let acc = 0;
  let bits = 0;
  let o = 0;
  for (let i = 0; i < count; i++) {
    acc = ((acc << 5) | (words[i] ?? 0)) & 0xfff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      out[o++] = (acc >> bits) & 0xff;
    }
  }
  if (bits > 0) out[o] = (acc << (8 - bits)) & 0xff;
  return out;
}

function readInt(words: ArrayLike<number>, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) value = value * 32 + (words[i] ?? 0);
  return value;
}

/** Shortest human-readable amount: the largest multiplier that divides the amount exactly. */
export function encodeAmount(amountMsat: bigint): string {
  if (amountMsat <= 0n || amountMsat > MAX_INVOICE_MSAT) throw new RangeError('amountMsat out of range');
  if (amountMsat % 100_000_000_000n === 0n) return (amountMsat / 100_000_000_000n).toString();
  if (amountMsat % 100_000_000n === 0n) return `${amountMsat / 100_000_000n}m`;
  if (amountMsat % 100_000n === 0n) return `${amountMsat / 100_000n}u`;
  if (amountMsat % 100n === 0n) return `${amountMsat / 100n}n`;
  // One pico-bitcoin is a tenth of a millisatoshi, so a pico amount always ends in 0.
  return `${amountMsat * 10n}p`;
}

/** Amount part of the human-readable prefix → msat, or null when it is not a valid amount. */
export function decodeAmount(text: string): bigint | null {
  const m = /^([0-9]+)([munp]?)$/.exec(text);
  if (!m) return null;
  const digits = m[1] ?? '';
  // More digits than 21e6 BTC in pico units can ever need: refuse before building a huge bigint.
  if (digits.length > 22) return null;
  const value = BigInt(digits);
  let msat: bigint;
  switch (m[2]) {
    case '':
      msat = value * 100_000_000_000n;
      break;
    case 'm':
      msat = value * 100_000_000n;
      break;
    case 'u':
      msat = value * 100_000n;
      break;
    case 'n':
      msat = value * 100n;
      break;
    default:
      if (value % 10n !== 0n) return null;
      msat = value / 10n;
  }
  if (msat <= 0n || msat > MAX_INVOICE_MSAT) return null;
  return msat;
}

function featureWords(bits: readonly number[]): number[] {
  if (bits.length === 0) return [];
  let max = 0;
  for (const b of bits) {
    if (!Number.isInteger(b) || b < 0 || b > 1023 * 5 - 1) throw new RangeError(`invalid feature bit ${b}`);
    if (b > max) max = b;
  }
  const count = Math.floor(max / 5) + 1;
  const words: number[] = new Array(count).fill(0);
  for (const b of bits) {
    const index = count - 1 - Math.floor(b / 5);
    words[index] = (words[index] ?? 0) | (1 << (b % 5));
  }
  return words;
}

// ---------------------------------------------------------------- encode

/**
 * Builds and signs a payment request. Invalid input is a programming error and throws RangeError;
 * the caller validates user input first.
 */
export function encodeInvoice(
  input: EncodeInvoiceInput,
  privateKey: Uint8Array | string,
  ec: Secp256k1 = secp256k1(),
): string {
  const key = bytes32(privateKey, 'privateKey');
  const prefix = NETWORK_PREFIX[input.network];
  if (prefix === undefined) throw new RangeError(`unknown network ${String(input.network)}`);
  const hrp = `ln${prefix}${input.amountMsat === null ? '' : encodeAmount(input.amountMsat)}`;

  if (!Number.isInteger(input.createdAtSec) || input.createdAtSec < 0 || input.createdAtSec > MAX_TIMESTAMP) {
    throw new RangeError('createdAtSec out of range');
  }
  if (!Number.isSafeInteger(input.expirySec) || input.expirySec <= 0)
    throw new RangeError('expirySec must be > 0');
  if ((input.description === undefined) === (input.descriptionHash === undefined)) {
    throw new RangeError('give exactly one of description and descriptionHash');
  }

  const words: number[] = [];
  pushIntFixed(words, input.createdAtSec, TIMESTAMP_WORDS);

  // Field order follows the BOLT #11 examples (s, p, d|h, x, c, n, 9) so that the published
  // example invoices are reproduced byte for byte.
  pushTag(words, TAG.paymentSecret, 52);
  pushBytes(words, bytes32(input.paymentSecret, 'paymentSecret'));
  pushTag(words, TAG.paymentHash, 52);
  pushBytes(words, bytes32(input.paymentHash, 'paymentHash'));

  if (input.description !== undefined) {
    const d = new TextEncoder().encode(input.description);
    if (d.length > MAX_DESCRIPTION_BYTES)
      throw new RangeError(`description longer than ${MAX_DESCRIPTION_BYTES} bytes`);
    pushTag(words, TAG.description, wordCountForBytes(d.length));
    pushBytes(words, d);
  } else if (input.descriptionHash !== undefined) {
    pushTag(words, TAG.descriptionHash, 52);
    pushBytes(words, bytes32(input.descriptionHash, 'descriptionHash'));
  }

  // The default expiry needs no field; readers assume it.
  if (input.expirySec !== DEFAULT_EXPIRY_SEC) {
    const xWords = minimalIntWordCount(input.expirySec);
    pushTag(words, TAG.expiry, xWords);
    pushIntFixed(words, input.expirySec, xWords);
  }

  if (input.minFinalCltvExpiry !== undefined) {
    const c = input.minFinalCltvExpiry;
    if (!Number.isInteger(c) || c <= 0 || c > 0xffffffff)
      throw new RangeError('minFinalCltvExpiry out of range');
    const cWords = minimalIntWordCount(c);
    pushTag(words, TAG.minFinalCltvExpiry, cWords);
    pushIntFixed(words, c, cWords);
  }

  if (input.includePayeeKey === true) {
    pushTag(words, TAG.payee, 53);
    pushBytes(words, ec.publicKey(key));
  }

  const fWords = featureWords(input.features ?? DEFAULT_INVOICE_FEATURES);
  if (fWords.length > 0) {
    pushTag(words, TAG.features, fWords.length);
    for (const w of fWords) words.push(w);
  }

  const hrpBytes = Buffer.from(hrp, 'utf8');
  const data = wordsToPaddedBytes(words, words.length);
  const digest = createHash('sha256').update(hrpBytes).update(data).digest();
  const { signature, recid } = ec.sign(digest, key);
  const sig = new Uint8Array(65);
  sig.set(signature, 0);
  sig[64] = recid;
  pushBytes(words, sig);
  return bech32.encode(hrp, words, false);
}

// ---------------------------------------------------------------- decode

function fail(reason: Bolt11ErrorReason, message: string): DecodeInvoiceResult {
  return { ok: false, reason, message };
}

const utf8Strict = new TextDecoder('utf-8', { fatal: true });

/**
 * Parses and verifies a payment request (an optional `lightning:` prefix and upper case are
 * accepted). Never throws: every malformed input becomes `{ ok: false, reason }`.
 */
export function decodeInvoice(payreq: string): DecodeInvoiceResult {
  if (typeof payreq !== 'string') return fail('malformed', 'payment request must be a string');
  let text = payreq.trim();
  if (text.length > MAX_INVOICE_LENGTH + 10) return fail('malformed', 'payment request is too long');
  if (/^lightning:/i.test(text)) text = text.slice('lightning:'.length);
  if (text.length > MAX_INVOICE_LENGTH) return fail('malformed', 'payment request is too long');
  if (text !== text.toLowerCase() && text !== text.toUpperCase()) {
    return fail('malformed', 'payment request mixes upper and lower case');
  }
  text = text.toLowerCase();
  const sep = text.lastIndexOf('1');
  if (sep < 1) return fail('malformed', 'payment request has no bech32 separator');
  const hrp = text.slice(0, sep);
  const dataPart = text.slice(sep + 1);
  for (const ch of dataPart) {
    if (!BECH32_CHARSET.includes(ch)) return fail('malformed', `character "${ch}" is not bech32`);
  }
  if (dataPart.length < 6 + TIMESTAMP_WORDS + SIGNATURE_WORDS)
    return fail('malformed', 'payment request is too short');

  let words: ArrayLike<number>;
  try {
    words = bech32.decode(text as `${string}1${string}`, false).words;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return /checksum/i.test(message)
      ? fail('bad_checksum', 'bech32 checksum is invalid')
      : fail('malformed', message);
  }

  // Human-readable part: "ln" + network prefix + optional amount.
  if (!hrp.startsWith('ln')) return fail('unknown_network', 'prefix does not start with "ln"');
  const m = /^ln([a-z]+)(.*)$/.exec(hrp);
  const network = m ? PREFIX_NETWORK.get(m[1] ?? '') : undefined;
  if (!m || network === undefined) return fail('unknown_network', `unknown network prefix "${hrp}"`);
  const amountText = m[2] ?? '';
  let amountMsat: bigint | null = null;
  if (amountText !== '') {
    amountMsat = decodeAmount(amountText);
    if (amountMsat === null) return fail('invalid_amount', `invalid amount "${amountText}"`);
  }

  const dataWords = words.length - SIGNATURE_WORDS;
  if (dataWords < TIMESTAMP_WORDS) return fail('malformed', 'payment request is too short');
  const createdAtSec = readInt(words, 0, TIMESTAMP_WORDS);

  let paymentHash: string | null = null;
  let paymentSecret: string | null = null;
  let description: string | null = null;
  let descriptionHash: string | null = null;
  let payee: Uint8Array | null = null;
  let expirySec = DEFAULT_EXPIRY_SEC;
  let minFinalCltvExpiry = DEFAULT_MIN_FINAL_CLTV_EXPIRY;
  let featureBits: number[] = [];
  const seen = new Set<number>();

  let i = TIMESTAMP_WORDS;
  while (i < dataWords) {
    if (i + 3 > dataWords) return fail('malformed', 'truncated tagged field');
    const tag = words[i] ?? 0;
    const len = ((words[i + 1] ?? 0) << 5) | (words[i + 2] ?? 0);
    const start = i + 3;
    if (start + len > dataWords) return fail('malformed', 'tagged field runs past the signature');
    i = start + len;
    // A reader uses the first well-formed field of each kind and skips fields of unexpected length.
    const first = !seen.has(tag);
    switch (tag) {
      case TAG.paymentHash:
        if (len !== 52 || !first) continue;
        paymentHash = toHex(wordsToBytes(words, start, len));
        break;
      case TAG.paymentSecret:
        if (len !== 52 || !first) continue;
        paymentSecret = toHex(wordsToBytes(words, start, len));
        break;
      case TAG.descriptionHash:
        if (len !== 52 || !first) continue;
        descriptionHash = toHex(wordsToBytes(words, start, len));
        break;
      case TAG.payee:
        if (len !== 53 || !first) continue;
        payee = wordsToBytes(words, start, len);
        break;
      case TAG.description:
        if (!first) continue;
        try {
          description = utf8Strict.decode(wordsToBytes(words, start, len));
        } catch {
          return fail('malformed', 'description is not valid UTF-8');
        }
        break;
      case TAG.expiry:
        if (!first) continue;
        if (len > 10) return fail('malformed', 'expiry field too long');
        expirySec = readInt(words, start, len);
        break;
      case TAG.minFinalCltvExpiry:
        if (!first) continue;
        if (len > 10) return fail('malformed', 'min_final_cltv_expiry field too long');
        minFinalCltvExpiry = readInt(words, start, len);
        break;
      case TAG.features: {
        if (!first) continue;
        const bits: number[] = [];
        for (let w = 0; w < len; w++) {
          const word = words[start + w] ?? 0;
          const base = (len - 1 - w) * 5;
          for (let b = 0; b < 5; b++) if (word & (1 << b)) bits.push(base + b);
        }
        featureBits = bits.sort((a, b) => a - b);
        break;
      }
      default:
        // Route hints, fallback addresses, metadata and unknown fields do not concern this service.
        continue;
    }
    seen.add(tag);
  }

  if (paymentHash === null) return fail('missing_payment_hash', 'no valid payment hash field');

  const setBits = new Set(featureBits);
  for (const bit of featureBits) {
    const pair = bit - (bit % 2);
    if (bit % 2 === 0 && !KNOWN_FEATURE_PAIRS.has(pair)) {
      return fail('unknown_required_feature', `invoice requires unknown feature bit ${bit}`);
    }
    const dependency = FEATURE_DEPENDENCIES.get(pair);
    if (dependency !== undefined && !setBits.has(dependency) && !setBits.has(dependency + 1)) {
      return fail(
        'missing_feature_dependency',
        `feature bit ${bit} needs feature bit ${dependency} or ${dependency + 1}`,
      );
    }
  }

  const sigBytes = wordsToBytes(words, dataWords, SIGNATURE_WORDS);
  const recid = sigBytes[64] ?? 255;
  if (recid > 3) return fail('bad_signature', 'invalid recovery id');
  const signature = sigBytes.subarray(0, 64);
  const digest = createHash('sha256')
    .update(Buffer.from(hrp, 'utf8'))
    .update(wordsToPaddedBytes(words, dataWords))
    .digest();
  const ec = secp256k1();
  let payeeKey: Uint8Array;
  if (payee !== null) {
    if (!ec.verify(digest, signature, payee))
      return fail('bad_signature', 'signature does not match the payee key');
    payeeKey = payee;
  } else {
    const recovered = ec.recover(digest, signature, recid);
    if (recovered === null) return fail('bad_signature', 'signature is not recoverable');
    payeeKey = recovered;
  }

  return {
    ok: true,
    invoice: {
      payreq: text,
      network,
      amountMsat,
      paymentHash,
      paymentSecret,
      description,
      descriptionHash,
      payeePubkey: toHex(payeeKey),
      createdAtSec,
      expiresAtSec: createdAtSec + expirySec,
      minFinalCltvExpiry,
      featureBits,
    },
  };
}

/** SHA-256 of a UTF-8 string, hex: the `h` field of an invoice that commits to `text`. */
export function descriptionHashHex(text: string): string {
  return toHex(sha256(new TextEncoder().encode(text)));
}
