import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import { type VoucherWorld, voucherWorld } from '../fixtures/vouchers.ts';

describe.each(DIALECTS)('API answers on %s', (dialect) => {
  let w: VoucherWorld;
  let alice: TestAccount;
  beforeAll(async () => {
    w = await voucherWorld(dialect);
    alice = await makeAccount(w.deps, { fund: { lbtc: '0.01' } });
  });
  afterAll(async () => {
    await w?.close();
  });

  it.each([
    ['a read', 'GET', '/lapi/v1/wallet', true],
    ['an error', 'GET', '/lapi/v1/wallet', false],
    ['an unknown path', 'GET', '/sapi/v1/nope', false],
    ['a Lightning address document', 'GET', '/.well-known/lnurlp/nobody', false],
  ] as const)(
    '%s carries Cache-Control: no-store and X-Content-Type-Options: nosniff',
    async (_what, method, url, withKey) => {
      const res = await w.app.inject({
        method,
        url,
        headers: withKey ? { 'x-api-key': alice.invoiceKey } : {},
      });
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );
});
