import type { PayoutAmount, PayoutDestination, PayoutItemCommand } from '../../app/payouts/commands.ts';
import { isPricedCurrency, PRICED_CURRENCIES, parseFiatMinor } from '../../domain/fiat.ts';
import { looksLikeLnurlTarget } from '../../domain/lnurl.ts';
import { numberToDecimalText } from '../../domain/money.ts';
import { TEXT_LIMITS } from '../../domain/payments/fees.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import { optionalText } from './fields.ts';
import { btcAmountOf } from './payment-fields.ts';

// One payout item as the API's POST /lapi/v1/payouts (http/lapi/payouts.contract.ts) and the dashboard's
// payout CSV (http/web/dashboard/payouts.csv.ts) decode it: both refuse the same items in the same words.

type Body = Record<string, unknown>;

/** The most characters a destination may have (a BOLT11 invoice with many route hints is long). */
const DESTINATION_MAX = 8000;
export const MEMO_MAX = TEXT_LIMITS.description;
export const REFERENCE_MAX = TEXT_LIMITS.order_id;

const fieldError = (index: number, field: string, message: string): Result<never> =>
  err('invalid_request', `items[${index}].${field}: ${message}`, `items[${index}].${field}`);

/** An invoice's human-readable prefix (BOLT11: `ln` + the network's currency prefix). */
const LOOKS_LIKE_INVOICE = /^ln(bc|tb|bcrt|tbs|sb)[0-9]*[munp]?1[02-9ac-hj-np-z]+$/i;

function destinationOf(index: number, value: unknown): Result<PayoutDestination> {
  if (typeof value !== 'string' || value.trim() === '') {
    return fieldError(
      index,
      'destination',
      'is required: a usertag, an invoice, a Lightning address or an LNURL',
    );
  }
  if (value.length > DESTINATION_MAX) return fieldError(index, 'destination', 'is too long');
  const text = value.trim().replace(/^lightning:/i, '');
  if (LOOKS_LIKE_INVOICE.test(text)) return ok({ kind: 'invoice', payreq: text.toLowerCase() });
  if (looksLikeLnurlTarget(text)) return ok({ kind: 'lnurl', target: text });
  const tag = normalizeUsertag(text, 'destination');
  if (!tag.ok) {
    return fieldError(
      index,
      'destination',
      'is not a usertag (3-32 characters of a-z, 0-9 and _), a BOLT11 invoice, a Lightning address or an LNURL',
    );
  }
  return ok({ kind: 'usertag', usertag: tag.value });
}

function amountOf(index: number, item: Body): Result<PayoutAmount> {
  const amount = btcAmountOf(item['amount'], null);
  if (!amount.ok) return fieldError(index, 'amount', amount.error.message);
  const fv = item['fiat_value'];
  const fc = item['fiat_currency'];
  const hasFiat = (fv !== undefined && fv !== null) || (fc !== undefined && fc !== null);
  if (amount.value !== null) {
    if (hasFiat)
      return fieldError(index, 'fiat_value', 'give amount or fiat_value with fiat_currency, not both');
    return ok({ kind: 'msat', msat: amount.value });
  }
  if (!hasFiat) return ok({ kind: 'invoice' });
  if (typeof fc !== 'string' || !isPricedCurrency(fc)) {
    return fieldError(
      index,
      'fiat_currency',
      `must be one of ${PRICED_CURRENCIES.join(', ')} with fiat_value`,
    );
  }
  const text = typeof fv === 'number' ? numberToDecimalText(fv) : typeof fv === 'string' ? fv.trim() : null;
  if (text === null)
    return fieldError(index, 'fiat_value', 'is required with fiat_currency: a decimal like 12.50');
  const minor = parseFiatMinor(text, fc, 'fiat_value');
  if (!minor.ok) return fieldError(index, 'fiat_value', minor.error.message);
  return ok({ kind: 'fiat', currency: fc, minor: minor.value });
}

export function itemOf(index: number, value: unknown): Result<PayoutItemCommand> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return err('invalid_request', `items[${index}] must be an object`, `items[${index}]`);
  }
  const item = value as Body;
  const destination = destinationOf(index, item['destination']);
  if (!destination.ok) return destination;
  const amount = amountOf(index, item);
  if (!amount.ok) return amount;
  if (amount.value.kind === 'invoice' && destination.value.kind !== 'invoice') {
    return fieldError(index, 'amount', 'is required (BTC, e.g. 0.0001), or fiat_value and fiat_currency');
  }
  const memo = optionalText(item['memo'], 'memo', MEMO_MAX);
  if (!memo.ok) return fieldError(index, 'memo', memo.error.message);
  const ref = item['reference'];
  const reference = optionalText(
    typeof ref === 'number' && Number.isFinite(ref) ? String(ref) : ref,
    'reference',
    REFERENCE_MAX,
  );
  if (!reference.ok) return fieldError(index, 'reference', reference.error.message);
  return ok({
    destination: destination.value,
    amount: amount.value,
    memo: memo.value,
    reference: reference.value,
  });
}
