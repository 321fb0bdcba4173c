import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import type { Env } from '../../src/config/index.ts';
import type { Dialect } from '../../src/db/database.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});
const start = async (dialect: Dialect, env: Env) => {
  const rt = await testRuntime(dialect, { RATE_LIMIT_ENABLED: 'true', TRUST_PROXY: '1', ...env });
  runtimes.push(rt);
  return rt;
};

/** A made-up key of the real format (40 letters and digits). */
const madeUpKey = () =>
  randomBytes(30)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, 'x')
    .slice(0, 40);

const via = (client: string) => ({ remoteAddress: '10.0.0.1', headers: { 'x-forwarded-for': client } });

describe.each(DIALECTS)('made-up keys and per-address limits on %s', (dialect) => {
  it('a limited client gets no fresh bucket from a made-up key in any place', async () => {
    const rt = await start(dialect, { RATE_LIMIT_PER_10_MINUTES: '3' });
    const me = via('203.0.113.5');
    for (let i = 0; i < 3; i++) {
      const res = await rt.app.inject({ method: 'GET', url: '/.well-known/lnurlp/nobody', ...me });
      expect(res.statusCode).toBe(404);
    }
    const attempts = [
      { 'x-api-key': madeUpKey() },
      { authorization: `Bearer ${madeUpKey()}` },
      { authorization: 'not a key at all' },
      { 'x-api-key': 'short' },
    ];
    for (const extra of attempts) {
      const res = await rt.app.inject({
        method: 'GET',
        url: '/.well-known/lnurlp/nobody',
        remoteAddress: me.remoteAddress,
        headers: { ...me.headers, ...extra },
      });
      expect(res.statusCode).toBe(429);
    }
    const inQuery = await rt.app.inject({
      method: 'GET',
      url: `/.well-known/lnurlp/nobody?api_key=${madeUpKey()}`,
      ...me,
    });
    expect(inQuery.statusCode).toBe(429);
  });

  it('401s count against the client’s address; a real key keeps its own bucket', async () => {
    const rt = await start(dialect, { RATE_LIMIT_PER_10_MINUTES: '3' });
    const alice = await makeAccount(rt.deps);
    const me = via('203.0.113.7');
    const wallet = (key: string) =>
      rt.app.inject({
        method: 'GET',
        url: '/lapi/v1/wallet',
        remoteAddress: me.remoteAddress,
        headers: { ...me.headers, 'x-api-key': key },
      });
    for (let i = 0; i < 3; i++) expect((await wallet(madeUpKey())).statusCode).toBe(401);
    const limited = await wallet(madeUpKey());
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // The account's own key is not blocked by the guesses from its address.
    expect((await wallet(alice.invoiceKey)).statusCode).toBe(200);
  });

  it('LNURL-pay callbacks are limited per address, whatever key is sent', async () => {
    const rt = await start(dialect, { LNURL_PAY_PER_IP_PER_MINUTE: '3' });
    const kim = await makeAccount(rt.deps);
    const callback = (client: string) =>
      rt.app.inject({
        method: 'GET',
        url: `/lnurlp/${kim.usertag}/callback?amount=1000`,
        remoteAddress: '10.0.0.1',
        headers: { 'x-forwarded-for': client, 'x-api-key': madeUpKey() },
      });
    for (let i = 0; i < 3; i++) expect((await callback('203.0.113.8')).statusCode).toBe(200);
    const limited = await callback('203.0.113.8');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 'ERROR' });
    expect(limited.json().reason).toMatch(/too many invoice requests from your address/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await callback('203.0.113.9')).statusCode).toBe(200);
  });

  it('LNURL-pay callbacks are limited per usertag across addresses', async () => {
    const rt = await start(dialect, { LNURL_PAY_PER_USERTAG_PER_MINUTE: '4' });
    const kim = await makeAccount(rt.deps);
    const ivy = await makeAccount(rt.deps);
    const callback = (usertag: string, client: string) =>
      rt.app.inject({
        method: 'GET',
        url: `/lnurlp/${usertag}/callback?amount=1000`,
        ...via(client),
      });
    for (let i = 0; i < 4; i++) expect((await callback(kim.usertag, `198.51.100.${i}`)).statusCode).toBe(200);
    const limited = await callback(kim.usertag, '198.51.100.50');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().reason).toMatch(/too many invoice requests for this Lightning address/);
    expect((await callback(ivy.usertag, '198.51.100.50')).statusCode).toBe(200);
  });
});
