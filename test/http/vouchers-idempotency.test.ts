import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import { auditViolations, balanceOf, type VoucherWorld, voucherWorld } from '../fixtures/vouchers.ts';

const never = new AbortController().signal;

// 2 × (0.0001 BTC + its 1 % fee reserve), in msat.
const ESCROW_OF_TWO = 2n * (10_000_000n + 100_000n);

describe.each(DIALECTS)('requestVoucher Idempotency-Key over HTTP on %s', (dialect) => {
  let w: VoucherWorld;
  let issuer: TestAccount;

  beforeEach(async () => {
    w = await voucherWorld(dialect);
    issuer = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
  });
  afterEach(async () => {
    await w.close();
  });

  const body = { amount: 0.0001, voucher_count: 2, title: 'Thanks' };
  const requestVoucher = (
    b: unknown,
    idempotencyKey?: string,
    apiKey = issuer.adminKey,
  ): Promise<LightMyRequestResponse> =>
    w.app.inject({
      method: 'POST',
      url: '/lapi/v1/requestVoucher',
      headers: {
        'x-api-key': apiKey,
        'content-type': 'application/json',
        ...(idempotencyKey === undefined ? {} : { 'idempotency-key': idempotencyKey }),
      },
      payload: JSON.stringify(b),
    });
  const batchCount = async () =>
    (await w.deps.db.read.selectFrom('voucher_batches').select('id').execute()).length;

  it('a retry with the same key and body answers the first response and escrows once', async () => {
    const before = await balanceOf(w, issuer);
    const first = await requestVoucher(body, 'order-77');
    expect(first.statusCode, first.body).toBe(200);
    const again = await requestVoucher({ title: 'Thanks', voucher_count: 2, amount: 0.0001 }, 'order-77');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await batchCount()).toBe(1);
    expect(await balanceOf(w, issuer)).toBe(before - ESCROW_OF_TWO);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('the same key with another body is 409 idempotency_conflict and moves nothing', async () => {
    const first = await requestVoucher(body, 'order-78');
    expect(first.statusCode, first.body).toBe(200);
    const afterFirst = await balanceOf(w, issuer);
    const other = await requestVoucher({ ...body, voucher_count: 3 }, 'order-78');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      status: false,
      success: false,
      data: null,
      code: 'idempotency_conflict',
      field: 'Idempotency-Key',
      message:
        'this Idempotency-Key was already used with a different request; use a new key for a new voucher batch',
    });
    expect(await batchCount()).toBe(1);
    expect(await balanceOf(w, issuer)).toBe(afterFirst);
  });

  it('20 concurrent requests with one key: one batch, one escrow, all answered with its tid', async () => {
    const before = await balanceOf(w, issuer);
    const responses = await Promise.all(Array.from({ length: 20 }, () => requestVoucher(body, 'burst')));
    for (const r of responses) expect(r.statusCode, r.body).toBe(200);
    const tids = new Set(responses.map((r) => r.json().data.tid));
    expect(tids.size).toBe(1);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await batchCount()).toBe(1);
    expect(await balanceOf(w, issuer)).toBe(before - ESCROW_OF_TWO);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('without the header two identical requests create two batches', async () => {
    const before = await balanceOf(w, issuer);
    const a = await requestVoucher(body);
    const b = await requestVoucher(body);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json().data.tid).not.toBe(a.json().data.tid);
    expect(await batchCount()).toBe(2);
    expect(await balanceOf(w, issuer)).toBe(before - 2n * ESCROW_OF_TWO);
  });

  it('refuses a malformed key with 400 before anything moves', async () => {
    const before = await balanceOf(w, issuer);
    for (const key of ['has space', 'x'.repeat(256), 'ünïcode']) {
      const r = await requestVoucher(body, key);
      expect(r.statusCode, key).toBe(400);
      expect(r.json()).toMatchObject({ code: 'invalid_request', field: 'Idempotency-Key' });
    }
    expect(await batchCount()).toBe(0);
    expect(await balanceOf(w, issuer)).toBe(before);
  });

  it('a replay sends no second e-mail', async () => {
    const mailBody = { amount: 0.0001, voucher_count: 1, receiver_email: 'friend@example.com' };
    const first = await requestVoucher(mailBody, 'gift-1');
    expect(first.statusCode, first.body).toBe(200);
    await dispatchDue(w.deps, never);
    const again = await requestVoucher(mailBody, 'gift-1');
    expect(again.json().data.tid).toBe(first.json().data.tid);
    // The batch as it stands now: the mail went out in between.
    expect(again.json().data.email_status).toBe('success');
    await dispatchDue(w.deps, never);
    expect(await w.deps.db.read.selectFrom('dev_mailbox').select('to_address').execute()).toEqual([
      { to_address: 'friend@example.com' },
    ]);
  });

  it('the OpenAPI document declares the header', async () => {
    const doc = (await w.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const params = doc.paths['/lapi/v1/requestVoucher'].post.parameters as Array<{
      in: string;
      name: string;
    }>;
    expect(params).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'idempotency-key' })]),
    );
  });
});
