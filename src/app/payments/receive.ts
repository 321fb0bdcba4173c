import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import { insertPayment, type PaymentRow } from '../../db/repos/payments.ts';
import { abort } from '../../domain/errors.ts';
import { err, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { validateCallbackUrl } from '../webhooks/validate-callback-url.ts';
import { runWrite } from '../write.ts';
import type { ReceiveCommand } from './commands.ts';
import { createInvoiceOrError } from './create-invoice.ts';
import { newPaymentRow } from './engine/rows.ts';
import { answerOrReplay, commandIdempotency, replayPayment } from './idempotency.ts';

/**
 * Creates a payment request: a BOLT11 invoice from the Lightning backend and a pending incoming payment
 * on the caller's account (or on `receiver_usertag`'s). With an Idempotency-Key, a retry of the same
 * request returns the first payment; the same key with another body is a conflict.
 */
export async function receive(
  deps: AppDeps,
  caller: Caller,
  cmd: ReceiveCommand,
): Promise<Result<PaymentRow>> {
  const idem = commandIdempotency('receive', cmd);
  const earlier = await replayPayment(deps, caller.accountId, idem);
  if (earlier !== undefined) return earlier;
  if (cmd.rail !== 'lightning' || cmd.amount.asset !== 'lbtc') {
    return err('invalid_request', 'this service issues Lightning payment requests in lbtc only', 'amount');
  }
  const r = { ...cmd, ...cmd.refs, amountMsat: cmd.amount.units };
  if (r.callbackUrl !== null) {
    // Refuses private and loopback destinations now, so the caller learns at once (delivery checks again).
    const url = await validateCallbackUrl(deps, r.callbackUrl);
    if (!url.ok) return url;
  }
  let owner = { id: caller.accountId, usertag: caller.usertag };
  if (r.receiverUsertag !== null && r.receiverUsertag !== caller.usertag) {
    const account = await findAccountByUsertag(deps.db.read, r.receiverUsertag);
    if (account === undefined) {
      return err('usertag_not_found', `no account with usertag "${r.receiverUsertag}"`, 'receiver_usertag');
    }
    owner = { id: account.id, usertag: account.usertag };
  }
  if (deps.lightning === null) return err('lightning_unavailable', 'no Lightning backend is configured');

  const expirySec = r.expiresInSec;
  const invoice = await createInvoiceOrError(deps, deps.lightning, {
    amountMsat: r.amountMsat,
    description: r.description ?? `Payment to ${owner.usertag}`,
    expirySec,
  });
  if (!invoice.ok) return invoice;
  const nowMs = deps.clock.nowMs();
  const expiresAtMs = invoice.value.expiresAtSec * 1000;
  const row = newPaymentRow(
    deps,
    {
      account_id: owner.id,
      requester_account_id: caller.accountId,
      direction: 'in',
      route: 'lightning',
      amount_msat: r.amountMsat,
      payment_hash: invoice.value.paymentHash,
      payreq: invoice.value.payreq,
      invoice_type: 'invoice',
      invoice_expires_at_ms: BigInt(expiresAtMs),
      receiver_usertag: owner.usertag,
      description: r.description,
      callback_url: r.callbackUrl,
      success_url: r.successUrl,
      hosted_checkout_expiry_ms: BigInt(expiresAtMs),
      customer_name: r.customerName,
      order_id: r.orderId,
      fiat_currency: r.fiatCurrency,
      fiat_value: r.fiatValue,
      extra: r.extra,
      idempotency_key: idem?.key ?? null,
      request_hash: idem?.hash ?? null,
    },
    nowMs,
  );
  const written = await runWrite(deps.db, async (trx) => {
    if (!(await insertPayment(trx, row))) abort('idempotency_conflict', 'concurrent request with this key');
    return row;
  });
  return answerOrReplay(deps, caller.accountId, idem, written);
}
