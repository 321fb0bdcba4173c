import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/app/deps.ts';
import { buildApp } from '../../src/http/app.ts';
import { requestVoucherLapi } from '../fixtures/lapi.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { callerOf, value } from '../fixtures/vouchers.ts';

describe.each(DIALECTS)('unique_design_url on %s', (dialect) => {
  let rt: TestRuntime;
  let app: FastifyInstance;
  let issuer: TestAccount;
  let deps: AppDeps;
  const resolved: string[] = [];
  beforeAll(async () => {
    rt = await testRuntime(dialect, { WEBHOOK_ALLOW_PRIVATE: 'false' });
    // Names resolve as a resolver would answer them: "intranet.example" to a private address.
    const checkPublicHost = async (host: string) => {
      resolved.push(host);
      return host === 'intranet.example'
        ? { ok: false as const, message: 'not allowed' }
        : { ok: true as const };
    };
    deps = { ...rt.deps, checkPublicHost };
    app = await buildApp(deps);
    await app.ready();
    issuer = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
  });
  afterAll(async () => {
    await app?.close();
    await rt?.close();
  });

  const request = (designUrl: string) =>
    app.inject({
      method: 'POST',
      url: '/lapi/v1/requestVoucher',
      headers: { 'x-api-key': issuer.adminKey },
      payload: { amount: '0.00001', voucher_count: 1, unique_design: true, unique_design_url: designUrl },
    });

  it.each([
    ['http://x;sandbox/a.png'],
    ['http://a,b/a.png'],
    ['http://*.evil.com/a.png'],
    ["http://x'y.example/a.png"],
    ['http://127.0.0.1/a.png'],
    ['http://10.0.0.8/a.png'],
    ['http://169.254.169.254/latest/meta-data'],
    ['http://[::1]/a.png'],
    ['http://localhost/a.png'],
    ['http://printer/a.png'],
    ['http://intranet.example/a.png'],
    ['ftp://img.example/a.png'],
    ['javascript:alert(1)'],
  ])('%s is refused as a callback URL would be', async (url) => {
    const res = await request(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'invalid_request', field: 'unique_design_url' });
    expect(res.json().message).toMatch(/^unique_design_url/);
  });

  it('a public https image is accepted and its origin, re-serialised, is the only one the page allows', async () => {
    const res = await request('https://IMG.Example.com:8443/designs/a.png?v=1');
    expect(res.statusCode).toBe(200);
    expect(resolved).toContain('img.example.com');
    const voucherUrl = new URL(res.json().data.voucher_urls[0].voucher_url as string);
    const page = await app.inject({ method: 'GET', url: voucherUrl.pathname });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("img-src 'self' data: https://img.example.com:8443;");
  });

  it('a design URL stored before these checks never reaches the policy header unescaped', async () => {
    const batch = value(
      await requestVoucherLapi(deps, callerOf(issuer), {
        amount: '0.00001',
        voucher_count: 1,
        unique_design: true,
        unique_design_url: 'https://img.example.com/a.png',
      }),
    );
    for (const stored of ['http://x;sandbox/a.png', 'http://a,b/a.png', 'http://*.evil.com/a.png']) {
      await rt.deps.db.write((trx) =>
        trx
          .updateTable('voucher_batches')
          .set({ unique_design_url: stored })
          .where('id', '=', batch.batch.id)
          .execute(),
      );
      const page = await app.inject({ method: 'GET', url: `/voucher/redeem/${batch.vouchers[0]!.code}` });
      expect(page.statusCode).toBe(200);
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("img-src 'self' data:;");
      expect(csp).not.toMatch(/sandbox|,|\*/);
    }
  });
});
