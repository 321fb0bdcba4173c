import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { revokeVoucher } from '../../src/app/vouchers/revoke-voucher.ts';
import type { VoucherBatchView } from '../../src/app/vouchers/view-voucher.ts';
import { redeemVoucherLapi, requestVoucherLapi, sendLapi } from '../fixtures/lapi.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import {
  auditViolations,
  BTC,
  balanceOf,
  callerOf,
  errorOf,
  outsideInvoice,
  ownInvoice,
  type VoucherWorld,
  value,
  voucherWorld,
} from '../fixtures/vouchers.ts';

const AMOUNT = 100_000_000n; // 0.001 BTC in msat

// What a payment route answers 409 for: the invoice is taken, or the voucher is.
const CONFLICTS = ['invoice_already_paid', 'voucher_already_redeemed'];

describe.each(DIALECTS)('the outgoing-payment engine on %s', (dialect) => {
  let w: VoucherWorld;
  let issuer: TestAccount;
  let alice: TestAccount;

  beforeEach(async () => {
    w = await voucherWorld(dialect);
    issuer = await makeAccount(w.deps, { fund: { lbtc: '0.05' } });
    alice = await makeAccount(w.deps);
  });
  afterEach(async () => {
    await w.close();
  });

  const create = async (count: number): Promise<VoucherBatchView> =>
    value(await requestVoucherLapi(w.deps, callerOf(issuer), { amount: '0.001', voucher_count: count }));

  it('a static voucher link pays an account once, whether by its usertag or by its own invoices', async () => {
    const v = await create(3);
    const viaStatic = (mode: string, to: string) =>
      redeemVoucherLapi(w.deps, { target: { batchId: v.batch.id }, mode, to });
    value(await viaStatic('usertag', alice.usertag));
    const invoice = await ownInvoice(w, alice, '0.001');
    expect(errorOf(await viaStatic('invoice', invoice.payreq!))).toBe('voucher_already_redeemed');
    expect(await balanceOf(w, alice)).toBe(AMOUNT);

    const bob = await makeAccount(w.deps);
    value(await viaStatic('invoice', (await ownInvoice(w, bob, '0.001')).payreq!));
    expect(errorOf(await viaStatic('invoice', (await ownInvoice(w, bob, '0.001')).payreq!))).toBe(
      'voucher_already_redeemed',
    );
    expect(errorOf(await viaStatic('usertag', bob.usertag))).toBe('voucher_already_redeemed');
    expect(await balanceOf(w, bob)).toBe(AMOUNT);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('concurrent payers of one invoice of this service: one pays, the others get a conflict, none an exception', async () => {
    for (let round = 0; round < 3; round++) {
      const invoice = await ownInvoice(w, alice, '0.001');
      const payers = await Promise.all(
        Array.from({ length: 6 }, () => makeAccount(w.deps, { fund: { lbtc: '0.01' } })),
      );
      const results = await Promise.all(
        payers.map((p) =>
          sendLapi(w.deps, callerOf(p), {
            body: { payment_mode: 'lightning', lightning_invoice: invoice.payreq },
            idempotencyKey: null,
          }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      for (const r of results.filter((x) => !x.ok)) expect(CONFLICTS).toContain(errorOf(r));
    }
    expect(await balanceOf(w, alice)).toBe(3n * AMOUNT);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('concurrent redemptions of vouchers to one invoice of this service: one pays, the others get a conflict', async () => {
    for (let round = 0; round < 3; round++) {
      const v = await create(6);
      const invoice = await ownInvoice(w, alice, '0.001');
      const results = await Promise.all(
        v.vouchers.map((x) =>
          redeemVoucherLapi(w.deps, { target: { code: x.code }, mode: 'invoice', to: invoice.payreq }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      for (const r of results.filter((x) => !x.ok)) expect(CONFLICTS).toContain(errorOf(r));
    }
    expect(await balanceOf(w, alice)).toBe(3n * AMOUNT);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('a voucher of a batch revoked while it is being redeemed is refused as revoked, never as expired', async () => {
    for (let round = 0; round < 5; round++) {
      const v = await create(4);
      const results = await Promise.all([
        ...v.vouchers.map((x) =>
          redeemVoucherLapi(w.deps, { target: { code: x.code }, mode: 'usertag', to: alice.usertag }),
        ),
        revokeVoucher(w.deps, callerOf(issuer), v.batch.id),
      ]);
      for (const r of results) if (!r.ok) expect(errorOf(r)).toBe('voucher_revoked');
    }
    expect(await auditViolations(w)).toEqual([]);
  });

  it('failing invoice redemptions, usertag redemptions, new batches and a revoke of one issuer all finish, without a deadlock', async () => {
    const v = await create(10);
    const second = await create(5);
    const bad = await Promise.all(
      v.vouchers.slice(0, 6).map(() => outsideInvoice(w, AMOUNT, 'sandbox:fail')),
    );
    const work: Array<Promise<{ ok: boolean; error?: { code: string } }>> = [
      ...v.vouchers
        .slice(0, 6)
        .map((x, i) =>
          redeemVoucherLapi(w.deps, { target: { code: x.code }, mode: 'invoice', to: bad[i]!.payreq }),
        ),
      ...v.vouchers
        .slice(6)
        .map((x) =>
          redeemVoucherLapi(w.deps, { target: { code: x.code }, mode: 'usertag', to: alice.usertag }),
        ),
      requestVoucherLapi(w.deps, callerOf(issuer), { amount: '0.001', voucher_count: 2 }),
      requestVoucherLapi(w.deps, callerOf(issuer), { amount: '0.001', voucher_count: 2 }),
      revokeVoucher(w.deps, callerOf(issuer), second.batch.id),
    ];
    const results = await Promise.all(work);
    for (const r of results) if (!r.ok) expect(['payment_failed']).toContain(errorOf(r));
    expect(await balanceOf(w, alice)).toBe(4n * AMOUNT);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('redeeming an already redeemed voucher again to the same target answers the original redemption', async () => {
    const v = await create(1);
    const code = v.vouchers[0]!.code;
    const first = value(
      await redeemVoucherLapi(w.deps, { target: { code }, mode: 'usertag', to: alice.usertag }),
    );
    const again = value(
      await redeemVoucherLapi(w.deps, { target: { code }, mode: 'usertag', to: alice.usertag.toUpperCase() }),
    );
    expect(again.payment.id).toBe(first.payment.id);
    expect(again).toMatchObject({ mode: 'usertag', by: alice.usertag, redeemed: true });
    expect(await balanceOf(w, alice)).toBe(AMOUNT);
    const bob = await makeAccount(w.deps);
    expect(
      errorOf(await redeemVoucherLapi(w.deps, { target: { code }, mode: 'usertag', to: bob.usertag })),
    ).toBe('voucher_already_redeemed');

    const w2 = await create(1);
    const invoice = await ownInvoice(w, alice, '0.001');
    const code2 = w2.vouchers[0]!.code;
    const paid = value(
      await redeemVoucherLapi(w.deps, { target: { code: code2 }, mode: 'invoice', to: invoice.payreq }),
    );
    const replay = value(
      await redeemVoucherLapi(w.deps, { target: { code: code2 }, mode: 'invoice', to: invoice.payreq }),
    );
    expect(replay.payment.id).toBe(paid.payment.id);
    expect(await balanceOf(w, alice)).toBe(2n * AMOUNT);
    expect(BTC).toBeGreaterThan(0n);
    expect(await auditViolations(w)).toEqual([]);
  });
});
