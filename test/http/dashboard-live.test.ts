import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import type { Dialect } from '../../src/db/database.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, ManualClock, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { openSse, type SseEvent, type SseStream } from '../fixtures/sse.ts';

const runtimes: TestRuntime[] = [];
const streams: SseStream[] = [];
afterEach(async () => {
  for (const s of streams.splice(0)) s.close();
  for (const rt of runtimes.splice(0)) await rt.close();
});

async function setUp(dialect: Dialect, env: Record<string, string> = {}, clock?: ManualClock) {
  const rt = await testRuntime(
    dialect,
    { SANDBOX_NODE_KEY: '11'.repeat(32), ...env },
    clock ? { clock } : {},
  );
  runtimes.push(rt);
  const base = await rt.app.listen({ port: 0, host: '127.0.0.1' });
  return { rt, base };
}

async function holder(rt: TestRuntime, fund?: string) {
  const a = await makeAccount(rt.deps, fund ? { fund: { lbtc: fund } } : {});
  await setPassword(rt.deps, a.usertag, PASSWORD);
  const c = new DashboardClient(rt.app);
  await c.signIn(a.usertag, PASSWORD);
  return { a, c, cookie: [...c.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
}

/** The next event of `type`, skipping others, within `ms`. */
async function nextOf(s: SseStream, type: string, ms = 3000): Promise<SseEvent> {
  const deadline = Date.now() + ms;
  for (;;) {
    const e = await s.next(Math.max(1, deadline - Date.now()));
    if (e.event === type) return e;
  }
}

describe.each(DIALECTS)('dashboard live updates (%s)', (dialect) => {
  it('a payment received through the API shows up on the open page: balances and the new payment', async () => {
    const { rt, base } = await setUp(dialect);
    const { a: payee, cookie } = await holder(rt);
    const payer = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    const s = await openSse(`${base}/dashboard/events?since=${Date.now()}`, { headers: { cookie } });
    streams.push(s);
    expect(s.status).toBe(200);
    expect(s.headers['content-type']).toMatch(/text\/event-stream/);
    const first = JSON.parse((await nextOf(s, 'balances')).data);
    expect(first.balances.find((b: { asset: string }) => b.asset === 'lbtc').text).toBe('0.00000000');
    const sent = await rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/send',
      headers: { 'x-api-key': payer.adminKey },
      payload: { payment_mode: 'usertag', usertag: payee.usertag, amount: '0.0003', description: 'live one' },
    });
    expect(sent.json().success).toBe(true);
    const started = Date.now();
    const balances = JSON.parse((await nextOf(s, 'balances', 2000)).data);
    expect(Date.now() - started).toBeLessThan(1500);
    expect(balances.balances.find((b: { asset: string }) => b.asset === 'lbtc').text).toBe('0.00030000');
    const payment = JSON.parse((await nextOf(s, 'payment', 2000)).data);
    expect(payment).toMatchObject({
      status: 'paid',
      direction: 'in',
      amountText: '+0.00030000 BTC',
      memo: 'live one',
    });
  });

  it('a named request that gets paid sends its new state; sign-out everywhere ends the stream', async () => {
    const { rt, base } = await setUp(dialect);
    const { a: shop, c, cookie } = await holder(rt);
    const buyer = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    await c.get('/dashboard/receive');
    const made = await c.post('/dashboard/receive', { amount: '0.0001' });
    const tid = /payments\/([a-z0-9]{16})/.exec(String(made.headers.location))?.[1] ?? '';
    const check = await rt.app.inject({
      method: 'GET',
      url: `/lapi/v1/checkPayment?tid=${tid}`,
      headers: { 'x-api-key': shop.invoiceKey },
    });
    const payreq = check.json().data.lightning_invoice.payreq as string;
    const s = await openSse(`${base}/dashboard/events?since=${Date.now()}&tids=${tid}`, {
      headers: { cookie },
    });
    streams.push(s);
    await nextOf(s, 'balances');
    const paid = await rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/send',
      headers: { 'x-api-key': buyer.adminKey },
      payload: { payment_mode: 'lightning', lightning_invoice: payreq },
    });
    expect(paid.json().success).toBe(true);
    const e = JSON.parse((await nextOf(s, 'payment', 2000)).data);
    expect(e).toMatchObject({ tid, status: 'paid', statusText: 'paid' });
    await c.get('/dashboard/account');
    await c.post('/dashboard/sign-out-everywhere');
    await Promise.race([
      s.ended,
      new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 3000)),
    ]);
    expect(s.isEnded()).toBe(true);
  });

  it('a named payment older than the newest ones is followed; another account’s tid is not', async () => {
    const { rt, base } = await setUp(dialect);
    const { a: shop, cookie } = await holder(rt);
    const other = await makeAccount(rt.deps);
    const buyer = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    const request = async (key: string) =>
      (
        await rt.app.inject({
          method: 'POST',
          url: '/lapi/v1/receive',
          headers: { 'x-api-key': key },
          payload: { amount: '0.0001' },
        })
      ).json().data as { tid: string; lightning_invoice: { payreq: string } };
    const old = await request(shop.invoiceKey);
    // More newer payments than a stream follows by itself.
    for (let i = 0; i < 26; i++) await request(shop.invoiceKey);
    const foreign = await request(other.invoiceKey);
    const s = await openSse(`${base}/dashboard/events?since=${Date.now()}&tids=${old.tid},${foreign.tid}`, {
      headers: { cookie },
    });
    streams.push(s);
    await nextOf(s, 'balances');
    for (const r of [foreign, old]) {
      const paid = await rt.app.inject({
        method: 'POST',
        url: '/lapi/v1/send',
        headers: { 'x-api-key': buyer.adminKey },
        payload: { payment_mode: 'lightning', lightning_invoice: r.lightning_invoice.payreq },
      });
      expect(paid.json().success).toBe(true);
    }
    const e = JSON.parse((await nextOf(s, 'payment', 2000)).data);
    expect(e).toMatchObject({ tid: old.tid, status: 'paid' });
    // The other account's payment never comes (its state or its existence).
    await expect(nextOf(s, 'payment', 1500)).rejects.toThrow();
  });

  it('an open live page does not keep an idle session open', async () => {
    const clock = new ManualClock(Date.UTC(2026, 0, 1));
    const { rt, base } = await setUp(dialect, { DASHBOARD_SESSION_IDLE_S: '600' }, clock);
    const { c, cookie } = await holder(rt);
    clock.advance(400_000);
    const s = await openSse(`${base}/dashboard/events`, { headers: { cookie } });
    streams.push(s);
    await nextOf(s, 'balances');
    // Polls and session checks of the stream run while the page stays open.
    await new Promise((r) => setTimeout(r, 2500));
    s.close();
    clock.advance(400_000);
    expect((await c.get('/dashboard')).statusCode).toBe(303);
  });

  it('30 streams of one account opened at once: exactly DASHBOARD_STREAMS_PER_ACCOUNT (10) open, the rest 429; closed ones give their slots back', async () => {
    const { rt, base } = await setUp(dialect);
    const { cookie } = await holder(rt);
    const opened = await Promise.all(
      Array.from({ length: 30 }, () => openSse(`${base}/dashboard/events`, { headers: { cookie } })),
    );
    streams.push(...opened);
    const statuses = opened.map((s) => s.status);
    expect(statuses.filter((x) => x === 200)).toHaveLength(10);
    expect(statuses.filter((x) => x === 429)).toHaveLength(20);
    const refused = opened.find((s) => s.status === 429);
    expect(refused?.headers['retry-after']).toBe('10');
    // Closed pages give their slots back (the server sees the hang-up a moment later).
    for (const s of opened) s.close();
    let again: SseStream | null = null;
    for (let i = 0; i < 100 && again?.status !== 200; i++) {
      again?.close();
      again = await openSse(`${base}/dashboard/events`, { headers: { cookie } });
      if (again.status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    if (again !== null) streams.push(again);
    expect(again?.status).toBe(200);
  });

  it('DASHBOARD_STREAMS_TOTAL bounds the streams of all accounts of an instance, also when opened at once', async () => {
    const { rt, base } = await setUp(dialect, { DASHBOARD_STREAMS_TOTAL: '12' });
    const one = await holder(rt);
    const two = await holder(rt);
    const opened = await Promise.all(
      [...Array.from({ length: 10 }, () => one.cookie), ...Array.from({ length: 10 }, () => two.cookie)].map(
        (cookie) => openSse(`${base}/dashboard/events`, { headers: { cookie } }),
      ),
    );
    streams.push(...opened);
    expect(opened.filter((s) => s.status === 200)).toHaveLength(12);
    const refused = opened.filter((s) => s.status === 429);
    expect(refused).toHaveLength(8);
    expect(refused[0]?.body()).toMatch(/live pages are open on this server/);
  });

  it('without a session the stream is refused', async () => {
    const { base } = await setUp(dialect);
    const s = await openSse(`${base}/dashboard/events`);
    streams.push(s);
    expect(s.status).toBe(401);
  });
});
