import type { RedeemOutcome } from '../../app/vouchers/redeem-voucher.ts';
import { printUrl, staticVoucherUrl, voucherUrl } from '../../app/vouchers/urls.ts';
import type { VoucherBatchView } from '../../app/vouchers/view-voucher.ts';
import { msatToBtcNumber } from '../../domain/money.ts';
import { seconds } from '../wire/schemas.ts';

/**
 * The voucher batch record (spec "Voucher batch record", compatibility.md): `amount` a JSON number of BTC,
 * `redeemed_tid` an integer, timestamps in unix seconds.
 */

/** requestVoucher's record: the creation fields, items with voucher_url only, and the print sheet's URL. */
export function createdBatchRecord(view: VoucherBatchView, publicUrl: string) {
  const b = view.batch;
  return {
    tid: b.id,
    created_at: Number(b.created_at_ms / 1000n),
    expires_at: Number(b.expires_at_ms / 1000n),
    voucher_count: Number(b.voucher_count),
    voucher_redeemed: view.redeemedCount,
    amount: msatToBtcNumber(b.amount_msat),
    from: b.from_name,
    title: b.title,
    receiver_email: b.receiver_email,
    email_status: b.email_status,
    unique_design: b.unique_design === 1n,
    unique_design_url: b.unique_design_url,
    callback_url: b.callback_url,
    voucher_static_url: staticVoucherUrl(publicUrl, b.id),
    voucher_urls: view.vouchers.map((v) => ({ voucher_url: voucherUrl(publicUrl, v.code) })),
    print_url: printUrl(publicUrl, b.id, b.print_token),
  };
}

/** checkVoucher's record: every field, and every item's state. */
export function fullBatchRecord(view: VoucherBatchView, publicUrl: string) {
  const b = view.batch;
  const { voucher_urls: _urls, print_url, ...created } = createdBatchRecord(view, publicUrl);
  return {
    ...created,
    revoked: b.revoked_at_ms !== null,
    revoked_at: seconds(b.revoked_at_ms),
    voucher_urls: view.vouchers.map((v) => ({
      voucher_url: voucherUrl(publicUrl, v.code),
      voucher_code: v.code,
      redeemed_by: v.redeemed_by,
      redeemed_tid: v.redeemed_tid === null ? null : Number(v.redeemed_tid),
      redeemed_at: seconds(v.redeemed_at_ms),
      callback_status: v.callback_status === null ? null : Number(v.callback_status),
    })),
    print_url,
  };
}

/** redeemVoucher's data; `redeemed` is false while an invoice payment is still under way. */
export function redeemRecord(r: RedeemOutcome) {
  return {
    voucher_code: r.voucher.code,
    redeemed: r.redeemed,
    redeemed_mode: r.mode,
    redeemed_by: r.by,
    redeemed_tid: Number(r.payment.id),
    redeemed_at: r.redeemed ? seconds(r.voucher.redeemed_at_ms) : null,
  };
}

/** revokeVoucher's data. */
export const revokeRecord = (b: VoucherBatchView['batch']) => ({
  tid: b.id,
  revoked: b.revoked_at_ms !== null,
  revoked_at: seconds(b.revoked_at_ms),
});

const str = { type: ['string', 'null'] };
const int = { type: ['integer', 'null'] };

const createdProperties = {
  tid: { type: 'string', description: 'batch id; also the path of voucher_static_url' },
  created_at: { type: 'integer', description: 'unix seconds' },
  expires_at: { type: 'integer', description: 'unix seconds; unredeemed vouchers return to the issuer then' },
  voucher_count: { type: 'integer' },
  voucher_redeemed: { type: 'integer', description: 'vouchers redeemed so far' },
  amount: { type: 'number', description: 'BTC per voucher' },
  from: str,
  title: str,
  receiver_email: str,
  email_status: { type: 'string', enum: ['success', 'pending', 'undefined'] },
  unique_design: { type: 'boolean' },
  unique_design_url: str,
  callback_url: str,
  voucher_static_url: { type: 'string', description: 'redeems any unredeemed voucher; once per usertag' },
  print_url: {
    type: 'string',
    description: 'printable sheet of every voucher with its QR code (keep it private)',
  },
};

export const createdBatchSchema = {
  type: 'object',
  properties: {
    ...createdProperties,
    voucher_urls: {
      type: 'array',
      items: { type: 'object', properties: { voucher_url: { type: 'string' } } },
    },
  },
};

export const fullBatchSchema = {
  type: 'object',
  properties: {
    ...createdProperties,
    revoked: { type: 'boolean' },
    revoked_at: int,
    voucher_urls: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          voucher_url: { type: 'string' },
          voucher_code: { type: 'string' },
          redeemed_by: { ...str, description: 'the usertag or the Lightning invoice it was redeemed to' },
          redeemed_tid: { ...int, description: 'integer id of the issuer’s payment of the redemption' },
          redeemed_at: int,
          callback_status: { ...int, description: 'HTTP status of the redeem webhook' },
        },
      },
    },
  },
};

export const redeemSchema = {
  type: 'object',
  properties: {
    voucher_code: { type: 'string' },
    redeemed: { type: 'boolean', description: 'false while an invoice payment is still under way' },
    redeemed_mode: { type: 'string', enum: ['usertag', 'invoice'] },
    redeemed_by: { type: 'string' },
    redeemed_tid: { type: 'integer' },
    redeemed_at: int,
  },
};

export const revokeSchema = {
  type: 'object',
  properties: { tid: { type: 'string' }, revoked: { type: 'boolean' }, revoked_at: int },
};
