import { afterEach, describe, expect, it } from 'vitest';
import type { Env } from '../../src/config/index.ts';
import type { Dialect } from '../../src/db/database.ts';
import { clientBucket } from '../../src/http/client-address.ts';
import { requestVoucherLapi } from '../fixtures/lapi.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { callerOf, value } from '../fixtures/vouchers.ts';

describe('client buckets', () => {
  it('an IPv4 address is its own bucket; an IPv6 address counts with its /64', () => {
    expect(clientBucket('203.0.113.5')).toBe('203.0.113.5');
    expect(clientBucket('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientBucket('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientBucket('2001:0DB8:0001:0002:ffff:eeee:dddd:cccc')).toBe('2001:db8:1:2::/64');
    expect(clientBucket('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientBucket('::1')).toBe('0:0:0:0::/64');
  });
});

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});
const start = async (dialect: Dialect, env: Env) => {
  const rt = await testRuntime(dialect, { RATE_LIMIT_ENABLED: 'true', ...env });
  runtimes.push(rt);
  return rt;
};

describe('per-address limits behind a proxy', () => {
  /** A key-less request as the proxy (or a client) at `from` sends it, naming `forwardedFor`. */
  const lookup = (rt: TestRuntime, from: string, forwardedFor?: string) =>
    rt.app.inject({
      method: 'GET',
      url: '/.well-known/lnurlp/nobody',
      remoteAddress: from,
      headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
    });

  it('with TRUST_PROXY=1 each client behind the proxy has its own bucket', async () => {
    const rt = await start('sqlite', { TRUST_PROXY: '1', RATE_LIMIT_PER_10_MINUTES: '3' });
    for (let i = 0; i < 3; i++) expect((await lookup(rt, '10.0.0.1', '203.0.113.5')).statusCode).toBe(404);
    expect((await lookup(rt, '10.0.0.1', '203.0.113.5')).statusCode).toBe(429);
    // Another client through the same proxy is not blocked by the first.
    expect((await lookup(rt, '10.0.0.1', '203.0.113.6')).statusCode).toBe(404);
    // A spoofed entry in front of the proxy's own is not believed: the proxy's entry counts.
    expect((await lookup(rt, '10.0.0.1', '198.51.100.1, 203.0.113.5')).statusCode).toBe(429);
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored: a client cannot pick a fresh bucket', async () => {
    const rt = await start('sqlite', { RATE_LIMIT_PER_10_MINUTES: '3' });
    for (let i = 0; i < 3; i++) {
      expect((await lookup(rt, '203.0.113.9', `198.51.100.${i}`)).statusCode).toBe(404);
    }
    expect((await lookup(rt, '203.0.113.9', '198.51.100.77')).statusCode).toBe(429);
  });

  it('with a CIDR list, X-Forwarded-For counts only from a trusted hop', async () => {
    const rt = await start('sqlite', { TRUST_PROXY: '10.0.0.0/8, fd00::/8', RATE_LIMIT_PER_10_MINUTES: '2' });
    // Through the trusted proxy: the client's address.
    for (let i = 0; i < 2; i++) expect((await lookup(rt, '10.1.2.3', '203.0.113.5')).statusCode).toBe(404);
    expect((await lookup(rt, '10.9.9.9', '203.0.113.5')).statusCode).toBe(429);
    expect((await lookup(rt, 'fd00::1', '203.0.113.7')).statusCode).toBe(404);
    // From an untrusted address the header is the client's own claim, and ignored.
    for (let i = 0; i < 2; i++) {
      expect((await lookup(rt, '198.51.100.7', `192.0.2.${i}`)).statusCode).toBe(404);
    }
    expect((await lookup(rt, '198.51.100.7', '192.0.2.99')).statusCode).toBe(429);
  });

  it('IPv6 clients of one /64 share a bucket; another /64 has its own', async () => {
    const rt = await start('sqlite', { TRUST_PROXY: '1', RATE_LIMIT_PER_10_MINUTES: '2' });
    expect((await lookup(rt, '10.0.0.1', '2001:db8:1:2::1')).statusCode).toBe(404);
    expect((await lookup(rt, '10.0.0.1', '2001:db8:1:2:aaaa::2')).statusCode).toBe(404);
    expect((await lookup(rt, '10.0.0.1', '2001:db8:1:2:bbbb::3')).statusCode).toBe(429);
    expect((await lookup(rt, '10.0.0.1', '2001:db8:1:3::1')).statusCode).toBe(404);
  });

  it('TRUST_PROXY refuses values it cannot read', async () => {
    await expect(start('sqlite', { TRUST_PROXY: '10.0.0.0/33' })).rejects.toThrow(/TRUST_PROXY/);
    await expect(start('sqlite', { TRUST_PROXY: 'proxy.example' })).rejects.toThrow(/TRUST_PROXY/);
  });
});

describe.each(DIALECTS)('the redeem limiter behind a proxy on %s', (dialect) => {
  it('one client guessing codes does not block another client’s redemption', async () => {
    const rt = await start(dialect, { TRUST_PROXY: '1', VOUCHER_REDEEM_PER_IP_PER_MINUTE: '3' });
    const issuer = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    const j = await makeAccount(rt.deps);
    const k = await makeAccount(rt.deps);
    const batch = value(
      await requestVoucherLapi(rt.deps, callerOf(issuer), { amount: '0.00001', voucher_count: 1 }),
    );
    const redeem = (key: string, usertag: string, code: string, client: string) =>
      rt.app.inject({
        method: 'POST',
        url: '/lapi/v1/redeemVoucher',
        remoteAddress: '10.0.0.1',
        headers: { 'x-api-key': key, 'x-forwarded-for': client },
        payload: { voucher_code: code, redeem_mode: 'usertag', redeem_to: usertag },
      });
    for (let i = 0; i < 3; i++) {
      expect((await redeem(j.invoiceKey, j.usertag, `guess${i}abcde`, '203.0.113.5')).statusCode).toBe(404);
    }
    const limited = await redeem(j.invoiceKey, j.usertag, 'guess9abcde', '203.0.113.5');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/from your address/);
    // Another client behind the same proxy redeems a real code.
    const ok = await redeem(k.invoiceKey, k.usertag, batch.vouchers[0]!.code, '203.0.113.6');
    expect(ok.statusCode).toBe(200);
  });
});
