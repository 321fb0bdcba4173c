import type { CheckoutStatusRow } from '../../db/repos/checkout.ts';
import { awaitsConfirmations } from '../../domain/chain-lateness.ts';
import { formatWalletAmount, requestedUnits } from '../../domain/payments/amounts.ts';
import { isExpired } from '../../domain/payments/fees.ts';
import type { ChainNetwork, PaymentException } from '../../domain/payments/vocabulary.ts';

/**
 * What the payer sees of a payment request. `paid` wins over everything (a payment that arrives late is
 * still paid); `confirming` is an on-chain request past its expiry whose payment was seen on the chain
 * before it and is on its way to final (it will be paid: domain/chain-lateness.ts); any other unpaid
 * request past its checkout expiry is `expired`, whatever the expiry job has done yet; `declined` is a
 * request the service gave up on before its expiry.
 */
export type CheckoutState = 'pending' | 'confirming' | 'paid' | 'expired' | 'declined';

export const FINAL_STATES: ReadonlySet<CheckoutState> = new Set(['paid', 'expired', 'declined']);

/**
 * Each state's place in the request's life, used as the Server-Sent Event id: a stream resumed with
 * `Last-Event-ID: n` is sent only a state whose id is greater. A request goes pending → confirming →
 * declined or expired → paid (a late payment), skipping any, never back.
 */
const STATE_EVENT_ID: Readonly<Record<CheckoutState, number>> = {
  pending: 1,
  confirming: 2,
  declined: 3,
  expired: 3,
  paid: 4,
};

export function checkoutStateOf(row: CheckoutStatusRow, nowMs: number): CheckoutState {
  if (row.status === 'paid') return 'paid';
  if (row.hosted_checkout_expiry_ms === null || isExpired(row.hosted_checkout_expiry_ms, nowMs)) {
    const confirming =
      row.status === 'pending' &&
      awaitsConfirmations(
        {
          paymentMode: row.payment_mode,
          amountUnits: row.amount_units,
          onTimeUnits: row.on_time_units,
          onTimeSeenUnits: row.on_time_seen_units,
          watchUntilMs: row.watch_until_ms,
        },
        nowMs,
      );
    return confirming ? 'confirming' : 'expired';
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
  /** An on-chain request's progress on its chain (pro variant); null for a Lightning request. */
  chain: ChainProgress | null;
  /**
   * How an on-chain outcome differs from an exact, on-time payment: `paid_late`, `paid_over` (state
   * paid), `paid_partial` (state expired: declined with part of the amount received); null otherwise.
   */
  exception: PaymentException | null;
}

/** Where an on-chain request stands on its chain. Amounts in the request's asset, as `amount`. */
export interface ChainProgress {
  network: ChainNetwork;
  /** What deposits credited so far (an underpaid request stays pending and shows it). */
  received: string;
  /** Deposits seen on chain but not yet deep enough, together; null when there are none. */
  unconfirmed: string | null;
  /** The fewest confirmations among those deposits; null when there are none. */
  confirmations: number | null;
  /**
   * Confirmations a deposit needs before it is credited; null where the chain's own finality decides
   * (an EVM node's `finalized` block).
   */
  confirmations_needed: number | null;
  /**
   * While the request is open and part of its amount arrived (credited or seen): what is still to be
   * sent ("Send 15.5 USDT more"); null otherwise.
   */
  remaining: string | null;
  /** The payment URI the page's QR code holds: for `remaining` when there is one, else for the amount. */
  uri: string | null;
}

/**
 * What an open on-chain request still misses, in its unit: the amount asked less what was credited and
 * what is seen on its way; null when nothing arrived yet or it is covered (or the request is not open).
 */
export function remainingUnits(row: CheckoutStatusRow, unconfirmedUnits: bigint): bigint | null {
  if (row.payment_mode !== 'onchain' || row.status !== 'pending') return null;
  const arrived = row.received_units + unconfirmedUnits;
  const asked = requestedUnits(row);
  return arrived > 0n && arrived < asked ? asked - arrived : null;
}

/** What the database tells of an on-chain request's deposits that are seen and not yet credited. */
export interface UnconfirmedDeposits {
  units: bigint;
  confirmations: number;
}

/** The asset's amount text: BTC with 8 decimals (from msat), USDT with 6. */
const amountText = (wallet: CheckoutStatusRow['wallet'], units: bigint): string =>
  formatWalletAmount(wallet, units);

/** The progress of an on-chain request; null for a Lightning one. */
export function chainProgressOf(
  row: CheckoutStatusRow,
  unconfirmed: UnconfirmedDeposits | null,
  confirmationsNeeded: number | null,
  uriOf: (units: bigint | null) => string | null = () => null,
): ChainProgress | null {
  if (row.payment_mode !== 'onchain' || row.chain_network === null) return null;
  const remaining = remainingUnits(row, unconfirmed?.units ?? 0n);
  return {
    network: row.chain_network,
    received: amountText(row.wallet, row.received_units),
    unconfirmed: unconfirmed === null ? null : amountText(row.wallet, unconfirmed.units),
    confirmations: unconfirmed?.confirmations ?? null,
    confirmations_needed: confirmationsNeeded,
    remaining: remaining === null ? null : amountText(row.wallet, remaining),
    uri: uriOf(remaining),
  };
}

/** An amount text (as `received`) that is zero: "0", "0.00000000". */
export const isZeroAmount = (amount: string): boolean => /^0(\.0*)?$/.test(amount);

/**
 * The id of a status in the event stream: its state's id, and for a pending or confirming on-chain
 * request with something on chain, that progress too (`1-<received>-<unconfirmed>-<confirmations>`), so
 * each step is sent once and a resumed stream is sent the progress it missed.
 */
export function streamEventId(s: CheckoutStatus): string {
  const c = s.chain;
  const open = s.state === 'pending' || s.state === 'confirming';
  if (!open || c === null || (c.unconfirmed === null && isZeroAmount(c.received))) {
    return String(s.event_id);
  }
  return `${s.event_id}-${c.received}-${c.unconfirmed ?? '0'}-${c.confirmations ?? 0}`;
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

export function checkoutStatusOf(
  row: CheckoutStatusRow,
  nowMs: number,
  chain: ChainProgress | null = null,
): CheckoutStatus {
  const state = checkoutStateOf(row, nowMs);
  const asked = requestedUnits(row);
  // Paid on chain with more than was asked: what arrived (as a Lightning payment's amount is).
  const shown =
    state === 'paid' && row.payment_mode === 'onchain' && row.received_units > asked
      ? row.received_units
      : asked;
  return {
    tid: row.public_id,
    state,
    event_id: STATE_EVENT_ID[state],
    amount: amountText(row.wallet, shown),
    expires_at: Math.floor(Number(row.hosted_checkout_expiry_ms ?? 0n) / 1000),
    paid_at: row.paid_at_ms === null ? null : Math.floor(Number(row.paid_at_ms) / 1000),
    redirect_url: state === 'paid' ? successRedirect(row.success_url, row.public_id) : null,
    chain,
    exception: row.exception,
  };
}
