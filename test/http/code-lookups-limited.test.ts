import { afterEach, describe, expect, it } from 'vitest';
import { requestVoucherLapi } from '../fixtures/lapi.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { callerOf, value } from '../fixtures/vouchers.ts';

describe.each(DIALECTS)('looking up voucher codes on %s', (dialect) => {
  let rt: TestRuntime | undefined;
  afterEach(async () => {
    await rt?.close();
  });

  it('voucher pages and LNURL-withdraw documents count in the per-address redeem limiter', async () => {
    rt = await testRuntime(dialect, {
      RATE_LIMIT_ENABLED: 'true',
      TRUST_PROXY: '1',
      VOUCHER_REDEEM_PER_IP_PER_MINUTE: '4',
    });
    const issuer = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    const batch = value(
      await requestVoucherLapi(rt.deps, callerOf(issuer), { amount: '0.00001', voucher_count: 1 }),
    );
    const code = batch.vouchers[0]!.code;
    const app = rt.app;
    const get = (url: string, client: string) =>
      app.inject({ method: 'GET', url, remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client } });

    const guesser = '203.0.113.5';
    expect((await get('/voucher/redeem/guess0abcd', guesser)).statusCode).toBe(404);
    expect((await get('/voucher/redeem/guess1abcd', guesser)).statusCode).toBe(404);
    expect((await get('/lnurlw/guess2abcd', guesser)).statusCode).toBe(404);
    expect((await get(`/voucher/redeem/${code}`, guesser)).statusCode).toBe(200);
    // Past the limit the answer is the same whether the code exists or not.
    const page = await get(`/voucher/redeem/${code}`, guesser);
    expect(page.statusCode).toBe(429);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(Number(page.headers['retry-after'])).toBeGreaterThan(0);
    expect((await get('/voucher/redeem/guess3abcd', guesser)).statusCode).toBe(429);
    const lnurl = await get(`/lnurlw/${code}`, guesser);
    expect(lnurl.statusCode).toBe(429);
    expect(lnurl.json()).toMatchObject({ status: 'ERROR' });
    // Another client is not affected.
    expect((await get(`/voucher/redeem/${code}`, '203.0.113.6')).statusCode).toBe(200);
    expect((await get(`/lnurlw/${code}`, '203.0.113.6')).statusCode).toBe(200);
  });
});
