import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestVoucherLapi } from '../fixtures/lapi.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import { callerOf, type VoucherWorld, value, voucherWorld } from '../fixtures/vouchers.ts';

describe.each(DIALECTS)('the print sheet on %s', (dialect) => {
  let w: VoucherWorld;
  let alice: TestAccount;
  beforeAll(async () => {
    w = await voucherWorld(dialect);
    alice = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
  });
  afterAll(async () => {
    await w?.close();
  });

  it('a token of the right length in characters but not in bytes is a 404', async () => {
    const v = value(
      await requestVoucherLapi(w.deps, callerOf(alice), { amount: '0.00001', voucher_count: 1 }),
    );
    const token = v.batch.print_token;
    const res = await w.app.inject({
      method: 'GET',
      url: `/voucher/${v.batch.id}/print?token=${'a'.repeat(token.length - 1)}%C3%A9`,
    });
    expect(res.statusCode).toBe(404);
    expect(
      (await w.app.inject({ method: 'GET', url: `/voucher/${v.batch.id}/print?token=${token}` })).statusCode,
    ).toBe(200);
  });
});
