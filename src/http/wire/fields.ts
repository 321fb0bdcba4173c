import type { PaymentReferences } from '../../app/payments/commands.ts';
import { isIsoCurrency } from '../../domain/fiat.ts';
import { HISTORY_LIMIT_MAX, TEXT_LIMITS } from '../../domain/payments/fees.ts';
import { err, ok, type Result } from '../../domain/result.ts';

/**
 * Field codecs the API families build their commands with: each takes a request field as an unknown
 * JSON value and answers it typed, or one clear error naming the field. Arrays and booleans are never
 * taken for text or numbers.
 */

const utf8 = new TextEncoder();

/** An optional string field: absent or null → null; else a string of at most `max` characters. */
export function optionalText(value: unknown, field: string, max: number): Result<string | null> {
  if (value === undefined || value === null) return ok(null);
  if (typeof value !== 'string') return err('invalid_request', `${field} must be a string`, field);
  if (value.length > max) return err('invalid_request', `${field} must be at most ${max} characters`, field);
  return ok(value);
}

/** A description that fits the invoice's `d` field (639 bytes of UTF-8). */
function optionalDescription(value: unknown): Result<string | null> {
  const r = optionalText(value, 'description', TEXT_LIMITS.description);
  if (!r.ok || r.value === null) return r;
  if (utf8.encode(r.value).length > TEXT_LIMITS.description) {
    return err(
      'invalid_request',
      `description must be at most ${TEXT_LIMITS.description} bytes`,
      'description',
    );
  }
  return r;
}

/** An http(s) URL (callback_url, success_url). */
export function optionalHttpUrl(value: unknown, field: string): Result<string | null> {
  const r = optionalText(value, field, TEXT_LIMITS.url);
  if (!r.ok || r.value === null) return r;
  let url: URL;
  try {
    url = new URL(r.value);
  } catch {
    return err('invalid_request', `${field} must be an absolute http or https URL`, field);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return err('invalid_request', `${field} must be an http or https URL`, field);
  }
  if (url.username !== '' || url.password !== '') {
    return err('invalid_request', `${field} must not contain credentials`, field);
  }
  return r;
}

/** fiat_value: a non-negative decimal given as a string or a JSON number; kept as its decimal text. */
function optionalFiatValue(value: unknown): Result<string | null> {
  if (value === undefined || value === null || value === '') return ok(null);
  let text: string;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) text = String(value);
  else if (typeof value === 'string') text = value.trim();
  else
    return err('invalid_request', 'fiat_value must be a non-negative number or numeric string', 'fiat_value');
  if (!/^\d{1,20}(\.\d{1,8})?$/.test(text)) {
    return err('invalid_request', 'fiat_value must be a plain decimal like 1500 or 12.50', 'fiat_value');
  }
  return ok(text);
}

/** fiat_currency: an ISO 4217 code (INR, USD, EUR, …), any case, stored upper-case. */
function optionalCurrency(value: unknown): Result<string | null> {
  const r = optionalText(value, 'fiat_currency', TEXT_LIMITS.fiat_currency);
  if (!r.ok || r.value === null) return r;
  const code = r.value.trim().toUpperCase();
  if (code === '') return ok(null);
  if (!isIsoCurrency(code)) {
    return err(
      'invalid_request',
      `fiat_currency must be an ISO 4217 currency code like INR, USD or EUR (got "${r.value.slice(0, 20)}")`,
      'fiat_currency',
    );
  }
  return ok(code);
}

/** extra: a free-form JSON object, stored as text (bounded). */
function optionalExtra(value: unknown): Result<string> {
  if (value === undefined || value === null) return ok('{}');
  if (typeof value !== 'object' || Array.isArray(value)) {
    return err('invalid_request', 'extra must be a JSON object', 'extra');
  }
  const text = JSON.stringify(value);
  if (text.length > TEXT_LIMITS.extra_json) {
    return err(
      'invalid_request',
      `extra must be at most ${TEXT_LIMITS.extra_json} characters of JSON`,
      'extra',
    );
  }
  return ok(text);
}

const IDEMPOTENCY_KEY = new RegExp(`^[\\x21-\\x7e]{1,${TEXT_LIMITS.idempotency_key}}$`);

/** Idempotency-Key header: 1-255 visible ASCII characters. */
export function idempotencyKey(value: unknown): Result<string | null> {
  if (value === undefined || value === null) return ok(null);
  if (typeof value !== 'string' || !IDEMPOTENCY_KEY.test(value)) {
    return err(
      'invalid_request',
      `Idempotency-Key must be 1 to ${TEXT_LIMITS.idempotency_key} visible ASCII characters`,
      'Idempotency-Key',
    );
  }
  return ok(value);
}

/** Reads description, customer_name, order_id, fiat_currency, fiat_value and extra of a request body. */
export function parseReferences(body: Record<string, unknown>): Result<PaymentReferences> {
  const description = optionalDescription(body['description']);
  if (!description.ok) return description;
  const customerName = optionalText(body['customer_name'], 'customer_name', TEXT_LIMITS.customer_name);
  if (!customerName.ok) return customerName;
  const orderId = optionalText(body['order_id'], 'order_id', TEXT_LIMITS.order_id);
  if (!orderId.ok) return orderId;
  const fiatCurrency = optionalCurrency(body['fiat_currency']);
  if (!fiatCurrency.ok) return fiatCurrency;
  const fiatValue = optionalFiatValue(body['fiat_value']);
  if (!fiatValue.ok) return fiatValue;
  const extra = optionalExtra(body['extra']);
  if (!extra.ok) return extra;
  return ok({
    description: description.value,
    customerName: customerName.value,
    orderId: orderId.value,
    fiatCurrency: fiatCurrency.value,
    fiatValue: fiatValue.value,
    extra: extra.value,
  });
}

/**
 * A payment's tid as checkPayment takes it: its 16-character string tid, or its integer id (a JSON
 * number, or its digits), any case and surrounding spaces. Which payment it names is the use case's.
 */
export function paymentTid(value: unknown): Result<string> {
  if (value === undefined || value === null || value === '')
    return err('invalid_request', 'tid is required', 'tid');
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return ok(String(value));
  if (typeof value !== 'string') return err('invalid_request', 'tid must be a string', 'tid');
  return ok(value.trim().toLowerCase());
}

/** History's `limit`: a whole number from 1 to HISTORY_LIMIT_MAX (a JSON number or its digits), required. */
export function historyLimit(value: unknown): Result<number> {
  if (value === undefined || value === null || value === '') {
    return err(
      'invalid_request',
      `limit is required: how many payments to return, 1 to ${HISTORY_LIMIT_MAX}`,
      'limit',
    );
  }
  const n = typeof value === 'string' && /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > HISTORY_LIMIT_MAX) {
    return err('invalid_request', `limit must be a whole number from 1 to ${HISTORY_LIMIT_MAX}`, 'limit');
  }
  return ok(n);
}
