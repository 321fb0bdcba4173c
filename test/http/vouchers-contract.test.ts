import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import { balanceOf, type VoucherWorld, voucherWorld } from '../fixtures/vouchers.ts';

describe.each(DIALECTS)('the /lapi voucher contract on %s', (dialect) => {
  let w: VoucherWorld;
  let issuer: TestAccount;
  let alice: TestAccount;

  beforeEach(async () => {
    w = await voucherWorld(dialect);
    issuer = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
    alice = await makeAccount(w.deps);
  });
  afterEach(async () => {
    await w.close();
  });

  const post = (path: string, key: string, body: unknown, idem?: string): Promise<LightMyRequestResponse> =>
    w.app.inject({
      method: 'POST',
      url: `/lapi/v1/${path}`,
      headers: {
        'x-api-key': key,
        'content-type': 'application/json',
        ...(idem === undefined ? {} : { 'idempotency-key': idem }),
      },
      payload: JSON.stringify(body),
    });

  const refusedNaming = (res: LightMyRequestResponse, field: string, what: string) => {
    expect(res.statusCode, `${what} → ${res.body}`).toBe(400);
    expect(res.json(), what).toMatchObject({ status: false, field });
    expect(res.json().message, what).toMatch(new RegExp(`^${field} `));
  };

  it('requestVoucher never takes an array or a boolean for an amount, a count or a text', async () => {
    const before = await balanceOf(w, issuer);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ amount: ['0.00000001'], voucher_count: 1 }, 'amount'],
      [{ amount: true, voucher_count: 1 }, 'amount'],
      [{ amount: '0.0001', voucher_count: [2] }, 'voucher_count'],
      [{ amount: '0.0001', voucher_count: true }, 'voucher_count'],
      [{ amount: '0.0001', voucher_count: 1, from: true }, 'from'],
      [{ amount: '0.0001', voucher_count: 1, title: ['Thanks'] }, 'title'],
      [{ amount: '0.0001', voucher_count: 1, expiry: [60] }, 'expiry'],
      [{ amount: '0.0001', voucher_count: 1, expiry: true }, 'expiry'],
      [{ amount: '0.0001', voucher_count: 1, receiver_email: ['a@example.com'] }, 'receiver_email'],
      [{ amount: '0.0001', voucher_count: 1, unique_design: [true] }, 'unique_design'],
      [{ amount: '0.0001', voucher_count: 1, callback_url: ['https://example.com/hook'] }, 'callback_url'],
    ];
    for (const [body, field] of cases) {
      refusedNaming(await post('requestVoucher', issuer.adminKey, body), field, JSON.stringify(body));
    }
    expect(await balanceOf(w, issuer)).toBe(before);
    const fine = await post('requestVoucher', issuer.adminKey, {
      amount: 0.0001,
      voucher_count: '2',
      expiry: '60',
      unique_design: 'false',
      from: 'Shop',
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().data).toMatchObject({ voucher_count: 2, from: 'Shop' });
  });

  it('redeemVoucher and revokeVoucher never take an array or a boolean for a code, a mode, a target or a tid', async () => {
    const created = await post('requestVoucher', issuer.adminKey, { amount: '0.0001', voucher_count: 1 });
    expect(created.statusCode, created.body).toBe(200);
    const { tid } = created.json().data as { tid: string };
    const code = (created.json().data.voucher_urls[0].voucher_url as string).split('/').pop()!;
    const cases: Array<[string, string, Record<string, unknown>, string]> = [
      ['redeemVoucher', alice.invoiceKey, { voucher_code: [code] }, 'voucher_code'],
      ['redeemVoucher', alice.invoiceKey, { voucher_code: true }, 'voucher_code'],
      [
        'redeemVoucher',
        alice.invoiceKey,
        { voucher_code: code, redeem_mode: 'usertag', redeem_to: [alice.usertag] },
        'redeem_to',
      ],
      [
        'redeemVoucher',
        alice.invoiceKey,
        { voucher_code: code, redeem_mode: 'usertag', redeem_to: true },
        'redeem_to',
      ],
      [
        'redeemVoucher',
        alice.invoiceKey,
        { voucher_code: code, redeem_mode: ['usertag'], redeem_to: alice.usertag },
        'redeem_mode',
      ],
      [
        'revokeVoucher',
        alice.invoiceKey,
        { voucher_code: code, redeem_mode: 'usertag', redeem_to: [alice.usertag] },
        'redeem_to',
      ],
      ['revokeVoucher', issuer.adminKey, { tid: [tid] }, 'tid'],
      ['revokeVoucher', issuer.adminKey, { tid: true }, 'tid'],
    ];
    for (const [path, key, body, field] of cases) {
      refusedNaming(await post(path, key, body), field, `${path} ${JSON.stringify(body)}`);
    }
    const offer = await w.app.inject({ method: 'GET', url: `/lnurlw/${code}` });
    expect(offer.statusCode, offer.body).toBe(200);
    const { k1 } = offer.json() as { k1: string };
    const twoInvoices = await w.app.inject({
      method: 'GET',
      url: `/lnurlw/${code}/callback?k1=${k1}&pr=lnbc1&pr=lnbc2`,
    });
    expect(twoInvoices.statusCode, twoInvoices.body).toBe(400);
    expect(twoInvoices.json()).toMatchObject({ status: 'ERROR', reason: 'pr must be a string' });
    const check = await w.app.inject({
      method: 'GET',
      url: `/lapi/v1/checkVoucher?tid=${tid}`,
      headers: { 'x-api-key': issuer.invoiceKey },
    });
    expect(check.json().data.voucher_urls[0]).toMatchObject({ redeemed_tid: null });
    const fine = await post('redeemVoucher', alice.invoiceKey, {
      voucher_code: code,
      redeem_mode: 'usertag',
      redeem_to: alice.usertag,
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it('an Idempotency-Key requestVoucher is the same whether its amount is written 0.001 or "0.001"', async () => {
    const first = await post('requestVoucher', issuer.adminKey, { amount: 0.001, voucher_count: 2 }, 'v1');
    const again = await post(
      'requestVoucher',
      issuer.adminKey,
      { voucher_count: '2', amount: '0.0010' },
      'v1',
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.tid).toBe(first.json().data.tid);
    const other = await post('requestVoucher', issuer.adminKey, { amount: '0.002', voucher_count: 2 }, 'v1');
    expect(other.statusCode, other.body).toBe(409);
  });
});
