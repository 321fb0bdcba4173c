import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicHostCheck } from '../../src/adapters/http-out/safe-fetch.ts';
import { createLnurlPayClient } from '../../src/adapters/lnurl/index.ts';
import { buildApp } from '../../src/http/app.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

/** What a refusal must not give away: the kind of address a name resolved to, or the resolver's words. */
const LEAKS =
  /private|loopback|link-local|metadata|unique|reserved|ENOTFOUND|EAI_|getaddrinfo|resolv|no address/i;

describe.each(DIALECTS)('outbound URL refusals on %s', (dialect) => {
  let rt: TestRuntime;
  let app: FastifyInstance;
  let alice: TestAccount;
  beforeAll(async () => {
    rt = await testRuntime(dialect, { WEBHOOK_ALLOW_PRIVATE: 'false' });
    // A stand-in for DNS (the real resolver cannot be steered from here); the address rules are real.
    const zone: Record<string, string[]> = {
      'vm.corp.example': ['10.0.0.5'],
      'db.corp.example': ['fd00::5'],
      'meta.corp.example': ['169.254.169.254'],
      'empty.corp.example': [],
    };
    const lookup = async (host: string) => {
      if (host === 'slow.corp.example') return new Promise<never>(() => {});
      const found = zone[host];
      if (found === undefined) throw new Error(`getaddrinfo ENOTFOUND ${host}`);
      return found.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));
    };
    app = await buildApp({
      ...rt.deps,
      checkPublicHost: publicHostCheck({ lookup, timeoutMs: 50 }),
      lnurl: createLnurlPayClient({ lookup }),
    });
    await app.ready();
    alice = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
  });
  afterAll(async () => {
    await app?.close();
    await rt?.close();
  });

  const hosts = [
    'vm.corp.example',
    'db.corp.example',
    'meta.corp.example',
    'empty.corp.example',
    'no-such-host.corp.example',
    'slow.corp.example',
  ];

  it('a callback URL is refused with the same words whether its host resolves privately or not at all', async () => {
    const messages: string[] = [];
    for (const host of [...hosts, '10.0.0.5', '169.254.169.254', '[::1]', 'localhost']) {
      const res = await app.inject({
        method: 'POST',
        url: '/lapi/v1/receive',
        headers: { 'x-api-key': alice.invoiceKey },
        payload: { amount: '0.00001', callback_url: `http://${host}/hook` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().field).toBe('callback_url');
      messages.push(res.json().message);
    }
    for (const m of messages) expect(m).not.toMatch(LEAKS);
    expect(
      new Set(
        messages.map((m, i) =>
          m.replace([...hosts, '10.0.0.5', '169.254.169.254', '[::1]', 'localhost'][i]!, 'HOST'),
        ),
      ).size,
    ).toBe(1);
    expect(messages[0]).toBe('callback_url refused: vm.corp.example is not allowed or cannot be reached');
  });

  it('a design URL is refused with the same words', async () => {
    for (const host of hosts) {
      const res = await app.inject({
        method: 'POST',
        url: '/lapi/v1/requestVoucher',
        headers: { 'x-api-key': alice.adminKey },
        payload: { amount: '0.00001', voucher_count: 1, unique_design_url: `https://${host}/a.png` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(
        `unique_design_url refused: ${host} is not allowed or cannot be reached`,
      );
    }
  });

  it('an LNURL target is refused without naming the address class or the resolver’s text', async () => {
    for (const host of hosts.filter((h) => h !== 'slow.corp.example')) {
      const res = await app.inject({
        method: 'POST',
        url: '/lapi/v1/send',
        headers: { 'x-api-key': alice.adminKey },
        payload: {
          payment_mode: 'lightning',
          lightning_invoice_type: 'lnurl',
          lightning_invoice: `kim@${host}`,
          amount: '0.00001',
        },
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().message).not.toMatch(LEAKS);
      expect(res.json().message).toContain(`${host} is not allowed or cannot be reached`);
    }
  });
});
