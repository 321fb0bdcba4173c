import { ASSETS, formatUnitsTruncated } from '../money.ts';
import type { ChainNetwork, PaymentException, PaymentStatus, Wallet } from './vocabulary.ts';

/**
 * The payment webhook events (docs/webhooks.md): `payment.paid`, `payment.paid_partial` (an on-chain
 * request declined at its expiry with part of the amount received), `payment.deposit_seen` (a deposit
 * first seen, not yet final), `payment.deposit` (a deposit credited) and `payment.deposit_reversed`, each
 * body built here, one field order for all, so a Lightning settlement
 * and a chain deposit announce a payment the same way. Amounts are JSON numbers of the asset (BTC, USDT),
 * from the ledger's units, truncated at 8 decimals.
 */

export type PaymentEventType =
  | 'payment.paid'
  | 'payment.paid_partial'
  | 'payment.deposit_seen'
  | 'payment.deposit'
  | 'payment.deposit_reversed';

/** The request an event is about. */
export interface EventPayment {
  public_id: string;
  order_id: string | null;
  description: string | null;
}

/** What an on-chain event adds: the deposit and what the request has received so far. */
export interface EventDeposit {
  wallet: Wallet;
  network: ChainNetwork;
  txHash: string;
  receivedUnits: bigint;
  /** `payment.paid` and `payment.deposit` carry the deposit's flag; `payment.deposit_reversed` none. */
  flag?: 'late' | 'reuse' | null;
  /** The request's exception after the event (on-chain events but `payment.deposit_reversed`). */
  exception?: PaymentException | null;
  /** `payment.deposit_seen`: the deposit's confirmations so far. */
  confirmations?: number;
}

/** `units` of the wallet as an event's amount. */
export const eventAmount = (wallet: Wallet, units: bigint): number =>
  Number(formatUnitsTruncated(units, ASSETS[wallet].decimals, 8));

/**
 * The body of a payment event: `tid`, `status`, `amount`, then (on-chain) `received`, `wallet`,
 * `chain_network`, `transaction_hash`, `flag`, `exception` and `confirmations` (those an event has), then
 * `order_id` and `description`.
 */
export function paymentEventBody(
  p: EventPayment,
  status: PaymentStatus,
  amount: { wallet: Wallet; units: bigint },
  deposit: EventDeposit | null = null,
): Record<string, unknown> {
  return {
    tid: p.public_id,
    status,
    amount: eventAmount(amount.wallet, amount.units),
    ...(deposit === null
      ? {}
      : {
          received: eventAmount(deposit.wallet, deposit.receivedUnits),
          wallet: deposit.wallet,
          chain_network: deposit.network,
          transaction_hash: deposit.txHash,
          ...(deposit.flag === undefined ? {} : { flag: deposit.flag }),
          ...(deposit.exception === undefined ? {} : { exception: deposit.exception }),
          ...(deposit.confirmations === undefined ? {} : { confirmations: deposit.confirmations }),
        }),
    order_id: p.order_id,
    description: p.description,
  };
}
