import type { CheckoutStatusRow } from '../../db/repos/checkout.ts';
import { formatMsatAsBtc, formatUnitsTruncated } from '../../domain/money.ts';
import { isExpired } from '../../domain/payments.ts';

/**
 * What the payer sees of a payment request. `paid` wins over everything (a payment that arrives late is
 * still paid); an unpaid request past its checkout expiry is `expired`, whatever the expiry job has done
 * yet; `declined` is a request the service gave up on before its expiry.
 */
export type CheckoutState = 'pending' | 'paid' | 'expired' | 'declined';

export const FINAL_STATES: ReadonlySet<CheckoutState> = new Set(['paid', 'expired', 'declined']);

/**
 * Each state's place in the request's life, used as the Server-Sent Event id: a stream resumed with
 * `Last-Event-ID: n` is sent only a state whose id is greater. A request goes pending → declined or
 * expired → paid (a late payment), never back.
 */
export const STATE_EVENT_ID: Readonly<Record<CheckoutState, number>> = {
  pending: 1,
  declined: 2,
  expired: 2,
  paid: 3,
};

export function checkoutStateOf(row: CheckoutStatusRow, nowMs: number): CheckoutState {
  if (row.status === 'paid') return 'paid';
  if (row.hosted_checkout_expiry_ms === null || isExpired(row.hosted_checkout_expiry_ms, nowMs)) {
    return 'expired';
  }
  return row.status === 'declined' ? 'declined' : 'pending';
}

/** The live status of a checkout: the JSON of `GET /checkout/<tid>/status` and of every stream event. */
export interface CheckoutStatus {
  tid: string;
  state: CheckoutState;
  /** The state's event id (STATE_EVENT_ID). */
  event_id: number;
  /**
   * BTC, 8 decimals: what was asked, or once paid what was received (a payer may pay more). USDT with
   * 6 decimals for a usdt request (pro variant).
   */
  amount: string;
  /** Unix seconds. */
  expires_at: number;
  paid_at: number | null;
  /** Once paid: the merchant's success_url with `tid` added; null otherwise. */
  redirect_url: string | null;
}

/** `success_url` with `tid` in its query (replacing one it had); null when there is none or it is not http(s). */
export function successRedirect(successUrl: string | null, tid: string): string | null {
  if (successUrl === null) return null;
  try {
    const u = new URL(successUrl);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    u.searchParams.set('tid', tid);
    return u.toString();
  } catch {
    return null;
  }
}

export function checkoutStatusOf(row: CheckoutStatusRow, nowMs: number): CheckoutStatus {
  const state = checkoutStateOf(row, nowMs);
  return {
    tid: row.public_id,
    state,
    event_id: STATE_EVENT_ID[state],
    amount:
      row.wallet === 'usdt' ? formatUnitsTruncated(row.amount_units, 6, 6) : formatMsatAsBtc(row.amount_msat),
    expires_at: Math.floor(Number(row.hosted_checkout_expiry_ms ?? 0n) / 1000),
    paid_at: row.paid_at_ms === null ? null : Math.floor(Number(row.paid_at_ms) / 1000),
    redirect_url: state === 'paid' ? successRedirect(row.success_url, row.public_id) : null,
  };
}
