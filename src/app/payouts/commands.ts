import type { PricedCurrency } from '../../domain/fiat.ts';

// What the payout use cases are asked, typed and checked by the wire's contract (http/lapi/payouts.contract.ts).

/** Where one item goes, as the request named it. */
export type PayoutDestination =
  | { kind: 'usertag'; usertag: string }
  /** A BOLT11 invoice, decoded and checked by the use case. */
  | { kind: 'invoice'; payreq: string }
  /** A bech32 LNURL or a Lightning address `name@host`, resolved to an invoice when the item is paid. */
  | { kind: 'lnurl'; target: string };

/** An item's amount: BTC in msat, a fiat price (converted at the published price), or the invoice's own. */
export type PayoutAmount =
  | { kind: 'msat'; msat: bigint }
  | { kind: 'fiat'; currency: PricedCurrency; minor: bigint }
  | { kind: 'invoice' };

export interface PayoutItemCommand {
  destination: PayoutDestination;
  amount: PayoutAmount;
  memo: string | null;
  reference: string | null;
}

export interface CreatePayoutsCommand {
  items: PayoutItemCommand[];
  callbackUrl: string | null;
  idempotencyKey: string | null;
}

/** A page of the caller's batches: newest first, below `before` (a batch id from an earlier page). */
export interface ListPayoutsCommand {
  limit: number;
  before: string | null;
}
