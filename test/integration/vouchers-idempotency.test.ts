import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { VoucherBatchView } from '../../src/app/vouchers/view-voucher.ts';
import { redeemVoucherLapi, requestVoucherLapi } from '../fixtures/lapi.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import {
  auditViolations,
  balanceOf,
  callerOf,
  errorOf,
  type VoucherWorld,
  value,
  voucherWorld,
} from '../fixtures/vouchers.ts';

// Defaults: the fee reserve is 1 % of the amount, at least 10 sat (10,000 msat).
const AMOUNT = 100_000_000n; // 0.001 BTC in msat
const RESERVE = 1_000_000n;
const ESCROW_OF_TWO = 2n * (AMOUNT + RESERVE);

describe.each(DIALECTS)('requestVoucher with Idempotency-Key on %s', (dialect) => {
  let w: VoucherWorld;
  let issuer: TestAccount;

  beforeEach(async () => {
    w = await voucherWorld(dialect);
    issuer = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
  });
  afterEach(async () => {
    await w.close();
  });

  const body = { amount: '0.001', voucher_count: 2, from: 'Shop', title: 'Thanks!' };
  const request = (b: Record<string, unknown>, key: string | null, who: TestAccount = issuer) =>
    requestVoucherLapi(w.deps, callerOf(who), b, key);
  const batchesOf = (a: TestAccount) =>
    w.deps.db.read.selectFrom('voucher_batches').selectAll().where('account_id', '=', a.id).execute();
  const escrowTransfers = () =>
    w.deps.db.read.selectFrom('ledger_transfers').select('id').where('code', '=', 'voucher_escrow').execute();
  const sameBatch = (a: VoucherBatchView, b: VoucherBatchView) => {
    expect(b.batch.id).toBe(a.batch.id);
    expect(b.batch.print_token).toBe(a.batch.print_token);
    expect(b.vouchers.map((v) => v.code)).toEqual(a.vouchers.map((v) => v.code));
  };

  it('a retry with the same key and body answers the first batch and escrows once', async () => {
    const before = await balanceOf(w, issuer);
    const first = value(await request(body, 'order-1'));
    // Key order does not matter, as for payments.
    const again = value(
      await request({ title: 'Thanks!', from: 'Shop', voucher_count: 2, amount: '0.001' }, 'order-1'),
    );
    sameBatch(first, again);
    expect(again.redeemedCount).toBe(0);
    expect(await balanceOf(w, issuer)).toBe(before - ESCROW_OF_TWO);
    expect(await batchesOf(issuer)).toHaveLength(1);
    expect(await escrowTransfers()).toHaveLength(1);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('a replay shows the batch as it stands now', async () => {
    const alice = await makeAccount(w.deps);
    const first = value(await request(body, 'order-2'));
    value(
      await redeemVoucherLapi(w.deps, {
        target: { code: first.vouchers[0]!.code },
        mode: 'usertag',
        to: alice.usertag,
      }),
    );
    const again = value(await request(body, 'order-2'));
    sameBatch(first, again);
    expect(again.redeemedCount).toBe(1);
    expect(again.vouchers[0]!.redeemed_by).toBe(alice.usertag);
  });

  it('the same key with another body is idempotency_conflict and moves nothing', async () => {
    const first = value(await request(body, 'order-3'));
    const afterFirst = await balanceOf(w, issuer);
    for (const other of [
      { ...body, voucher_count: 3 },
      { ...body, amount: '0.002' },
      { ...body, title: 'Thanks again!' },
      { amount: '0.001', voucher_count: 2 },
    ]) {
      const r = await request(other, 'order-3');
      expect(errorOf(r)).toBe('idempotency_conflict');
      if (!r.ok) {
        expect(r.error.field).toBe('Idempotency-Key');
        expect(r.error.message).toBe(
          'this Idempotency-Key was already used with a different request; use a new key for a new voucher batch',
        );
      }
    }
    // The same amount written as a number is the same request: the parsed command is fingerprinted.
    sameBatch(first, value(await request({ ...body, amount: 0.001 }, 'order-3')));
    // An invalid body with a used key is a conflict too: the key is looked at first.
    expect(errorOf(await request({ amount: 'x' }, 'order-3'))).toBe('idempotency_conflict');
    expect(await balanceOf(w, issuer)).toBe(afterFirst);
    expect((await batchesOf(issuer)).map((b) => b.id)).toEqual([first.batch.id]);
    expect(await escrowTransfers()).toHaveLength(1);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('20 concurrent requests with one key create one batch, escrow once, and all answer it', async () => {
    const before = await balanceOf(w, issuer);
    const results = await Promise.all(Array.from({ length: 20 }, () => request({ ...body }, 'burst')));
    const views = results.map((r) => value(r));
    expect(new Set(views.map((v) => v.batch.id)).size).toBe(1);
    for (const v of views) sameBatch(views[0]!, v);
    expect(await batchesOf(issuer)).toHaveLength(1);
    expect(await w.deps.db.read.selectFrom('vouchers').selectAll().execute()).toHaveLength(2);
    expect(await escrowTransfers()).toHaveLength(1);
    expect(await balanceOf(w, issuer)).toBe(before - ESCROW_OF_TWO);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('concurrent requests with one key and two bodies: one batch; its body replays, the other conflicts', async () => {
    const other = { ...body, voucher_count: 3 };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(i % 2 === 0 ? body : other, 'mixed').then((r) => ({ i, r })),
      ),
    );
    const batches = await batchesOf(issuer);
    expect(batches).toHaveLength(1);
    const winnerCount = Number(batches[0]!.voucher_count);
    for (const { i, r } of results) {
      const count = i % 2 === 0 ? 2 : 3;
      if (count === winnerCount) expect(value(r).batch.id).toBe(batches[0]!.id);
      else expect(errorOf(r)).toBe('idempotency_conflict');
    }
    expect(await escrowTransfers()).toHaveLength(1);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('without a key two identical requests create two batches', async () => {
    const before = await balanceOf(w, issuer);
    const a = value(await request(body, null));
    const b = value(await request(body, null));
    expect(b.batch.id).not.toBe(a.batch.id);
    expect(await batchesOf(issuer)).toHaveLength(2);
    expect(await balanceOf(w, issuer)).toBe(before - 2n * ESCROW_OF_TWO);
    expect((await batchesOf(issuer)).map((x) => [x.idempotency_key, x.request_hash])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('keys belong to the issuing account', async () => {
    const other = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
    const mine = value(await request(body, 'shared'));
    const theirs = value(await request(body, 'shared', other));
    expect(theirs.batch.id).not.toBe(mine.batch.id);
    expect(theirs.batch.account_id).toBe(other.id);
    expect(await batchesOf(issuer)).toHaveLength(1);
    expect(await batchesOf(other)).toHaveLength(1);
  });

  it('a refused request keeps nothing, so its key stays free', async () => {
    const before = await balanceOf(w, issuer);
    const tooMuch = { amount: '0.001', voucher_count: 100 };
    expect(errorOf(await request(tooMuch, 'retry-me'))).toBe('insufficient_balance');
    expect(errorOf(await request({ amount: '0.001' }, 'retry-me'))).toBe('invalid_request');
    expect(await batchesOf(issuer)).toEqual([]);
    expect(await balanceOf(w, issuer)).toBe(before);
    const created = value(await request(body, 'retry-me'));
    expect((await batchesOf(issuer)).map((b) => b.id)).toEqual([created.batch.id]);
    expect(await balanceOf(w, issuer)).toBe(before - ESCROW_OF_TWO);
  });

  it('a replay queues no second e-mail', async () => {
    const mailBody = { amount: '0.001', voucher_count: 1, receiver_email: 'friend@example.com' };
    const first = value(await request(mailBody, 'gift'));
    const again = value(await request(mailBody, 'gift'));
    expect(again.batch.id).toBe(first.batch.id);
    const mails = await w.deps.db.read
      .selectFrom('outbox')
      .select('event_id')
      .where('kind', '=', 'email')
      .execute();
    expect(mails).toEqual([{ event_id: `voucher.email.${first.batch.id}` }]);
  });
});
