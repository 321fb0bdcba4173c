import type { Kysely } from 'kysely';
import type { PaymentRow } from '../../db/repos/payments.ts';
import type { DB } from '../../db/schema.ts';
import { feeReserveRoundedUp } from '../../domain/payments/fees.ts';
import { ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import type { DecodedInvoice } from '../ports.ts';
import { feesFor } from './engine/movements.ts';
import { asOutcome, type ClaimContext, type PayOutOrder, type PayTarget, payOut } from './engine/pay-out.ts';
import type { SendDetails } from './engine/rows.ts';

/**
 * A check the caller of a send adds (an NWC connection's budget): it runs first in the payment's write
 * unit, after the payer's ledger account is locked, and aborts the unit to refuse.
 */
export type SendGuard = (trx: Kysely<DB>, c: ClaimContext) => Promise<void>;

/** What a send of the caller asks the engine for. */
function sendOrder(
  deps: AppDeps,
  caller: Caller,
  target: PayTarget,
  amountMsat: bigint,
  details: SendDetails,
  field: string,
  guard?: SendGuard,
): PayOutOrder {
  const { feeReservePpm, feeReserveMinMsat } = deps.config.payments;
  return {
    purpose: 'send',
    payerId: caller.accountId,
    amountMsat,
    target,
    details,
    sendFees: feesFor(deps, amountMsat, 'out'),
    feeReserveMsat: feeReserveRoundedUp(amountMsat, feeReservePpm, feeReserveMinMsat),
    field,
    refusals: {
      selfUsertag: 'cannot send to your own usertag',
      selfInvoice: 'this invoice belongs to your own account',
      amount: 'amount differs from the invoice amount',
    },
    ...(guard === undefined
      ? {}
      : {
          claim: async (trx: Kysely<DB>, c: ClaimContext) => {
            await guard(trx, c);
            return { voucherId: null };
          },
        }),
  };
}

/** Pays another account of this service by usertag, from the caller's balance. */
export async function payUsertag(
  deps: AppDeps,
  caller: Caller,
  usertag: string,
  amountMsat: bigint,
  details: SendDetails,
): Promise<Result<PaymentRow>> {
  const r = await payOut(
    deps,
    sendOrder(deps, caller, { kind: 'usertag', usertag }, amountMsat, details, 'usertag'),
  );
  return r.ok ? ok(r.value.row) : r;
}

/** Pays a decoded invoice (or one an LNURL service issued) from the caller's balance. */
export async function payInvoice(
  deps: AppDeps,
  caller: Caller,
  req: {
    invoice: DecodedInvoice;
    amountMsat: bigint;
    invoiceType: 'invoice' | 'lnurl';
    details: SendDetails;
    guard?: SendGuard | undefined;
  },
): Promise<Result<PaymentRow>> {
  const r = await payOut(
    deps,
    sendOrder(
      deps,
      caller,
      { kind: 'invoice', invoice: req.invoice, invoiceType: req.invoiceType },
      req.amountMsat,
      req.details,
      'lightning_invoice',
      req.guard,
    ),
  );
  return r.ok ? asOutcome(r.value.row) : r;
}
