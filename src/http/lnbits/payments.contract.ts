import { createHash } from 'node:crypto';
import { describedOnly, type ReceiveCommand, type SendCommand } from '../../app/payments/commands.ts';
import { MAX_BTC_MSAT, MSAT_PER_SAT } from '../../domain/money.ts';
import { EXPIRES_IN_MAX_MIN, TEXT_LIMITS } from '../../domain/payments/fees.ts';
import { err, ok, type Result } from '../../domain/result.ts';

/**
 * The body of LNbits' `POST /api/v1/payments` (lnbits/lnbits `lnbits/core/models/payments.py`
 * `CreateInvoice` @7d98c6b) and of `POST /api/v1/payments/lnurl` (`lnbits/core/models/lnurl.py`
 * `CreateLnurlPayment`: `lnurl`, or `res`, the payRequest the client already fetched), decoded into the
 * native commands. The schemas give the decoded fields no JSON type, so nothing is coerced before the decoders
 * see it; a refusal names its field.
 */

type Body = Record<string, unknown>;

/** Seconds an invoice lives when the body names no `expiry` (LNbits' `lightning_invoice_expiry`). */
export const LNBITS_DEFAULT_EXPIRY_SEC = 3600;
const MAX_EXPIRY_SEC = EXPIRES_IN_MAX_MIN * 60;
/** LNbits' memo limit (`max_length=640`) and ours (the invoice's `d` field, in UTF-8 bytes). */
const MEMO_MAX_BYTES = TEXT_LIMITS.description;
/** LNURL-pay metadata, hex encoded, at most this long (it may carry an image). */
const UNHASHED_MAX_HEX = 262_144;
const HEX64 = /^[0-9a-fA-F]{64}$/;
const HEX = /^(?:[0-9a-fA-F]{2})*$/;

export const createBodySchema = {
  type: 'object',
  properties: {
    out: { description: 'true: pay `bolt11` (admin key); false: create an invoice. LNbits defaults to true' },
    amount: { description: 'satoshis, a whole number (out: false)' },
    unit: { description: '"sat" (the only unit served)' },
    memo: { description: `the invoice's description, at most ${MEMO_MAX_BYTES} bytes` },
    expiry: { description: `seconds until the invoice expires (1 to ${MAX_EXPIRY_SEC}, default 3600)` },
    description_hash: { description: 'hex SHA-256 the invoice commits to instead of a memo (LNURL-pay)' },
    unhashed_description: { description: 'hex of the text description_hash is the SHA-256 of' },
    bolt11: { description: 'the invoice to pay (out: true)' },
    internal: {},
    extra: {},
    webhook: { description: 'not served: use the native API callback_url' },
    labels: {},
  },
} as const;

const isTrue = (v: unknown) => v === true || v === 'true';

/** `out` as LNbits reads it: absent means true (its model's default). */
export function outOf(body: Body): Result<boolean> {
  const v = body['out'];
  if (v === undefined || v === null) return ok(true);
  if (typeof v === 'boolean') return ok(v);
  if (v === 'true' || v === 'false') return ok(v === 'true');
  return err('invalid_request', 'out must be true or false', 'out');
}

function wholeSats(value: unknown, field: string): Result<bigint> {
  const text = typeof value === 'number' && Number.isFinite(value) ? String(value) : value;
  if (typeof text !== 'string' || !/^\d{1,16}$/.test(text.trim())) {
    return err('invalid_request', `${field} must be a whole number of satoshis`, field);
  }
  const msat = BigInt(text.trim()) * MSAT_PER_SAT;
  if (msat <= 0n) return err('invalid_request', 'Amountless invoices not supported.', field);
  if (msat > MAX_BTC_MSAT) return err('invalid_request', `${field} exceeds 21,000,000 BTC`, field);
  return ok(msat);
}

function hexField(value: unknown, field: string, maxChars: number): Result<string | null> {
  if (value === undefined || value === null || value === '') return ok(null);
  if (typeof value !== 'string' || !HEX.test(value) || value.length > maxChars) {
    return err('invalid_request', `'${field}' must be a valid hex string`, field);
  }
  return ok(value.toLowerCase());
}

/** `out: false`: an invoice for `amount` satoshis on the caller's Lightning wallet. */
export function decodeCreateInvoice(body: Body, idempotencyKey: string | null): Result<ReceiveCommand> {
  const unit = body['unit'];
  if (unit !== undefined && unit !== null && unit !== 'sat') {
    return err('invalid_request', 'The provided unit is not supported', 'unit');
  }
  if (body['webhook'] !== undefined && body['webhook'] !== null && body['webhook'] !== '') {
    return err(
      'invalid_request',
      'webhook is not served here: set a callback_url with the native API (/lapi/v1/receive)',
      'webhook',
    );
  }
  if (isTrue(body['internal'])) return err('invalid_request', 'internal invoices are not served', 'internal');
  const amount = wholeSats(body['amount'], 'amount');
  if (!amount.ok) return amount;
  const memo = body['memo'];
  if (memo !== undefined && memo !== null && typeof memo !== 'string') {
    return err('invalid_request', 'memo must be a string', 'memo');
  }
  if (typeof memo === 'string' && Buffer.byteLength(memo, 'utf8') > MEMO_MAX_BYTES) {
    return err('invalid_request', `memo must be at most ${MEMO_MAX_BYTES} bytes`, 'memo');
  }
  let expirySec = LNBITS_DEFAULT_EXPIRY_SEC;
  const e = body['expiry'];
  if (e !== undefined && e !== null && e !== 0) {
    const n = typeof e === 'string' && /^\d{1,9}$/.test(e) ? Number(e) : e;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_EXPIRY_SEC) {
      return err(
        'invalid_request',
        `expiry must be a whole number of seconds from 1 to ${MAX_EXPIRY_SEC}`,
        'expiry',
      );
    }
    expirySec = n;
  }
  const hash = hexField(body['description_hash'], 'description_hash', 64);
  if (!hash.ok) return hash;
  if (hash.value !== null && !HEX64.test(hash.value)) {
    return err('invalid_request', 'description_hash must be 64 hex characters (SHA-256)', 'description_hash');
  }
  const unhashed = hexField(body['unhashed_description'], 'unhashed_description', UNHASHED_MAX_HEX);
  if (!unhashed.ok) return unhashed;
  let descriptionHash: ReceiveCommand['descriptionHash'];
  if (hash.value !== null || unhashed.value !== null) {
    const bytes = unhashed.value === null ? null : Buffer.from(unhashed.value, 'hex');
    const ofText = bytes === null ? null : createHash('sha256').update(bytes).digest('hex');
    if (hash.value !== null && ofText !== null && ofText !== hash.value) {
      return err(
        'invalid_request',
        'description_hash is not the SHA-256 of unhashed_description',
        'description_hash',
      );
    }
    descriptionHash = { hashHex: (hash.value ?? ofText)!, text: bytes?.toString('utf8') ?? '' };
  }
  return ok({
    amount: { asset: 'lbtc', units: amount.value },
    rail: 'lightning',
    chainNetwork: null,
    receiverUsertag: null,
    expiresInSec: expirySec,
    // As LNbits: no memo is kept for an invoice that commits to a description by its hash.
    refs: describedOnly(
      descriptionHash === undefined && typeof memo === 'string' && memo !== '' ? memo : null,
    ),
    callbackUrl: null,
    successUrl: null,
    ...(descriptionHash === undefined ? {} : { descriptionHash }),
    idempotencyKey,
  });
}

/** `out: true`: pay `bolt11` (an amountless invoice is refused, as LNbits refuses it). */
export function decodePayInvoice(body: Body, idempotencyKey: string | null): Result<SendCommand> {
  const bolt11 = body['bolt11'];
  if (bolt11 === undefined || bolt11 === null || bolt11 === '') {
    return err('invalid_request', 'Missing BOLT11 invoice', 'bolt11');
  }
  if (typeof bolt11 !== 'string' || bolt11.length > 8192) {
    return err('invalid_request', 'bolt11 must be a BOLT11 invoice', 'bolt11');
  }
  return ok({
    target: { kind: 'invoice', payreq: bolt11.trim(), amountMsat: null },
    refs: describedOnly(null),
    idempotencyKey,
  });
}

export const lnurlBodySchema = {
  type: 'object',
  properties: {
    lnurl: { description: 'a bech32 LNURL or a Lightning address' },
    res: {
      description:
        'the LNURL-pay response (LUD-06) the client already fetched: callback, min/maxSendable, metadata',
    },
    amount: { description: 'millisatoshis' },
    comment: { description: 'not sent to the service (LUD-12 comments are not served)' },
    unit: { description: '"sat" (the only unit served)' },
    description: {},
    internal_memo: {},
  },
} as const;

/** What `POST /api/v1/payments/lnurl` asks: an LNURL to resolve, or a payRequest already resolved. */
export type LnurlPayAsk =
  | { kind: 'lnurl'; target: string; amountMsat: bigint }
  | {
      kind: 'pay_request';
      callback: string;
      metadata: string;
      minSendableMsat: bigint;
      maxSendableMsat: bigint;
      amountMsat: bigint;
    };

function msatOf(value: unknown, field: string): Result<bigint> {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (
    typeof text !== 'string' ||
    !/^\d{1,19}$/.test(text) ||
    BigInt(text) <= 0n ||
    BigInt(text) > MAX_BTC_MSAT
  ) {
    return err('invalid_request', `${field} must be a whole number of millisatoshis`, field);
  }
  return ok(BigInt(text));
}

export function decodeLnurlPay(body: Body): Result<LnurlPayAsk> {
  const unit = body['unit'];
  if (unit !== undefined && unit !== null && unit !== 'sat') {
    return err('invalid_request', 'The provided unit is not supported', 'unit');
  }
  const amount = msatOf(body['amount'], 'amount');
  if (!amount.ok) return amount;
  const res = body['res'];
  if (res !== undefined && res !== null) {
    if (typeof res !== 'object' || Array.isArray(res)) {
      return err('invalid_request', 'res must be an LNURL-pay response object', 'res');
    }
    const r = res as Body;
    if (typeof r['callback'] !== 'string' || typeof r['metadata'] !== 'string') {
      return err('invalid_request', 'res must carry callback and metadata', 'res');
    }
    if (r['tag'] !== undefined && r['tag'] !== 'payRequest') {
      return err('invalid_request', 'res is not an LNURL-pay response (tag payRequest)', 'res');
    }
    const min = msatOf(r['minSendable'], 'res.minSendable');
    if (!min.ok) return min;
    const max = msatOf(r['maxSendable'], 'res.maxSendable');
    if (!max.ok) return max;
    return ok({
      kind: 'pay_request',
      callback: r['callback'],
      metadata: r['metadata'],
      minSendableMsat: min.value,
      maxSendableMsat: max.value,
      amountMsat: amount.value,
    });
  }
  const lnurl = body['lnurl'];
  if (typeof lnurl === 'string' && lnurl.trim() !== '') {
    return ok({ kind: 'lnurl', target: lnurl.trim(), amountMsat: amount.value });
  }
  return err('invalid_request', 'Missing LNURL or LnurlPayResponse data.', 'lnurl');
}
