import type { AppDeps } from '../../app/deps.ts';
import type {
  RedeemCommand,
  RedeemTarget,
  RedeemTo,
  RequestVouchersCommand,
  WithdrawCommand,
} from '../../app/vouchers/commands.ts';
import { withdrawK1 } from '../../app/vouchers/urls.ts';
import { optionalHttpUrl, optionalText } from '../../domain/fields.ts';
import { formatMsatAsBtc, parseBtcToMsat } from '../../domain/money.ts';
import { TEXT_LIMITS } from '../../domain/payments/fees.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeEmail, normalizeUsertag } from '../../domain/usertag.ts';
import { VOUCHER_COUNT_MAX, VOUCHER_COUNT_MIN, VOUCHER_TEXT_LIMITS } from '../../domain/vouchers.ts';
import { btcAmountInput } from '../schemas.ts';

// The contract of the voucher requests: what requestVoucher's body, the redeem and revoke parameters
// (/lapi), the voucher pages' redeem form and the LNURL-withdraw callback may hold, and how each becomes
// a command. Fields the decoders check themselves carry no JSON type in the schemas, so the validator
// never coerces them: an array or a boolean is refused here with one message naming the field, never
// turned into an amount or a text.

type Body = Record<string, unknown>;
type Limits = AppDeps['config']['vouchers'];

/** A field the decoder checks (no coercion by the schema validator). */
const decoded = (description: string) => ({ description });

const absent = (v: unknown): boolean => v === undefined || v === null;
const present = (v: unknown): boolean => v !== undefined && v !== null && v !== '';

/** A whole number given as a JSON number or a string of digits (form posts and query strings send text). */
function wholeNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isSafeInteger(v) ? v : null;
  if (typeof v === 'string' && /^\s*\d{1,15}\s*$/.test(v)) return Number(v);
  return null;
}

function optionalBoolean(v: unknown, field: string): Result<boolean | null> {
  if (absent(v)) return ok(null);
  if (v === true || v === 'true') return ok(true);
  if (v === false || v === 'false') return ok(false);
  return err('invalid_request', `${field} must be true or false`, field);
}

// Control characters would reach e-mail headers (the subject names `from`) and printed sheets.
const hasControlCharacter = (s: string): boolean =>
  Array.from(s).some((c) => {
    const n = c.charCodeAt(0);
    return n < 0x20 || n === 0x7f;
  });

function optionalLabel(v: unknown, field: 'from' | 'title'): Result<string | null> {
  const r = optionalText(v, field, VOUCHER_TEXT_LIMITS[field]);
  if (!r.ok || r.value === null) return r;
  const text = r.value.trim();
  if (hasControlCharacter(text))
    return err('invalid_request', `${field} must not contain control characters`, field);
  return ok(text === '' ? null : text);
}

function amountOf(body: Body, limits: Limits): Result<bigint> {
  const a = body['amount'];
  if (absent(a)) return err('invalid_request', 'amount is required: BTC per voucher, e.g. 0.0001', 'amount');
  if (typeof a !== 'string' && typeof a !== 'number') {
    return err('invalid_request', 'amount must be a BTC amount: a string like "0.001" or a number', 'amount');
  }
  const amount = parseBtcToMsat(a);
  if (!amount.ok) return amount;
  if (amount.value === 0n) return err('invalid_request', 'amount must be greater than zero', 'amount');
  if (amount.value > limits.maxAmountMsat) {
    return err(
      'amount_out_of_range',
      `amount must be at most ${formatMsatAsBtc(limits.maxAmountMsat)} BTC per voucher`,
      'amount',
    );
  }
  return amount;
}

function countOf(body: Body): Result<number> {
  if (absent(body['voucher_count'])) {
    return err(
      'invalid_request',
      `voucher_count is required: ${VOUCHER_COUNT_MIN} to ${VOUCHER_COUNT_MAX}`,
      'voucher_count',
    );
  }
  const count = wholeNumber(body['voucher_count']);
  if (count === null || count < VOUCHER_COUNT_MIN || count > VOUCHER_COUNT_MAX) {
    return err(
      'invalid_request',
      `voucher_count must be a whole number from ${VOUCHER_COUNT_MIN} to ${VOUCHER_COUNT_MAX}`,
      'voucher_count',
    );
  }
  return ok(count);
}

function expiryOf(body: Body, limits: Limits): Result<number> {
  if (absent(body['expiry'])) return ok(limits.expiryDefaultMin);
  const e = wholeNumber(body['expiry']);
  if (e === null || e < 1 || e > limits.expiryMaxMin) {
    return err(
      'invalid_request',
      `expiry must be a whole number of minutes from 1 to ${limits.expiryMaxMin}`,
      'expiry',
    );
  }
  return ok(e);
}

function designOf(body: Body): Result<{ uniqueDesign: boolean; uniqueDesignUrl: string | null }> {
  const url = optionalHttpUrl(
    body['unique_design_url'] === '' ? null : body['unique_design_url'],
    'unique_design_url',
  );
  if (!url.ok) return url;
  const flag = optionalBoolean(body['unique_design'], 'unique_design');
  if (!flag.ok) return flag;
  const uniqueDesign = flag.value ?? url.value !== null;
  if (uniqueDesign && url.value === null) {
    return err(
      'invalid_request',
      'unique_design_url is required when unique_design is true',
      'unique_design_url',
    );
  }
  if (!uniqueDesign && url.value !== null) {
    return err(
      'invalid_request',
      'unique_design_url is only used with unique_design: true',
      'unique_design_url',
    );
  }
  return ok({ uniqueDesign, uniqueDesignUrl: url.value });
}

// --------------------------------------------------------------------------------- requestVoucher

export const requestVoucherBodySchema = {
  type: 'object',
  required: ['amount', 'voucher_count'],
  properties: {
    amount: decoded(`${btcAmountInput.description} per voucher; a string or a number`),
    voucher_count: decoded(`${VOUCHER_COUNT_MIN} to ${VOUCHER_COUNT_MAX}: a whole number or its digits`),
    from: decoded('who the vouchers are from: a string of at most 100 characters'),
    title: decoded('message of the vouchers: a string of at most 280 characters'),
    expiry: decoded('minutes until the vouchers expire: a whole number or its digits'),
    receiver_email: decoded('e-mail the voucher here (a string); only with voucher_count 1'),
    unique_design: decoded('true or false (or the text "true" / "false")'),
    unique_design_url: decoded('http(s) URL of a 640x360 image shown on the voucher page'),
    callback_url: decoded('webhook URL, called when a voucher is redeemed'),
  },
};

/** POST /lapi/v1/requestVoucher → RequestVouchersCommand, within this service's voucher limits. */
export function decodeRequestVouchers(
  body: Body,
  idempotencyKey: string | null,
  limits: Limits,
): Result<RequestVouchersCommand> {
  const amount = amountOf(body, limits);
  if (!amount.ok) return amount;
  const count = countOf(body);
  if (!count.ok) return count;
  const from = optionalLabel(body['from'], 'from');
  if (!from.ok) return from;
  const title = optionalLabel(body['title'], 'title');
  if (!title.ok) return title;
  const expiry = expiryOf(body, limits);
  if (!expiry.ok) return expiry;

  let receiverEmail: string | null = null;
  if (!absent(body['receiver_email']) && body['receiver_email'] !== '') {
    const email = normalizeEmail(body['receiver_email'], 'receiver_email');
    if (!email.ok) return email;
    if (count.value !== 1) {
      return err(
        'invalid_request',
        'receiver_email is only allowed when voucher_count is 1',
        'receiver_email',
      );
    }
    receiverEmail = email.value;
  }
  const design = designOf(body);
  if (!design.ok) return design;
  const callback = optionalText(
    body['callback_url'] === '' ? null : body['callback_url'],
    'callback_url',
    TEXT_LIMITS.url,
  );
  if (!callback.ok) return callback;

  return ok({
    amountMsat: amount.value,
    count: count.value,
    from: from.value,
    title: title.value,
    expiryMin: expiry.value,
    receiverEmail,
    ...design.value,
    callbackUrl: callback.value,
    idempotencyKey,
  });
}

// ------------------------------------------------------------------------------ redeem and revoke

export const redeemParams = {
  voucher_code: decoded('the voucher’s code (the last part of its voucher_url): a string'),
  redeem_mode: decoded('usertag or invoice'),
  redeem_to: decoded('a usertag, or a BOLT11 invoice for the voucher amount or without amount'),
};

export const batchTidParam = decoded('the batch tid from requestVoucher: a string');

/** redeem_mode and redeem_to, as the API and the pages' form send them. */
export function decodeRedeemTo(mode: unknown, to: unknown): Result<RedeemTo> {
  if (mode === undefined || mode === null || mode === '') {
    return err('invalid_request', 'redeem_mode is required: usertag or invoice', 'redeem_mode');
  }
  const m = typeof mode === 'string' ? mode.trim().toLowerCase() : mode;
  if (m !== 'usertag' && m !== 'invoice') {
    return err('invalid_request', 'redeem_mode must be usertag or invoice', 'redeem_mode');
  }
  if (to === undefined || to === null || (typeof to === 'string' && to.trim() === '')) {
    return err(
      'invalid_request',
      `redeem_to is required: ${m === 'usertag' ? 'the usertag to credit' : 'a Lightning invoice'}`,
      'redeem_to',
    );
  }
  if (typeof to !== 'string') return err('invalid_request', 'redeem_to must be a string', 'redeem_to');
  if (to.length > VOUCHER_TEXT_LIMITS.redeem_to)
    return err('invalid_request', 'redeem_to is too long', 'redeem_to');
  if (m === 'usertag') {
    const tag = normalizeUsertag(to, 'redeem_to');
    return tag.ok ? ok({ mode: 'usertag', usertag: tag.value }) : tag;
  }
  return ok({ mode: 'invoice', payreq: to.trim().replace(/^lightning:/i, '') });
}

/** voucher_code: required, a string. */
export function decodeVoucherCode(params: Body): Result<string> {
  const code = params['voucher_code'];
  if (!present(code)) return err('invalid_request', 'voucher_code is required', 'voucher_code');
  if (typeof code !== 'string')
    return err('invalid_request', 'voucher_code must be a string', 'voucher_code');
  return ok(code);
}

/**
 * /lapi/v1/redeemVoucher (and revokeVoucher with voucher_code) → RedeemCommand. The original API's
 * documented example sends only voucher_code: the voucher goes to the caller's own account, `ownUsertag`.
 */
export function decodeRedeem(params: Body, ownUsertag: string): Result<RedeemCommand> {
  const code = decodeVoucherCode(params);
  if (!code.ok) return code;
  const ownAccount = !present(params['redeem_mode']) && !present(params['redeem_to']);
  const to = ownAccount
    ? decodeRedeemTo('usertag', ownUsertag)
    : decodeRedeemTo(params['redeem_mode'], params['redeem_to']);
  return to.ok ? ok({ target: { code: code.value }, to: to.value }) : to;
}

/** The `tid` of checkVoucher and revokeVoucher: required, a string. */
export function decodeBatchTid(value: unknown): Result<string> {
  if (value === undefined || value === null || value === '')
    return err('invalid_request', 'tid is required', 'tid');
  if (typeof value !== 'string') return err('invalid_request', 'tid must be a string', 'tid');
  return ok(value);
}

// --------------------------------------------------------------------------- LNURL-withdraw (LUD-03)

export const withdrawCallbackQuery = {
  type: 'object',
  properties: {
    k1: decoded('the k1 of the withdrawRequest'),
    pr: decoded('BOLT11 invoice for exactly the voucher amount (or without amount)'),
  },
};

/** The callback of a voucher's (or a static URL's) withdrawRequest → the invoice redemption it asks. */
export function decodeWithdrawCallback(target: RedeemTarget, query: Body): Result<WithdrawCommand> {
  const t: RedeemTarget =
    'code' in target
      ? { code: target.code.trim().toLowerCase() }
      : { batchId: target.batchId.trim().toLowerCase() };
  const { k1, pr } = query;
  if (!present(k1)) return err('invalid_request', 'k1 is required', 'k1');
  if (typeof k1 !== 'string') return err('invalid_request', 'k1 must be a string', 'k1');
  if (k1.toLowerCase() !== withdrawK1(t))
    return err('invalid_request', 'k1 does not belong to this voucher', 'k1');
  if (!present(pr)) return err('invalid_request', 'pr (the invoice) is required', 'pr');
  if (typeof pr !== 'string') return err('invalid_request', 'pr must be a string', 'pr');
  const to = decodeRedeemTo('invoice', pr);
  if (!to.ok) return to;
  const invoice = to.value;
  return invoice.mode === 'invoice'
    ? ok({ target: t, to: invoice })
    : err('invalid_request', 'pr must be a Lightning invoice', 'pr');
}
