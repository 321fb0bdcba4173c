// The amount in a BOLT #11 human-readable prefix: a number of bitcoin with an optional multiplier.

import { MAX_INVOICE_MSAT } from './format.ts';

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
