import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkPayment } from '../../src/app/payments/check-payment.ts';
import { paymentHistory } from '../../src/app/payments/history.ts';
import { lightningAddressInvoice } from '../../src/app/payments/lightning-address.ts';
import {
  checkPaymentLapi,
  receiveLapi,
  redeemVoucherLapi,
  requestVoucherLapi,
  sendLapi,
} from '../fixtures/lapi.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import {
  auditViolations,
  callerOf,
  errorOf,
  type VoucherWorld,
  value,
  voucherWorld,
} from '../fixtures/vouchers.ts';

describe.each(DIALECTS)('who sees a payment, and how it is found, on %s', (dialect) => {
  let w: VoucherWorld;
  let jay: TestAccount;
  let kim: TestAccount;
  let payer: TestAccount;

  beforeEach(async () => {
    w = await voucherWorld(dialect);
    jay = await makeAccount(w.deps);
    kim = await makeAccount(w.deps);
    payer = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
  });
  afterEach(async () => {
    await w.close();
  });

  const outbox = () => w.deps.db.read.selectFrom('outbox').selectAll().execute();
  const payInvoice = async (payreq: string) =>
    value(
      await sendLapi(w.deps, callerOf(payer), {
        body: { payment_mode: 'lightning', lightning_invoice: payreq },
        idempotencyKey: null,
      }),
    );

  it('the payment webhook carries order_id and description besides tid, status and amount', async () => {
    const p = value(
      await receiveLapi(w.deps, callerOf(kim, 'invoice'), {
        body: {
          amount: '0.0001',
          order_id: 'order-17',
          description: 'two coffees',
          callback_url: 'http://127.0.0.1:9/hook',
        },
        idempotencyKey: null,
      }),
    );
    await payInvoice(p.payreq!);
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.payload)).toEqual({
      tid: p.public_id,
      status: 'paid',
      amount: 0.0001,
      order_id: 'order-17',
      description: 'two coffees',
    });
  });

  it('a request made for another account signs and logs its webhook as the requester’s', async () => {
    const p = value(
      await receiveLapi(w.deps, callerOf(jay, 'invoice'), {
        body: { amount: '0.0001', receiver_usertag: kim.usertag, callback_url: 'http://127.0.0.1:9/hook' },
        idempotencyKey: null,
      }),
    );
    expect(p.account_id).toBe(kim.id);
    await payInvoice(p.payreq!);
    const rows = await outbox();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.account_id).toBe(jay.id);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('unpaid invoices of Lightning-address callbacks stay out of the history until they are paid', async () => {
    const issued: string[] = [];
    for (let i = 0; i < 3; i++) {
      issued.push(value(await lightningAddressInvoice(w.deps, kim.usertag, '1000000')).payreq);
    }
    expect(value(await paymentHistory(w.deps, callerOf(kim), 100))).toEqual([]);
    await payInvoice(issued[1]!);
    const history = value(await paymentHistory(w.deps, callerOf(kim), 100));
    expect(history.map((h) => [h.direction, h.status, h.invoice_type])).toEqual([['in', 'paid', 'lnurl']]);
  });

  it('checkPayment finds a payment by its tid and by its integer id, a voucher’s redeemed_tid included', async () => {
    const p = value(
      await receiveLapi(w.deps, callerOf(kim, 'invoice'), {
        body: { amount: '0.0001' },
        idempotencyKey: null,
      }),
    );
    expect(value(await checkPayment(w.deps, callerOf(kim), p.public_id)).id).toBe(p.id);
    expect(value(await checkPayment(w.deps, callerOf(kim), String(p.id))).id).toBe(p.id);
    expect(value(await checkPaymentLapi(w.deps, callerOf(kim), Number(p.id))).id).toBe(p.id);
    expect(errorOf(await checkPayment(w.deps, callerOf(jay), String(p.id)))).toBe('not_found');
    expect(errorOf(await checkPayment(w.deps, callerOf(kim), '123'))).toBe('not_found');

    const batch = value(
      await requestVoucherLapi(w.deps, callerOf(payer), { amount: '0.0001', voucher_count: 1 }),
    );
    const r = value(
      await redeemVoucherLapi(w.deps, {
        target: { code: batch.vouchers[0]!.code },
        mode: 'usertag',
        to: jay.usertag,
      }),
    );
    const tid = Number(r.voucher.redeemed_tid);
    const seen = value(await checkPaymentLapi(w.deps, callerOf(payer), tid));
    expect(seen).toMatchObject({ direction: 'out', status: 'paid', purpose: 'voucher_claim' });
    // The redeemer's side of the same payment: its own row, linked by counterpart_id.
    const jaySide = value(await paymentHistory(w.deps, callerOf(jay), 10))[0]!;
    expect(jaySide.counterpart_id).toBe(seen.id);
    expect(seen.counterpart_id).toBe(jaySide.id);
  });
});
