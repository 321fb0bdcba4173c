// BOLT #11 layout shared by encode and decode: network prefixes, limits, feature bits, tags, types, and
// the 5-bit word helpers.

import { createHash } from 'node:crypto';
import type { DecodedInvoice, LightningNetwork } from '../../../app/ports.ts';

export const NETWORK_PREFIX: Readonly<Record<LightningNetwork, string>> = {
  bitcoin: 'bc',
  testnet: 'tb',
  signet: 'tbs',
  regtest: 'bcrt',
};

export const PREFIX_NETWORK: ReadonlyMap<string, LightningNetwork> = new Map(
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

export const KNOWN_FEATURE_PAIRS: ReadonlySet<number> = new Set([8, 14, 16, 24, 48]);
/** feature pair → pair it depends on (BOLT #9 "Dependencies"). */
export const FEATURE_DEPENDENCIES: ReadonlyMap<number, number> = new Map([
  [14, 8],
  [16, 14],
  [24, 8],
]);

export const TAG = {
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

export const TIMESTAMP_WORDS = 7;
export const SIGNATURE_WORDS = 104;
export const MAX_TIMESTAMP = 2 ** 35 - 1;
export const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

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

export function sha256(data: Uint8Array): Uint8Array {
  return createHash('sha256').update(data).digest();
}

export function toHex(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

export function bytes32(value: HexOr32Bytes, name: string): Uint8Array {
  if (typeof value === 'string') {
    if (!/^[0-9a-fA-F]{64}$/.test(value)) throw new RangeError(`${name} must be 64 hex characters`);
    return Uint8Array.from(Buffer.from(value, 'hex'));
  }
  if (value.length !== 32) throw new RangeError(`${name} must be 32 bytes`);
  return value;
}

/** Appends `bytes` as 5-bit words, zero-padding the last word. */
export function pushBytes(words: number[], bytes: Uint8Array): void {
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

export function wordCountForBytes(n: number): number {
  return Math.ceil((n * 8) / 5);
}

/** Big-endian, exactly `count` words. */
export function pushIntFixed(words: number[], value: number, count: number): void {
  for (let i = count - 1; i >= 0; i--) words.push(Math.floor(value / 32 ** i) % 32);
}

export function minimalIntWordCount(value: number): number {
  let count = 0;
  for (let v = value; v > 0; v = Math.floor(v / 32)) count++;
  return count;
}

export function pushTag(words: number[], tag: number, dataWordCount: number): void {
  words.push(tag, dataWordCount >> 5, dataWordCount & 31);
}

/** `count` words from `start` as bytes; trailing bits that do not fill a byte are dropped. */
export function wordsToBytes(words: ArrayLike<number>, start: number, count: number): Uint8Array {
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
export function wordsToPaddedBytes(words: ArrayLike<number>, count: number): Uint8Array {
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

export function readInt(words: ArrayLike<number>, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i++) value = value * 32 + (words[i] ?? 0);
  return value;
}
