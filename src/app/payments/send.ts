import type { PaymentRow } from '../../db/repos/payments.ts';
import { looksLikeLnurlTarget } from '../../domain/lnurl.ts';
import { err, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import type { SendCommand } from './commands.ts';
import { answerOrReplay, commandIdempotency, replayPayment } from './engine/idempotency.ts';
import type { SendDetails } from './engine/rows.ts';
import { payInvoice, payUsertag, type SendGuard } from './pay-invoice.ts';
import { sendToLnurl } from './send-to-lnurl.ts';

/**
 * Sends a payment from the caller's Lightning balance to a usertag, a BOLT11 invoice or an LNURL /
 * Lightning address. Answers the outgoing payment (paid, or pending while the network decides). Every
 * refusal moves no money. With an Idempotency-Key, a retry of the same request answers as the first did
 * and moves nothing again; the same key with another request is a conflict.
 */
export async function send(
  deps: AppDeps,
  caller: Caller,
  cmd: SendCommand,
  /** A check of the caller's own (an NWC connection's budget), run inside the payment's write unit. */
  guard?: SendGuard,
): Promise<Result<PaymentRow>> {
  const idem = commandIdempotency('send', cmd);
  const earlier = await replayPayment(deps, caller.accountId, idem, { asSent: true });
  if (earlier !== undefined) return earlier;
  const details: SendDetails = {
    ...cmd.refs,
    idempotencyKey: idem?.key ?? null,
    requestHash: idem?.hash ?? null,
  };
  return answerOrReplay(deps, caller.accountId, idem, await dispatch(deps, caller, cmd, details, guard), {
    asSent: true,
  });
}

async function dispatch(
  deps: AppDeps,
  caller: Caller,
  cmd: SendCommand,
  d: SendDetails,
  guard: SendGuard | undefined,
): Promise<Result<PaymentRow>> {
  const t = cmd.target;
  switch (t.kind) {
    case 'usertag':
      if (t.usertag === caller.usertag)
        return err('self_payment', 'cannot send to your own usertag', 'usertag');
      return payUsertag(deps, caller, t.usertag, t.amountMsat, d);
    case 'lnurl':
      return sendToLnurl(deps, caller, { target: t.target, amountMsat: t.amountMsat, details: d });
    case 'invoice': {
      const decoded = deps.decodeInvoice(t.payreq);
      if (!decoded.ok) {
        // A Lightning address or an LNURL sent with the default type: say which type it needs.
        if (looksLikeLnurlTarget(t.payreq)) {
          return err(
            'invoice_invalid',
            'lightning_invoice is a Lightning address or an LNURL, not a BOLT11 invoice: send it with ' +
              '"lightning_invoice_type": "lnurl" (and an amount)',
            'lightning_invoice',
          );
        }
        return err(
          'invoice_invalid',
          `lightning_invoice is not a valid BOLT11 invoice: ${decoded.message}`,
          'lightning_invoice',
        );
      }
      const invoice = decoded.invoice;
      if (invoice.amountMsat === null && t.amountMsat === null) {
        return err('invalid_request', 'this invoice has no amount: give amount', 'amount');
      }
      if (invoice.amountMsat !== null && t.amountMsat !== null && invoice.amountMsat !== t.amountMsat) {
        return err(
          'amount_mismatch',
          'amount differs from the amount of the invoice; leave it out or match it',
          'amount',
        );
      }
      const amountMsat = (invoice.amountMsat ?? t.amountMsat)!;
      return payInvoice(deps, caller, { invoice, amountMsat, invoiceType: 'invoice', details: d, guard });
    }
  }
}
