// BOLT #11 encoding: tagged fields as 5-bit words on top of @scure/base's bech32, signed through
// ../secp256k1.ts (the expensive part).

import { createHash } from 'node:crypto';
import { bech32 } from '@scure/base';
import { type Secp256k1, secp256k1 } from '../secp256k1.ts';
import { encodeAmount } from './amount.ts';
import {
  bytes32,
  DEFAULT_EXPIRY_SEC,
  DEFAULT_INVOICE_FEATURES,
  type EncodeInvoiceInput,
  MAX_DESCRIPTION_BYTES,
  MAX_TIMESTAMP,
  minimalIntWordCount,
  NETWORK_PREFIX,
  pushBytes,
  pushIntFixed,
  pushTag,
  TAG,
  TIMESTAMP_WORDS,
  wordCountForBytes,
  wordsToPaddedBytes,
} from './format.ts';

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
