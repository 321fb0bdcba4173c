import { createHash } from 'node:crypto';

export { encodeLnurl } from '../../domain/lnurl.ts';

/** The public addresses of a batch and its vouchers, all under PUBLIC_URL. */

export const voucherUrl = (publicUrl: string, code: string): string => `${publicUrl}/voucher/redeem/${code}`;

export const staticVoucherUrl = (publicUrl: string, batchId: string): string =>
  `${publicUrl}/voucher/${batchId}`;

export const printUrl = (publicUrl: string, batchId: string, token: string): string =>
  `${publicUrl}/voucher/${batchId}/print?token=${token}`;

/** Where a wallet fetches the LUD-03 withdrawRequest of a one-time voucher, or of a batch's static URL. */
export const withdrawRequestUrl = (
  publicUrl: string,
  target: { code: string } | { batchId: string },
): string =>
  'code' in target ? `${publicUrl}/lnurlw/${target.code}` : `${publicUrl}/lnurlw/s/${target.batchId}`;

/**
 * The LUD-03 `k1` of a voucher or batch. Derived, not stored: whoever holds the LNURL holds the code
 * anyway, so k1 only has to tie the wallet's callback to the withdrawRequest it was given.
 */
export function withdrawK1(target: { code: string } | { batchId: string }): string {
  const name = 'code' in target ? `voucher:${target.code}` : `voucher_batch:${target.batchId}`;
  return createHash('sha256').update(`paytag lnurlw k1 ${name}`).digest('hex');
}
