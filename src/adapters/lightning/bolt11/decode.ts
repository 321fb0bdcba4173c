// BOLT #11 decoding: checksum, prefix, amount, tagged fields, and the signature verified (or the payee
// key recovered).

import { createHash } from 'node:crypto';
import { bech32 } from '@scure/base';
import { secp256k1 } from '../secp256k1.ts';
import { decodeAmount } from './amount.ts';
import {
  BECH32_CHARSET,
  type Bolt11ErrorReason,
  DEFAULT_EXPIRY_SEC,
  DEFAULT_MIN_FINAL_CLTV_EXPIRY,
  type DecodeInvoiceResult,
  FEATURE_DEPENDENCIES,
  KNOWN_FEATURE_PAIRS,
  MAX_INVOICE_LENGTH,
  PREFIX_NETWORK,
  readInt,
  SIGNATURE_WORDS,
  sha256,
  TAG,
  TIMESTAMP_WORDS,
  toHex,
  wordsToBytes,
  wordsToPaddedBytes,
} from './format.ts';

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
