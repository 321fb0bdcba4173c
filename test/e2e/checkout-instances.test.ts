import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { type ServerProcess, startServerProcess } from '../fixtures/server-process.ts';
import { openSse } from '../fixtures/sse.ts';

/**
 * Two instances of the service on one database: a checkout page's stream is open on one, the invoice is
 * paid through the other (a separate process, so no in-process notice can reach the first). The first
 * learns of it from the database within its status poll (CHECKOUT_STATUS_POLL_MS, 0.5 s by default).
 */
describe.each(DIALECTS)('checkout status across instances on %s', (dialect) => {
  const nodeKey = randomBytes(32).toString('hex');
  let a: TestRuntime;
  let b: ServerProcess;
  let dir: string;
  let base: string;
  let shop: TestAccount;

  beforeAll(async () => {
    a = await testRuntime(dialect, { SANDBOX_NODE_KEY: nodeKey });
    base = await a.app.listen({ port: 0, host: '127.0.0.1' });
    shop = await makeAccount(a.deps);
    dir = mkdtempSync(join(tmpdir(), 'paytag-checkout-b-'));
    b = await startServerProcess({
      ...process.env,
      PAYTAG_FROM_SOURCE: '1',
      DATABASE_URL: a.databaseUrl,
      DATA_DIR: dir,
      SANDBOX_NODE_KEY: nodeKey,
      PORT: '0',
      LOG_LEVEL: 'info',
      PUBLIC_URL: 'http://paytag.test',
      RATE_LIMIT_ENABLED: 'false',
    });
  }, 90_000);
  afterAll(async () => {
    await b?.stop();
    await a?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a stream on one instance shows a payment settled by another within the poll interval', async () => {
    const created = await a.app.inject({
      method: 'POST',
      url: '/lapi/v1/receive',
      headers: { 'x-api-key': shop.invoiceKey },
      payload: { amount: '0.0002', success_url: 'https://shop.example/ok' },
    });
    const p = created.json().data;
    const stream = await openSse(`${base}/checkout/${p.tid}/events`);
    expect(JSON.parse((await stream.next()).data).state).toBe('pending');

    const started = Date.now();
    const paid = await fetch(`${b.url}/sandbox/v1/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ invoice: p.lightning_invoice.payreq }),
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    expect(((await paid.json()) as { data: unknown }).data).toMatchObject({ tid: p.tid, status: 'paid' });

    const answered = Date.now();
    const event = await stream.next(3000);
    // Within a poll of the payment's commit (the answer above came after it).
    expect(Date.now() - answered).toBeLessThan(1000);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(JSON.parse(event.data)).toMatchObject({
      tid: p.tid,
      state: 'paid',
      redirect_url: `https://shop.example/ok?tid=${p.tid}`,
    });
    await stream.ended;
    // And the other instance's page agrees.
    const page = await fetch(`${b.url}/checkout/${p.tid}`);
    expect(await page.text()).toContain('data-state="paid"');
  });
});
