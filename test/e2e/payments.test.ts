import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type ServerProcess, startServerProcess } from '../fixtures/server-process.ts';

interface Keys {
  usertag: string;
  invoice_key: string;
  admin_key: string;
}

describe('payments against a running server, with the sandbox paid from outside by HTTP and by the CLI', () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let server: ServerProcess | null = null;
  let baseUrl = '';
  let shop: Keys;
  let buyer: Keys;

  const cli = (...args: string[]) => runCli(env, ...args);
  const call = async (method: 'GET' | 'POST', path: string, key: string | null, body?: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(key ? { 'x-api-key': key } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return {
      status: res.status,
      // biome-ignore lint/suspicious/noExplicitAny: responses are checked field by field below
      body: (await res.json()) as { status: boolean; data: any; message: string },
    };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'paytag-pay-'));
    env = {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      DATA_DIR: dir,
      PORT: '0',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://pay.example',
    };
    // Both accounts exist before the server starts; the CLI and the server share database and node key.
    const created = ['shop_e2e', 'buyer_e2e'].map((tag) => {
      const r = cli('account', 'create', '--usertag', tag, '--email', `${tag}@example.com`, '--json');
      expect(r.code, r.err).toBe(0);
      return JSON.parse(r.out) as Keys;
    });
    [shop, buyer] = created as [Keys, Keys];
    expect(cli('sandbox', 'fund', '--usertag', 'buyer_e2e', '--asset', 'lbtc', '--amount', '0.01').code).toBe(
      0,
    );

    server = await startServerProcess(env);
    baseUrl = server.url;
  });

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a request paid from outside over HTTP, one paid with the CLI, and one paid by another account', async () => {
    const receive = async (amount: string) => {
      const r = await call('POST', '/lapi/v1/receive', shop.invoice_key, {
        amount,
        callback_url: 'https://203.0.114.10/hook',
      });
      expect(r.status).toBe(200);
      return r.body.data as { tid: string; lightning_invoice: { payreq: string } };
    };
    const statusOf = async (tid: string) =>
      (await call('GET', `/lapi/v1/checkPayment?tid=${tid}`, shop.invoice_key)).body.data.status as string;

    const viaHttp = await receive('0.0001');
    const paid = await call('POST', '/sandbox/v1/pay', null, { invoice: viaHttp.lightning_invoice.payreq });
    expect(paid.body).toMatchObject({ status: true, message: 'Paid', data: { status: 'paid' } });
    expect(await statusOf(viaHttp.tid)).toBe('paid');

    const viaCli = await receive('0.0002');
    const r = cli('sandbox', 'pay', viaCli.lightning_invoice.payreq);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toContain('paid');
    expect(await statusOf(viaCli.tid)).toBe('paid');

    const byAccount = await receive('0.0003');
    const sent = await call('POST', '/lapi/v1/send', buyer.admin_key, {
      payment_mode: 'lightning',
      lightning_invoice: byAccount.lightning_invoice.payreq,
    });
    expect(sent.body).toMatchObject({ status: true, message: 'Paid' });
    expect(await statusOf(byAccount.tid)).toBe('paid');

    const wallet = await call('GET', '/lapi/v1/wallet', shop.invoice_key);
    expect(wallet.body.data.balance_lbtc).toBe('0.00060000');
    const history = await call('GET', '/lapi/v1/history?limit=10', shop.invoice_key);
    expect(history.body.data).toHaveLength(3);

    const audit = cli('audit');
    expect(audit.code, audit.out).toBe(0);
  });
});
