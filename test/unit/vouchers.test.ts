import { describe, expect, it } from 'vitest';
import { cryptoIds } from '../../src/adapters/runtime/system.ts';
import { encodeLnurl, withdrawK1, withdrawRequestUrl } from '../../src/app/vouchers/urls.ts';
import { qrTableHtml, voucherEmail } from '../../src/app/vouchers/voucher-email.ts';
import { encodeLnurl as adapterEncodeLnurl, decodeLnurl } from '../../src/domain/lnurl.ts';
import {
  batchState,
  batchStateError,
  maskRedeemer,
  normalizeBatchId,
  normalizeVoucherCode,
  VOUCHER_CODE,
  VOUCHER_CODE_LENGTH,
  voucherState,
  voucherStateError,
} from '../../src/domain/vouchers.ts';

const open = { redeemedAtMs: null, claimPaymentId: null, refundedAtMs: null };
const batch = { expiresAtMs: 2_000n, revokedAtMs: null };

describe('voucher states', () => {
  it('a voucher is redeemable until it is redeemed, taken by a payment, revoked or expired', () => {
    expect(voucherState(open, batch, 1_000)).toBe('redeemable');
    expect(voucherState({ ...open, redeemedAtMs: 5n }, batch, 1_000)).toBe('redeemed');
    expect(voucherState({ ...open, claimPaymentId: 7n }, batch, 1_000)).toBe('in_progress');
    expect(voucherState(open, { ...batch, revokedAtMs: 10n }, 1_000)).toBe('revoked');
    expect(voucherState(open, batch, 2_000)).toBe('expired');
    expect(voucherState({ ...open, refundedAtMs: 3n }, batch, 1_000)).toBe('expired');
  });

  it('a redemption outlives the batch’s revocation and expiry', () => {
    const redeemed = { ...open, redeemedAtMs: 5n };
    expect(voucherState(redeemed, { expiresAtMs: 2_000n, revokedAtMs: 10n }, 9_000)).toBe('redeemed');
    expect(
      voucherState({ ...open, claimPaymentId: 1n }, { expiresAtMs: 2_000n, revokedAtMs: 10n }, 9_000),
    ).toBe('in_progress');
  });
});

describe('batch states through the static URL', () => {
  it('revoked wins over expired, which wins over all redeemed; an uncounted batch is redeemable', () => {
    expect(batchState({ expiresAtMs: 1n, revokedAtMs: 5n }, 10, 0)).toBe('revoked');
    expect(batchState(batch, 2_000, 0)).toBe('expired');
    expect(batchState(batch, 1_000, 0)).toBe('all_redeemed');
    expect(batchState(batch, 1_000, null)).toBe('redeemable');
    expect(batchState(batch, 1_000, 3)).toBe('redeemable');
  });

  it('each state that refuses a redemption has its error code', () => {
    expect(batchStateError('redeemable')).toBeNull();
    expect(batchStateError('all_redeemed')?.code).toBe('voucher_already_redeemed');
    expect(voucherStateError('redeemable')).toBeNull();
    expect(voucherStateError('in_progress')?.code).toBe('state_conflict');
    expect(voucherStateError('expired')?.code).toBe('voucher_expired');
    expect(voucherStateError('revoked')?.code).toBe('voucher_revoked');
  });
});

describe('voucher codes and ids', () => {
  it('codes come from the CSPRNG as 10 lowercase alphanumerics and are accepted as typed', () => {
    const codes = Array.from({ length: 200 }, () => cryptoIds.publicId(VOUCHER_CODE_LENGTH));
    for (const c of codes) expect(c).toMatch(VOUCHER_CODE);
    expect(new Set(codes).size).toBe(200);
    expect(normalizeVoucherCode(' AbCdEfGh12 ')).toBe('abcdefgh12');
    expect(normalizeVoucherCode('abcdefgh')).toBe('abcdefgh');
    for (const bad of ['abcdefg', 'abcdefghijk', 'abc-efghij', '', 42, null])
      expect(normalizeVoucherCode(bad)).toBeNull();
    expect(normalizeBatchId('ABCDEFGHIJKLMNOP')).toBe('abcdefghijklmnop');
    expect(normalizeBatchId('abc')).toBeNull();
  });

  it('masks redeemers on public pages', () => {
    expect(maskRedeemer('usertag', 'alice_wonder')).toBe('al***er');
    expect(maskRedeemer('usertag', 'bob')).toBe('b***');
    expect(maskRedeemer('invoice', 'lnbcrt2500n1pjq9abcdefghijklmnop')).toBe('lnbcrt25…mnop');
    expect(maskRedeemer(null, null)).toBe('');
  });
});

describe('LNURL-withdraw addresses', () => {
  it('encodes the withdrawRequest URL as LUD-01 bech32, the same as the LNURL adapter', () => {
    const url = withdrawRequestUrl('https://pay.example', { code: 'abcdefghij' });
    expect(url).toBe('https://pay.example/lnurlw/abcdefghij');
    expect(withdrawRequestUrl('https://pay.example', { batchId: 'abcdefghijklmnop' })).toBe(
      'https://pay.example/lnurlw/s/abcdefghijklmnop',
    );
    const lnurl = encodeLnurl(url);
    expect(lnurl).toBe(adapterEncodeLnurl(url));
    expect(lnurl).toMatch(/^LNURL1[0-9A-Z]+$/);
    const decoded = decodeLnurl(lnurl);
    expect(decoded.ok && decoded.url.toString()).toBe(url);
  });

  it('k1 is fixed per voucher and differs between vouchers and batches', () => {
    const a = withdrawK1({ code: 'abcdefghij' });
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(withdrawK1({ code: 'abcdefghij' })).toBe(a);
    expect(withdrawK1({ code: 'abcdefghik' })).not.toBe(a);
    expect(withdrawK1({ batchId: 'abcdefghij' })).not.toBe(a);
  });
});

describe('voucher e-mail', () => {
  it('carries the link, amount, sender, message and a QR code that mail clients render', () => {
    const lnurl = encodeLnurl('https://pay.example/lnurlw/abcdefghij');
    const m = voucherEmail({
      amountMsat: 12_345_000n,
      from: 'Ann',
      title: 'Happy <birthday>',
      voucherUrl: 'https://pay.example/voucher/redeem/abcdefghij',
      lnurl,
      expiresAt: new Date(Date.UTC(2027, 0, 1)),
    });
    expect(m.subject).toBe('Ann sent you a Bitcoin voucher');
    expect(m.text).toContain('Amount: 0.00012345 BTC (12,345 sats)');
    expect(m.text).toContain('Happy <birthday>');
    expect(m.text).toContain('https://pay.example/voucher/redeem/abcdefghij');
    expect(m.text).toContain(lnurl);
    expect(m.html).toContain('Happy &#60;birthday&#62;');
    expect(m.html).not.toContain('<svg');
    expect(m.html).not.toContain('<img');
    expect(m.html).toContain('aria-label="QR code"');
    expect(m.html.endsWith('</div></body></html>')).toBe(true);
  });

  it('draws the QR code with its quiet zone, one table row per module row', () => {
    const table = qrTableHtml('LNURL1TEST');
    const rows = table.match(/<tr>/g)?.length ?? 0;
    // Version 1 (21 modules) plus 4 quiet modules on each side.
    expect(rows).toBe(29);
    expect(table).toContain('background:#000000');
  });
});
