import type { SendCommand } from '../../../app/payments/commands.ts';
import type { AppError } from '../../../domain/errors.ts';
import { err, ok, type Result } from '../../../domain/result.ts';
import { normalizeUsertag } from '../../../domain/usertag.ts';
import { btcAmountOf, referencesOf } from '../../wire/payment-fields.ts';
import { errorsFor } from '../kit/forms.ts';

// The dashboard's send form (GET /dashboard/send, POST /dashboard/send/review, POST /dashboard/send):
// its three fields decode straight into the SendCommand the API's decoder builds, with the shared
// pieces of wire/ (the BTC amount, the references), and every decoding error names a field of the form.

/** The fields of the send form. */
export const SEND_FIELDS = ['to', 'amount', 'description'];

/** Whom "pay to" names: an invoice (`lnbc…`), an LNURL or a Lightning address (`name@host`), else a usertag. */
function targetKindOf(to: string): SendCommand['target']['kind'] {
  if (/^ln(bc|tb|bcrt|sb|tbs)[0-9]/i.test(to)) return 'invoice';
  if (/^lnurl/i.test(to) || /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(to) || /^[^@\s]+@localhost(:\d+)?$/.test(to))
    return 'lnurl';
  return 'usertag';
}

/** An error of the "pay to" field. */
const onTo = (e: AppError): Result<never> => err(e.code, e.message, 'to');

/**
 * The send form's fields → SendCommand: "pay to" is an invoice (with or without `lightning:`), an LNURL
 * or a Lightning address, or else a usertag (with or without `@`). The checks and their messages are the
 * API's (lapi/payments.contract.ts), in the same order.
 */
export function decodeSendForm(
  f: Record<string, string>,
  idempotencyKey: string | null,
): Result<SendCommand> {
  const to = (f['to'] ?? '').trim().replace(/^lightning:/i, '');
  if ((f['to'] ?? '').trim() === '') return err('invalid_request', 'enter who to pay', 'to');
  const amount = btcAmountOf((f['amount'] ?? '').trim(), null);
  if (!amount.ok) return amount;
  const needAmount = (why: string): Result<bigint> =>
    amount.value === null ? err('invalid_request', why, 'amount') : ok(amount.value);
  let target: SendCommand['target'];
  const kind = targetKindOf(to);
  if (kind === 'usertag') {
    const tag = normalizeUsertag(to.replace(/^@/, ''));
    if (!tag.ok) return onTo(tag.error);
    const a = needAmount('amount is required when payment_mode is usertag');
    if (!a.ok) return a;
    target = { kind, usertag: tag.value, amountMsat: a.value };
  } else {
    if (to.length > 8000) return err('invalid_request', 'lightning_invoice is too long', 'to');
    if (kind === 'lnurl') {
      const a = needAmount('amount is required when lightning_invoice_type is lnurl');
      if (!a.ok) return a;
      target = { kind, target: to, amountMsat: a.value };
    } else {
      target = { kind, payreq: to, amountMsat: amount.value };
    }
  }
  const description = f['description'] ?? '';
  const refs = referencesOf(description === '' ? {} : { description });
  if (!refs.ok) return refs;
  return ok({ target, refs: refs.value, idempotencyKey });
}

/**
 * A send refusal placed on the form. Decoding errors name the form's own fields; the send use case
 * names the target of a refusal as the API's wire calls it, and the form has one field for the target:
 * so a refusal naming none of the form's fields, but some field, is shown under "pay to".
 */
export function sendFormErrors(e: AppError | null): ReturnType<typeof errorsFor> {
  const onForm =
    e !== null && e.field !== undefined && !SEND_FIELDS.includes(e.field) ? { ...e, field: 'to' } : e;
  return errorsFor(onForm, SEND_FIELDS);
}
