// What the voucher use cases are asked, typed and validated: each API family decodes its own wire
// (the `/lapi` envelope fields and BTC strings, the voucher pages' form, the LNURL-withdraw callback)
// into these.

/** A batch of vouchers to create, funded from the caller's Lightning balance. */
export interface RequestVouchersCommand {
  /** Per voucher. */
  amountMsat: bigint;
  count: number;
  from: string | null;
  title: string | null;
  expiryMin: number;
  /** Only with count 1. */
  receiverEmail: string | null;
  uniqueDesign: boolean;
  /** Set exactly when uniqueDesign is. */
  uniqueDesignUrl: string | null;
  callbackUrl: string | null;
  idempotencyKey: string | null;
}

/** A one-time voucher by its code, or any voucher of a batch through its static URL. */
export type RedeemTarget = { code: string } | { batchId: string };

/** Where a redemption goes: a usertag, or a BOLT11 invoice (decoded by the use case). */
export type RedeemTo = { mode: 'usertag'; usertag: string } | { mode: 'invoice'; payreq: string };

export interface RedeemCommand {
  target: RedeemTarget;
  to: RedeemTo;
  /**
   * For an invoice of another node: `await` (the default) answers once the payment has an outcome or
   * the backend's timeout passed; `background` answers as soon as the voucher and the payment are
   * reserved and pays afterwards (an LNURL-withdraw callback, LUD-03).
   */
  payment?: 'await' | 'background';
}

/** The LUD-03 callback of a voucher's (or a static URL's) withdrawRequest: the wallet's invoice redeems it. */
export type WithdrawCommand = RedeemCommand & { to: { mode: 'invoice'; payreq: string } };
