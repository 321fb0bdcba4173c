import type { ListPage } from '../../app/lndhub/wallet.ts';
import type { ReceiveCommand } from '../../app/payments/commands.ts';
import { MAX_BTC_MSAT } from '../../domain/money.ts';
import { HISTORY_LIMIT_MAX } from '../../domain/payments/fees.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { referencesOf } from '../wire/payment-fields.ts';
import { lightningReceive } from '../wire/receive-common.ts';

// The LNDhub wire (BlueWallet/LndHub controllers/api.js @819518e, lnbits/lndhub views_api.py @faeab6e):
// what each call may carry and how it becomes our commands. Clients send numbers as strings
// (lightning-backends sends `amt` as a string: "must be a string for lndhub's API to accept"), so both
// are taken; anything else is refused with a message naming the field (LndHub code 8, bad arguments).

type Body = Record<string, unknown>;

const MSAT_PER_SAT = 1000n;
const MAX_SATS = MAX_BTC_MSAT / MSAT_PER_SAT;

/** How long an invoice of addinvoice is open: LndHub's `expiry: 3600 * 24`. */
export const ADDINVOICE_EXPIRY_SEC = 86_400;

/** A whole number of satoshis from 1 to 21 million BTC, as a string or a number; null when absent. */
function satsOf(value: unknown, field: string, zeroIsAbsent: boolean): Result<bigint | null> {
  if (value === undefined || value === null || value === '') return ok(null);
  let sats: bigint | null = null;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) sats = BigInt(value);
  if (typeof value === 'string' && /^\d{1,16}$/.test(value.trim())) sats = BigInt(value.trim());
  if (sats === null) {
    return err(
      'invalid_request',
      `${field} must be a whole number of satoshis (a string or a number)`,
      field,
    );
  }
  if (sats === 0n && zeroIsAbsent) return ok(null);
  if (sats === 0n) return err('invalid_request', `${field} must be greater than zero`, field);
  if (sats > MAX_SATS) return err('invalid_request', `${field} is more than 21 million BTC`, field);
  return ok(sats);
}

// ---------------------------------------------------------------------------------------------- auth

export type AuthRequest =
  | { kind: 'auth'; login: string; password: string }
  | { kind: 'refresh'; refreshToken: string };

export const authQuerySchema = {
  type: 'object',
  properties: {
    type: {
      type: 'string',
      enum: ['auth', 'refresh_token'],
      description: 'auth: sign in with login and password; refresh_token: exchange a refresh token',
    },
  },
};

export const authBodySchema = {
  type: 'object',
  properties: {
    login: { description: 'invoice (receive-only) or admin' },
    password: { description: 'the account’s API key of that kind (the admin key may sign in as invoice)' },
    refresh_token: { description: 'a refresh token (type=refresh_token); good once' },
  },
};

const secretText = (v: unknown): string | null => (typeof v === 'string' && v.length <= 200 ? v : null);

/** POST /auth: which of the two, from `type` (or, without it, from the body, as LndHub decides). */
export function decodeAuth(type: unknown, body: Body): Result<AuthRequest> {
  const refresh = type === 'refresh_token' || (type === undefined && body['refresh_token'] !== undefined);
  if (refresh) {
    const token = secretText(body['refresh_token']);
    if (token === null || token === '') {
      return err('invalid_request', 'refresh_token is required (a string)', 'refresh_token');
    }
    return ok({ kind: 'refresh', refreshToken: token });
  }
  const login = secretText(body['login']);
  const password = secretText(body['password']);
  if (login === null || login === '') return err('invalid_request', 'login is required (a string)', 'login');
  if (password === null || password === '') {
    return err('invalid_request', 'password is required (a string)', 'password');
  }
  return ok({ kind: 'auth', login, password });
}

// ---------------------------------------------------------------------------------------- addinvoice

export const addInvoiceBodySchema = {
  type: 'object',
  properties: {
    amt: { description: 'amount in satoshis: a whole number, as a string or a number' },
    memo: { description: 'text for the invoice’s description (a string); at most 639 bytes' },
    description_hash: {
      description: 'optional SHA-256 (hex, or base64 as LND takes bytes) for the invoice’s h field',
    },
  },
};

/** 32 bytes as 64 hex digits, or as base64 (LND's REST encoding of bytes); null when absent. */
function hash32Of(value: unknown, field: string): Result<string | null> {
  if (value === undefined || value === null || value === '') return ok(null);
  if (typeof value === 'string') {
    const v = value.trim();
    if (/^[0-9a-fA-F]{64}$/.test(v)) return ok(v.toLowerCase());
    if (/^[A-Za-z0-9+/_-]{43}=?$/.test(v)) {
      const bytes = Buffer.from(v, 'base64');
      if (bytes.length === 32) return ok(bytes.toString('hex'));
    }
  }
  return err('invalid_request', `${field} must be a SHA-256 hash: 64 hex digits (or its base64)`, field);
}

/** POST /addinvoice → ReceiveCommand (lbtc, Lightning, expiring after LndHub's 24 hours). */
export function decodeAddInvoice(body: Body): Result<ReceiveCommand> {
  const amt = satsOf(body['amt'], 'amt', false);
  if (!amt.ok) return amt;
  if (amt.value === null) return err('invalid_request', 'amt is required (satoshis)', 'amt');
  const memo = body['memo'];
  if (memo !== undefined && memo !== null && typeof memo !== 'string') {
    return err('invalid_request', 'memo must be a string', 'memo');
  }
  const refs = referencesOf({ description: memo === '' ? null : memo });
  if (!refs.ok)
    return refs.error.field === 'description' ? { ...refs, error: { ...refs.error, field: 'memo' } } : refs;
  const descriptionHash = hash32Of(body['description_hash'], 'description_hash');
  if (!descriptionHash.ok) return descriptionHash;
  return ok({
    ...lightningReceive(amt.value * MSAT_PER_SAT, {
      receiverUsertag: null,
      expiresInSec: ADDINVOICE_EXPIRY_SEC,
      refs: refs.value,
      callbackUrl: null,
      successUrl: null,
      idempotencyKey: null,
    }),
    // The memo is the text the hash commits to (Core Lightning checks that it does; LND takes the hash).
    ...(descriptionHash.value === null
      ? {}
      : { descriptionHash: { hashHex: descriptionHash.value, text: typeof memo === 'string' ? memo : '' } }),
  });
}

// ---------------------------------------------------------------------------------------- payinvoice

export const payInvoiceBodySchema = {
  type: 'object',
  properties: {
    invoice: { description: 'BOLT11 invoice to pay' },
    amount: {
      description:
        'satoshis, for an invoice without an amount (ignored when the invoice names one; 0 is none, as BlueWallet sends it)',
    },
  },
};

/** POST /payinvoice: the invoice text and the amount the client gave for an amountless invoice (msat). */
export function decodePayInvoice(body: Body): Result<{ invoice: string; amountMsat: bigint | null }> {
  const invoice = body['invoice'];
  if (typeof invoice !== 'string' || invoice.trim() === '') {
    return err('invalid_request', 'invoice is required (a BOLT11 invoice)', 'invoice');
  }
  if (invoice.length > 8000) return err('invalid_request', 'invoice is too long', 'invoice');
  const amount = satsOf(body['amount'], 'amount', true);
  if (!amount.ok) return amount;
  return ok({
    invoice: invoice.trim(),
    amountMsat: amount.value === null ? null : amount.value * MSAT_PER_SAT,
  });
}

// --------------------------------------------------------------------------------- lists and lookups

export const LIST_LIMIT_DEFAULT = 100;
const OFFSET_MAX = 100_000;

export const listQuerySchema = {
  type: 'object',
  properties: {
    limit: { description: `rows, 1 to ${HISTORY_LIMIT_MAX} (default ${LIST_LIMIT_DEFAULT}), newest first` },
    offset: { description: `rows to skip, 0 to ${OFFSET_MAX} (default 0)` },
  },
};

function boundedInt(value: unknown, field: string, min: number, max: number, dflt: number): Result<number> {
  if (value === undefined || value === null || value === '') return ok(dflt);
  const n = typeof value === 'string' && /^\d{1,7}$/.test(value.trim()) ? Number(value.trim()) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
    return err('invalid_request', `${field} must be a whole number from ${min} to ${max}`, field);
  }
  return ok(n);
}

/** `?limit=&offset=` of gettxs and getuserinvoices. */
export function decodeListPage(query: Body): Result<ListPage> {
  const limit = boundedInt(query['limit'], 'limit', 1, HISTORY_LIMIT_MAX, LIST_LIMIT_DEFAULT);
  if (!limit.ok) return limit;
  const offset = boundedInt(query['offset'], 'offset', 0, OFFSET_MAX, 0);
  if (!offset.ok) return offset;
  return ok({ limit: limit.value, offset: offset.value });
}

/** A payment hash in the path: 64 hex digits, any case. */
export function decodePaymentHash(value: unknown): Result<string> {
  if (typeof value === 'string' && /^[0-9a-fA-F]{64}$/.test(value)) return ok(value.toLowerCase());
  return err('invalid_request', 'the payment hash must be 64 hex digits', 'payment_hash');
}

/** `?invoice=` of decodeinvoice. */
export function decodeInvoiceQuery(value: unknown): Result<string> {
  if (typeof value !== 'string' || value.trim() === '') {
    return err('invalid_request', 'invoice is required (a BOLT11 invoice)', 'invoice');
  }
  if (value.length > 8000) return err('invalid_request', 'invoice is too long', 'invoice');
  return ok(value.trim());
}
