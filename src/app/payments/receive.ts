import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import { insertPayment, type PaymentRow } from '../../db/repos/payments.ts';
import { abort } from '../../domain/errors.ts';
import { parseBtcToMsat } from '../../domain/money.ts';
import { EXPIRES_IN_DEFAULT_MIN, EXPIRES_IN_MAX_MIN } from '../../domain/payments.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { validateCallbackUrl } from '../webhooks/validate-callback-url.ts';
import { runWrite } from '../write.ts';
import { createInvoiceOrError } from './create-invoice.ts';
import { newPaymentRow } from './engine/rows.ts';
import { idempotencyOf, replayPayment } from './idempotency.ts';
import { optionalHttpUrl, type PaymentReferences, parseReferences } from './input.ts';

export interface ReceiveInput {
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

interface ValidReceive extends PaymentReferences {
  amountMsat: bigint;
  receiverUsertag: string | null;
  expiresInMin: number;
  callbackUrl: string | null;
  successUrl: string | null;
}

function validate(body: Record<string, unknown>): Result<ValidReceive> {
  if (body['amount'] === undefined || body['amount'] === null) {
    return err('invalid_request', 'amount is required (BTC, e.g. 0.0001)', 'amount');
  }
  const amount = parseBtcToMsat(body['amount']);
  if (!amount.ok) return amount;
  if (amount.value === 0n) return err('invalid_request', 'amount must be greater than zero', 'amount');
  const wallet = body['wallet'];
  if (wallet !== undefined && wallet !== null && wallet !== 'lbtc') {
    return err('invalid_request', 'wallet must be lbtc on this endpoint (Lightning)', 'wallet');
  }
  let receiverUsertag: string | null = null;
  if (body['receiver_usertag'] !== undefined && body['receiver_usertag'] !== null) {
    const tag = normalizeUsertag(body['receiver_usertag'], 'receiver_usertag');
    if (!tag.ok) return tag;
    receiverUsertag = tag.value;
  }
  let expiresInMin = EXPIRES_IN_DEFAULT_MIN;
  const e = body['expires_in'];
  if (e !== undefined && e !== null) {
    if (typeof e !== 'number' || !Number.isInteger(e) || e < 1 || e > EXPIRES_IN_MAX_MIN) {
      return err(
        'invalid_request',
        `expires_in must be a whole number of minutes from 1 to ${EXPIRES_IN_MAX_MIN}`,
        'expires_in',
      );
    }
    expiresInMin = e;
  }
  const refs = parseReferences(body);
  if (!refs.ok) return refs;
  const callbackUrl = optionalHttpUrl(body['callback_url'], 'callback_url');
  if (!callbackUrl.ok) return callbackUrl;
  const successUrl = optionalHttpUrl(body['success_url'], 'success_url');
  if (!successUrl.ok) return successUrl;
  return ok({
    ...refs.value,
    amountMsat: amount.value,
    receiverUsertag,
    expiresInMin,
    callbackUrl: callbackUrl.value,
    successUrl: successUrl.value,
  });
}

/**
 * Creates a payment request: a BOLT11 invoice from the Lightning backend and a pending incoming payment
 * on the caller's account (or on `receiver_usertag`'s). With an Idempotency-Key, a retry of the same
 * request returns the first payment; the same key with another body is a conflict.
 */
export async function receive(
  deps: AppDeps,
  caller: Caller,
  input: ReceiveInput,
): Promise<Result<PaymentRow>> {
  const idem = idempotencyOf(input.idempotencyKey, 'receive', input.body);
  const earlier = await replayPayment(deps, caller.accountId, idem);
  if (earlier !== undefined) return earlier;
  const v = validate(input.body);
  if (!v.ok) return v;
  const r = v.value;
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

  const expirySec = r.expiresInMin * 60;
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
  if (!written.ok && written.error.code === 'idempotency_conflict') {
    // A concurrent request with the same key won; this one answers as a retry of it.
    return (await replayPayment(deps, caller.accountId, idem)) ?? written;
  }
  return written;
}
