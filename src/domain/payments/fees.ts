import { MSAT_PER_SAT } from '../money.ts';
import type { PaymentDirection } from './vocabulary.ts';

/** Payments: fee arithmetic. Pure; money is bigint msat. */

/** Millionths: rates are kept as integer parts per million so fee math stays exact. */
export const PPM = 1_000_000n;

export interface FeeRates {
  /** Service fee on sending, ppm of the amount. */
  serviceSendPpm: bigint;
  /** Service fee on receiving, ppm of the amount. */
  serviceReceivePpm: bigint;
  /** GST, ppm of the service fee. */
  gstPpm: bigint;
}

export interface ServiceFees {
  serviceFeeMsat: bigint;
  gstFeeMsat: bigint;
  /** The rate applied, for the `(<percent>%)` suffix. */
  servicePpm: bigint;
}

/** Rounds msat down to a whole satoshi, so a fee is shown exactly by an 8-decimal BTC string. */
const roundDownToSat = (msat: bigint): bigint => (msat / MSAT_PER_SAT) * MSAT_PER_SAT;

/**
 * The service fee and its GST for one direction. Both are rounded down to whole satoshis: in the
 * account holder's favour, and exactly representable in the API's 8-decimal BTC strings.
 */
export function serviceFeesRoundedDownToSat(
  amountMsat: bigint,
  direction: PaymentDirection,
  rates: FeeRates,
): ServiceFees {
  const servicePpm = direction === 'out' ? rates.serviceSendPpm : rates.serviceReceivePpm;
  const serviceFeeMsat = roundDownToSat((amountMsat * servicePpm) / PPM);
  const gstFeeMsat = roundDownToSat((serviceFeeMsat * rates.gstPpm) / PPM);
  return { serviceFeeMsat, gstFeeMsat, servicePpm };
}

/**
 * Most routing fee an outgoing Lightning payment may use, reserved up front: `ppm` of the amount,
 * rounded up to the msat, and at least `minMsat`.
 */
export function feeReserveRoundedUp(amountMsat: bigint, ppm: bigint, minMsat: bigint): bigint {
  const proportional = (amountMsat * ppm + PPM - 1n) / PPM;
  return proportional > minMsat ? proportional : minMsat;
}

/** ppm → percent text without trailing zeros: 1000 → "0.1", 180000 → "18", 25 → "0.0025". */
export function ppmAsPercentText(ppm: bigint): string {
  const whole = ppm / 10_000n;
  const frac = (ppm % 10_000n).toString().padStart(4, '0').replace(/0+$/, '');
  return frac === '' ? whole.toString() : `${whole}.${frac}`;
}

/** Rounds msat up to a whole satoshi: a fee is never shown as less than was charged. */
export const roundUpToSat = (msat: bigint): bigint =>
  ((msat + MSAT_PER_SAT - 1n) / MSAT_PER_SAT) * MSAT_PER_SAT;

/** An invoice may be paid while now < expiry. */
export const isExpired = (expiresAtMs: bigint | number, nowMs: number): boolean =>
  BigInt(expiresAtMs) <= BigInt(nowMs);

/** Bounds of `expires_in` (minutes) on receive. */
export const EXPIRES_IN_DEFAULT_MIN = 60;
export const EXPIRES_IN_MAX_MIN = 10_080; // one week
/**
 * The longest expiry of any Lightning invoice this service makes, in seconds: NWC make_invoice's
 * `expiry` (at most 30 days) is the longest; receive's `expires_in` (a week), the LNbits API's `expiry`,
 * LNDhub's addinvoice (a day) and the Lightning address (10 min) are shorter. A pending invoice older
 * than this is past its expiry: it is never paid (the expiry sweeper declines it).
 */
export const LIGHTNING_INVOICE_EXPIRY_MAX_SEC = 30 * 86_400;

/** `history` limit bounds. */
export const HISTORY_LIMIT_MAX = 1000;

/** Bounds of free-text fields, in characters. */
export const TEXT_LIMITS = {
  description: 639,
  customer_name: 200,
  order_id: 200,
  fiat_currency: 10,
  url: 2048,
  idempotency_key: 255,
  extra_json: 8192,
} as const;
