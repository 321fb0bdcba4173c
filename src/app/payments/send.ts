import type { PaymentRow } from '../../db/repos/payments.ts';
import { parseBtcToMsat } from '../../domain/money.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { asOutcome, payOut } from './engine/pay-out.ts';
import type { SendDetails } from './engine/rows.ts';
import { type Idempotent, idempotencyOf, replayPayment } from './idempotency.ts';
import { parseReferences } from './input.ts';
import { payInvoice, sendOrder } from './pay-invoice.ts';
import { sendToLnurl } from './send-to-lnurl.ts';

export interface SendInput {
  body: Record<string, unknown>;
  idempotencyKey: string | null;
}

type Plan =
  | { mode: 'usertag'; usertag: string; amountMsat: bigint }
  | { mode: 'invoice'; payreq: string; amountMsat: bigint | null }
  | { mode: 'lnurl'; target: string; amountMsat: bigint };

function optionalAmount(body: Record<string, unknown>): Result<bigint | null> {
  const a = body['amount'];
  if (a === undefined || a === null || a === '') return ok(null);
  const r = parseBtcToMsat(a);
  if (!r.ok) return r;
  if (r.value === 0n) return err('invalid_request', 'amount must be greater than zero', 'amount');
  return r;
}

function plan(body: Record<string, unknown>): Result<Plan> {
  const mode = body['payment_mode'];
  if (mode === undefined || mode === null) {
    return err('invalid_request', 'payment_mode is required: usertag or lightning', 'payment_mode');
  }
  if (mode !== 'usertag' && mode !== 'lightning') {
    return err('invalid_request', 'payment_mode must be usertag or lightning', 'payment_mode');
  }
  const amount = optionalAmount(body);
  if (!amount.ok) return amount;
  if (mode === 'usertag') {
    if (body['usertag'] === undefined || body['usertag'] === null) {
      return err('invalid_request', 'usertag is required when payment_mode is usertag', 'usertag');
    }
    const tag = normalizeUsertag(body['usertag']);
    if (!tag.ok) return tag;
    if (amount.value === null) {
      return err('invalid_request', 'amount is required when payment_mode is usertag', 'amount');
    }
    return ok({ mode: 'usertag', usertag: tag.value, amountMsat: amount.value });
  }
  const invoice = body['lightning_invoice'];
  if (typeof invoice !== 'string' || invoice.trim() === '') {
    return err(
      'invalid_request',
      'lightning_invoice is required when payment_mode is lightning',
      'lightning_invoice',
    );
  }
  if (invoice.length > 8000)
    return err('invalid_request', 'lightning_invoice is too long', 'lightning_invoice');
  const type = body['lightning_invoice_type'] ?? 'invoice';
  if (type !== 'invoice' && type !== 'lnurl') {
    return err(
      'invalid_request',
      'lightning_invoice_type must be invoice or lnurl',
      'lightning_invoice_type',
    );
  }
  if (type === 'lnurl') {
    if (amount.value === null) {
      return err('invalid_request', 'amount is required when lightning_invoice_type is lnurl', 'amount');
    }
    return ok({ mode: 'lnurl', target: invoice.trim(), amountMsat: amount.value });
  }
  return ok({ mode: 'invoice', payreq: invoice.trim(), amountMsat: amount.value });
}

function details(body: Record<string, unknown>, idem: Idempotent | null): Result<SendDetails> {
  const refs = parseReferences(body);
  if (!refs.ok) return refs;
  return ok({ ...refs.value, idempotencyKey: idem?.key ?? null, requestHash: idem?.hash ?? null });
}

/**
 * Sends a payment from the caller's Lightning balance to a usertag, a BOLT11 invoice or an LNURL /
 * Lightning address. Answers the outgoing payment (paid, or pending while the network decides). Every
 * refusal moves no money. With an Idempotency-Key, a retry of the same request answers as the first did
 * and moves nothing again; the same key with another body is a conflict.
 */
export async function send(deps: AppDeps, caller: Caller, input: SendInput): Promise<Result<PaymentRow>> {
  const idem = idempotencyOf(input.idempotencyKey, 'send', input.body);
  const replay = async (): Promise<Result<PaymentRow> | undefined> => {
    const r = await replayPayment(deps, caller.accountId, idem);
    return r?.ok ? asOutcome(r.value) : r;
  };
  const earlier = await replay();
  if (earlier !== undefined) return earlier;
  const p = plan(input.body);
  if (!p.ok) return p;
  const d = details(input.body, idem);
  if (!d.ok) return d;

  const result = await dispatch(deps, caller, p.value, d.value);
  if (!result.ok && result.error.code === 'idempotency_conflict') {
    // A concurrent request with the same key won the insert; this one answers as a retry of it.
    return (await replay()) ?? result;
  }
  return result;
}

async function dispatch(deps: AppDeps, caller: Caller, p: Plan, d: SendDetails): Promise<Result<PaymentRow>> {
  switch (p.mode) {
    case 'usertag': {
      if (p.usertag === caller.usertag)
        return err('self_payment', 'cannot send to your own usertag', 'usertag');
      const r = await payOut(
        deps,
        sendOrder(deps, caller, { kind: 'usertag', usertag: p.usertag }, p.amountMsat, d, 'usertag'),
      );
      return r.ok ? ok(r.value.row) : r;
    }
    case 'lnurl':
      return sendToLnurl(deps, caller, { target: p.target, amountMsat: p.amountMsat, details: d });
    case 'invoice': {
      const decoded = deps.decodeInvoice(p.payreq);
      if (!decoded.ok) {
        return err(
          'invoice_invalid',
          `lightning_invoice is not a valid BOLT11 invoice: ${decoded.message}`,
          'lightning_invoice',
        );
      }
      const invoice = decoded.invoice;
      if (invoice.amountMsat === null && p.amountMsat === null) {
        return err('invalid_request', 'this invoice has no amount: give amount', 'amount');
      }
      if (invoice.amountMsat !== null && p.amountMsat !== null && invoice.amountMsat !== p.amountMsat) {
        return err(
          'amount_mismatch',
          'amount differs from the amount of the invoice; leave it out or match it',
          'amount',
        );
      }
      const amountMsat = (invoice.amountMsat ?? p.amountMsat)!;
      return payInvoice(deps, caller, { invoice, amountMsat, invoiceType: 'invoice', details: d });
    }
  }
}
