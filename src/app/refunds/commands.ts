// What the refund use cases are asked, typed and validated by the API family's decoder.

/** How much a refund pays back. */
export type RefundAmount =
  /** The payment's amount, or what it received when less (a partial on-chain payment). */
  | { kind: 'original' }
  /** What the payment received beyond its amount (paid over). */
  | { kind: 'excess' }
  /** An exact BTC amount, in msat (whole satoshis: vouchers are). */
  | { kind: 'btc'; msat: bigint }
  /** A value in the payment's fiat_currency, taken at the current published price: decimal text. */
  | { kind: 'fiat'; value: string };

export interface RefundCommand {
  /** The payment to refund: its tid (or integer id). */
  tid: string;
  amount: RefundAmount;
  description: string | null;
  receiverEmail: string | null;
  /** With it, a retry of the same refund answers the refund the first made; null: none. */
  idempotencyKey: string | null;
}
