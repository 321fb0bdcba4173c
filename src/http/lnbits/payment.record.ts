import { randomBytes } from 'node:crypto';
import { type Payment, revealedPreimage } from '../../app/payments/payment.ts';
import type { PaymentStatus } from '../../domain/payments/vocabulary.ts';

/**
 * A payment as LNbits' wallet API writes it (lnbits/lnbits `lnbits/core/models/payments.py` `Payment`
 * @7d98c6b): amounts in msat, negative for a payment sent (as LNbits books it), the fee negative for a
 * payment sent too (the routing and service fees charged, or the reserve while it is pending), `status`
 * "pending" | "success" | "failed", and `bolt11` and `payment_request` both. `pending` is the pre-v1 flag
 * clients written before LNbits 1.0 still read (Nutshell's `details.pending`).
 */

/** LNbits' words for a payment's state. */
export type LnbitsStatus = 'pending' | 'success' | 'failed';

export const lnbitsStatusOf = (s: PaymentStatus): LnbitsStatus =>
  s === 'paid' ? 'success' : s === 'declined' ? 'failed' : 'pending';

/** LNbits' `checking_id`: the payment hash; a payment inside this service without one, `internal_<tid>`. */
export const checkingIdOf = (p: Payment): string => p.payment_hash ?? `internal_${p.public_id}`;

const iso = (ms: bigint | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

/** The fee LNbits shows: what the payer is charged (negative), or the fees taken from what was received. */
function feeMsat(p: Payment): bigint {
  const service = p.service_fee_msat + p.gst_fee_msat;
  if (p.direction === 'in') return service;
  const routing = p.status === 'pending' ? p.fee_reserve_msat : p.network_fee_msat;
  return -(routing + service);
}

export interface LnbitsPayment {
  checking_id: string;
  payment_hash: string;
  wallet_id: string;
  amount: bigint;
  fee: bigint;
  bolt11: string;
  payment_request: string;
  fiat_provider: null;
  status: LnbitsStatus;
  pending: boolean;
  memo: string;
  expiry: string | null;
  webhook: null;
  webhook_status: null;
  preimage: string | null;
  tag: null;
  extension: null;
  time: string;
  created_at: string;
  updated_at: string;
  labels: string[];
  extra: Record<string, unknown>;
}

/** The payment of the wallet `walletId` (the account's usertag) in LNbits' shape. */
export function lnbitsPayment(p: Payment, walletId: string): LnbitsPayment {
  const status = lnbitsStatusOf(p.status);
  return {
    checking_id: checkingIdOf(p),
    payment_hash: p.payment_hash ?? checkingIdOf(p),
    wallet_id: walletId,
    amount: p.direction === 'in' ? p.amount_msat : -p.amount_msat,
    fee: feeMsat(p),
    bolt11: p.payreq ?? '',
    payment_request: p.payreq ?? '',
    fiat_provider: null,
    status,
    pending: status === 'pending',
    memo: p.description ?? '',
    expiry: p.direction === 'in' ? iso(p.invoice_expires_at_ms) : null,
    webhook: null,
    webhook_status: null,
    preimage: revealedPreimage(p),
    tag: null,
    extension: null,
    time: iso(p.created_at_ms) ?? '',
    created_at: iso(p.created_at_ms) ?? '',
    updated_at: iso(p.updated_at_ms) ?? '',
    labels: [],
    extra: {},
  };
}

/** The route schema of a Payment (it also feeds the OpenAPI document; unlisted fields would be dropped). */
export const lnbitsPaymentSchema = {
  type: 'object',
  properties: {
    checking_id: { type: 'string', description: 'the payment hash (internal_<tid> for one without)' },
    payment_hash: { type: 'string' },
    wallet_id: { type: 'string', description: 'the usertag of the account' },
    amount: { type: 'integer', description: 'msat; negative for a payment sent' },
    fee: { type: 'integer', description: 'msat; negative for a payment sent (the reserve while pending)' },
    bolt11: { type: 'string' },
    payment_request: { type: 'string', description: 'the same as bolt11 (clients before LNbits 1.0)' },
    fiat_provider: { type: 'null' },
    status: { type: 'string', enum: ['pending', 'success', 'failed'] },
    pending: { type: 'boolean', description: 'status is pending (clients before LNbits 1.0)' },
    memo: { type: 'string' },
    expiry: { type: ['string', 'null'], description: 'ISO 8601; when the invoice expires' },
    webhook: { type: 'null' },
    webhook_status: { type: 'null' },
    preimage: { type: ['string', 'null'] },
    tag: { type: 'null' },
    extension: { type: 'null' },
    time: { type: 'string', description: 'ISO 8601' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    labels: { type: 'array', items: { type: 'string' } },
    extra: { type: 'object' },
  },
} as const;

// JSON with exact integers: msat amounts can pass 2^53. A bigint becomes a marker string, and the marker
// (random per process, so no text a client chose can carry it) is replaced by the digits.
const MARK = `__int_${randomBytes(8).toString('hex')}_`;
const MARKED = new RegExp(`"${MARK}(-?\\d+)"`, 'g');

/** JSON.stringify that writes bigints as JSON integers (for the live streams, which no schema serialises). */
export const jsonWithIntegers = (value: unknown): string =>
  JSON.stringify(value, (_k, v: unknown) => (typeof v === 'bigint' ? `${MARK}${v}` : v)).replace(
    MARKED,
    '$1',
  );
