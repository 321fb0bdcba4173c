import type { PaymentReferences } from '../../domain/fields.ts';
import type { ChainNetwork, Rail, Wallet } from '../../domain/payments/vocabulary.ts';

// What the payment use cases are asked, typed and validated: each API family decodes its own wire
// (`/lapi` envelope fields and BTC strings, `/sapi` bare records and numbers) into these.

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

export interface ReceiveCommand {
  amount: CommandAmount;
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
  idempotencyKey: string | null;
}
