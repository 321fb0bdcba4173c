import type { PaymentReferences } from '../../app/payments/commands.ts';
import { parseBtcToMsat } from '../../domain/money.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { parseReferences } from './fields.ts';

// Payment fields that more than one wire decodes the same way: the /lapi contracts, the /sapi contract
// and the dashboard's forms build their commands from these.

type Body = Record<string, unknown>;

/** A field the decoder checks (no coercion by the schema validator). */
export const decoded = (description: string) => ({ description });

/** Text fields of the standard family: a string, or a number as its decimal text (as clients send ids). */
const text = (value: unknown): unknown =>
  typeof value === 'number' && Number.isFinite(value) ? String(value) : value;

/** A positive BTC amount, in msat; `required` says why it may not be missing (null: it may). */
export function btcAmountOf(value: unknown, required: string | null): Result<bigint | null> {
  if (value === undefined || value === null || value === '') {
    return required === null ? ok(null) : err('invalid_request', required, 'amount');
  }
  if (typeof value !== 'string' && typeof value !== 'number') {
    return err('invalid_request', 'amount must be a BTC amount: a string like "0.001" or a number', 'amount');
  }
  const r = parseBtcToMsat(value);
  if (!r.ok) return r;
  if (r.value === 0n) return err('invalid_request', 'amount must be greater than zero', 'amount');
  return r;
}

/** The caller's references of a standard body (description, customer_name, order_id as text). */
export function referencesOf(body: Body): Result<PaymentReferences> {
  return parseReferences({
    description: text(body['description']),
    customer_name: text(body['customer_name']),
    order_id: text(body['order_id']),
    fiat_currency: body['fiat_currency'],
    fiat_value: body['fiat_value'],
    extra: body['extra'],
  });
}
