import type { CreateNwcConnectionCommand } from '../../../app/nwc/connections.ts';
import { NWC_CAPABILITIES } from '../../../domain/nostr/nwc.ts';
import { err, ok, type Result } from '../../../domain/result.ts';

/**
 * The dashboard's form for a new NWC connection, decoded straight into the command of
 * app/nwc/connections.ts (the one the API's POST /lapi/v1/nwc/connections and `paytag nwc create`
 * give): amounts in sats as typed, turned into msat by exact decimal arithmetic (no floating point),
 * methods from one checkbox each (`m_<method>`), the expiry a calendar day (UTC) the connection lasts
 * through. Errors name the form's fields; their messages are the page's (`texts`).
 */

export interface NwcFormTexts {
  amountInvalid: string;
  amountTooLarge: string;
  expiresInvalid: string;
  methodsNone: string;
}

/** 21M BTC in msat: the most a limit may name (the use case's own bound). */
const MAX_MSAT = 21_000_000n * 100_000_000_000n;

const SATS = /^([0-9]{1,17})(?:\.([0-9]{1,3}))?$/;

/** "1000" → 1000000n, "0.5" → 500n, "" → null; anything else (signs, exponents, commas) is refused. */
export function msatOfSats(text: string, field: string, t: NwcFormTexts): Result<bigint | null> {
  const s = text.trim();
  if (s === '') return ok(null);
  const m = SATS.exec(s);
  if (m === null) return err('invalid_request', t.amountInvalid, field);
  const msat = BigInt(m[1] ?? '0') * 1000n + BigInt((m[2] ?? '').padEnd(3, '0'));
  if (msat <= 0n) return err('invalid_request', t.amountInvalid, field);
  if (msat > MAX_MSAT) return err('invalid_request', t.amountTooLarge, field);
  return ok(msat);
}

const DAY = /^([0-9]{4})-([0-9]{2})-([0-9]{2})$/;

/** "2099-12-31" → the unix second that day ends (UTC), "" → null. */
export function expiryOfDay(text: string, t: NwcFormTexts): Result<number | null> {
  const s = text.trim();
  if (s === '') return ok(null);
  const m = DAY.exec(s);
  if (m === null) return err('invalid_request', t.expiresInvalid, 'expires_at');
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const start = Date.UTC(y, mo - 1, d);
  const back = new Date(start);
  if (y < 1970 || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) {
    return err('invalid_request', t.expiresInvalid, 'expires_at');
  }
  return ok(Date.UTC(y, mo - 1, d + 1) / 1000);
}

/** The form's fields (from formOf) as the use case's command. */
export function decodeNwcForm(
  form: Record<string, string>,
  t: NwcFormTexts,
): Result<CreateNwcConnectionCommand> {
  const methods = NWC_CAPABILITIES.filter((m) => form[`m_${m}`] !== undefined);
  if (methods.length === 0) return err('invalid_request', t.methodsNone, 'methods');
  const max = msatOfSats(form['max_amount'] ?? '', 'max_amount', t);
  if (!max.ok) return max;
  const budget = msatOfSats(form['budget'] ?? '', 'budget', t);
  if (!budget.ok) return budget;
  const expires = expiryOfDay(form['expires_at'] ?? '', t);
  if (!expires.ok) return expires;
  return ok({
    name: (form['name'] ?? '').slice(0, 1000),
    methods,
    maxAmountMsat: max.value,
    budgetMsat: budget.value,
    // The renewal is the budget's: without a budget the select says nothing.
    budgetRenewal: budget.value === null ? null : (form['budget_renewal'] ?? '').slice(0, 20),
    expiresAtSec: expires.value,
  });
}
