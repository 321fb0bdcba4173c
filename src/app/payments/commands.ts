import type { PricedCurrency } from '../../domain/fiat.ts';
import type { ChainNetwork, Rail, Wallet } from '../../domain/payments/vocabulary.ts';

// What the payment use cases are asked, typed and validated: each API family decodes its own wire
// (`/lapi` envelope fields and BTC strings, `/sapi` bare records and numbers) into these.

/** The caller's own references a payment carries in both directions. */
export interface PaymentReferences {
  description: string | null;
  customerName: string | null;
  orderId: string | null;
  fiatCurrency: string | null;
  fiatValue: string | null;
  /** JSON text */
  extra: string;
}

/** The references of a payment asked for by a client that has none but (maybe) a description. */
export function describedOnly(description: string | null): PaymentReferences {
  return { description, customerName: null, orderId: null, fiatCurrency: null, fiatValue: null, extra: '{}' };
}

/** Where a send goes and how much, as the request named it. */
export type SendTarget =
  | { kind: 'usertag'; usertag: string; amountMsat: bigint }
  /** A BOLT11 invoice, decoded by the use case; `amountMsat` for an amountless one, or to match it. */
  | { kind: 'invoice'; payreq: string; amountMsat: bigint | null }
  /** A bech32 LNURL or a Lightning address `name@host`. */
  | { kind: 'lnurl'; target: string; amountMsat: bigint };

export interface SendCommand {
  target: SendTarget;
  refs: PaymentReferences;
  idempotencyKey: string | null;
}

/** The asset a payment request is for, in its minor unit (msat for lbtc and btc). */
export interface CommandAmount {
  asset: Wallet;
  units: bigint;
}

/**
 * A request priced in fiat (`amount` left out): the asset is asked for the fiat price converted at the
 * current published price, which stays locked for the request's life.
 */
export interface FiatPricedAmount {
  asset: Wallet;
  fiat: { currency: PricedCurrency; minor: bigint };
}

export interface ReceiveCommand {
  amount: CommandAmount | FiatPricedAmount;
  /** How the payer pays: a Lightning invoice, or (/sapi) an on-chain address. */
  rail: Rail;
  /** The chain of an on-chain request: BTC for btc; ERC20, BEP20 or MATIC for usdt. Null for Lightning. */
  chainNetwork: ChainNetwork | null;
  /** Put the request (and the credit) on this account instead of the caller's. */
  receiverUsertag: string | null;
  expiresInSec: number;
  refs: PaymentReferences;
  callbackUrl: string | null;
  successUrl: string | null;
  /**
   * A Lightning invoice committing to a description by its SHA-256 (the `h` field, LUD-06) instead of
   * carrying it: the hash (hex, 64 characters) and the text it commits to ('' when the caller gave only
   * the hash; Core Lightning then cannot make the invoice). Absent: the invoice carries the description.
   */
  descriptionHash?: { hashHex: string; text: string };
  idempotencyKey: string | null;
}
