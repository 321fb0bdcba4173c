import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs } from '../../src/jobs/runner.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const TOKEN = 'm'.repeat(40);

/** The value of one series in a Prometheus text exposition, or undefined when it is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe.each(DIALECTS)('/metrics on %s', (dialect) => {
  let rt: TestRuntime;
  let alice: TestAccount;
  beforeAll(async () => {
    rt = await testRuntime(dialect, { METRICS_TOKEN: TOKEN });
    alice = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
  });
  afterAll(async () => {
    await rt?.close();
  });

  const scrape = async () => {
    const res = await rt.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  it('refuses a scrape without the token, or with another, in constant-shape 401s', async () => {
    for (const authorization of [undefined, `Bearer ${'x'.repeat(40)}`, TOKEN, `Bearer ${TOKEN}x`]) {
      const res = await rt.app.inject({
        url: '/metrics',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      expect(res.body).not.toContain('paytag_');
    }
  });

  it('counts requests by route pattern and status, never by the path as sent or its keys', async () => {
    const key = alice.invoiceKey;
    await rt.app.inject({ url: `/lapi/v1/wallet?api_key=${key}` });
    await rt.app.inject({ url: '/lapi/v1/wallet' }); // 401
    await rt.app.inject({ url: `/voucher/redeem/${'a'.repeat(20)}` });
    await rt.app.inject({ url: '/no/such/path/secret-looking-part' });
    const text = await scrape();
    const bucket = (route: string, status: number) =>
      sample(
        text,
        `paytag_http_request_duration_seconds_count{route="${route}",method="GET",status="${status}"}`,
      );
    expect(bucket('/lapi/v1/wallet', 200)).toBeGreaterThanOrEqual(1);
    expect(bucket('/lapi/v1/wallet', 401)).toBeGreaterThanOrEqual(1);
    expect(bucket('/voucher/redeem/:code', 404)).toBeGreaterThanOrEqual(1);
    expect(bucket('unmatched', 404)).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(key);
    expect(text).not.toContain(alice.usertag);
    expect(text).not.toContain('secret-looking-part');
    expect(text).not.toContain('a'.repeat(20));
    expect(text).not.toContain(TOKEN);
  });

  it('shows pending payments, the outbox backlog and ledger transfers from the database', {
    timeout: 30_000,
  }, async () => {
    const before = await scrape();
    const pendingIn = () => sample(before, 'paytag_payments_pending{direction="in"}') ?? 0;
    const webhooksWaiting = (text: string) =>
      sample(text, 'paytag_outbox_rows{kind="webhook",state="pending"}') ?? 0;
    const res = await rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/receive',
      headers: { 'x-api-key': alice.invoiceKey },
      payload: { amount: '0.0001', callback_url: 'http://127.0.0.1:9/hook' },
    });
    expect(res.statusCode).toBe(200);
    const requested = await scrape();
    expect(sample(requested, 'paytag_payments_pending{direction="in"}')).toBe(pendingIn() + 1);
    // Paid from outside: the request is no longer pending and its webhook waits (no dispatcher runs here).
    const paid = await rt.app.inject({
      method: 'POST',
      url: '/sandbox/v1/pay',
      payload: { invoice: res.json().data.lightning_invoice.payreq },
    });
    expect(paid.statusCode).toBe(200);
    const after = await scrape();
    expect(sample(after, 'paytag_payments_pending{direction="in"}') ?? 0).toBe(pendingIn());
    // The settlement moved money: at least one more ledger transfer (PostgreSQL's statistics reach the
    // view within seconds, once the writing connection flushes them).
    const transfersBefore = sample(before, 'paytag_ledger_transfers_written') ?? Number.POSITIVE_INFINITY;
    await expect
      .poll(async () => sample(await scrape(), 'paytag_ledger_transfers_written') ?? 0, {
        timeout: 20_000,
        interval: 250,
      })
      .toBeGreaterThan(transfersBefore);
    expect(webhooksWaiting(after)).toBe(webhooksWaiting(before) + 1);
  });

  it('shows the PostgreSQL pool, and nothing for SQLite', async () => {
    const text = await scrape();
    const open = sample(text, 'paytag_db_pool_connections{state="open"}');
    if (dialect === 'sqlite') expect(open).toBeUndefined();
    else {
      expect(open).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'paytag_db_pool_connections{state="waiting"}')).toBe(0);
    }
  });

  it('shows each money event the process counted under its own label', async () => {
    const m = rt.deps.moneyCounters;
    const was = { ...m };
    m.secondPayments += 1;
    m.shortSettlements += 2;
    m.settlementsWithoutAmount += 3;
    m.feeOverruns += 4;
    m.lateSuccesses += 5;
    try {
      const text = await scrape();
      const event = (name: string) => sample(text, `paytag_money_events_total{event="${name}"}`);
      expect(event('second_payment')).toBe(was.secondPayments + 1);
      expect(event('short_settlement')).toBe(was.shortSettlements + 2);
      expect(event('settlement_without_amount')).toBe(was.settlementsWithoutAmount + 3);
      expect(event('fee_overrun')).toBe(was.feeOverruns + 4);
      expect(event('late_success')).toBe(was.lateSuccesses + 5);
    } finally {
      Object.assign(m, was);
    }
  });

  it('counts background job rounds by job and outcome', async () => {
    const jobs = startJobs(rt.deps, [
      { name: 'fine', run: async () => 60_000 },
      {
        name: 'broken',
        errorDelayMs: 60_000,
        run: async () => {
          throw new Error('boom');
        },
      },
    ]);
    await new Promise((r) => setTimeout(r, 50));
    await jobs.stop();
    const text = await scrape();
    expect(sample(text, 'paytag_job_rounds_total{job="fine",outcome="ok"}')).toBe(1);
    expect(sample(text, 'paytag_job_rounds_total{job="broken",outcome="error"}')).toBe(1);
    expect(sample(text, 'paytag_job_last_success_timestamp_seconds{job="fine"}')).toBeGreaterThan(0);
    expect(sample(text, 'paytag_job_last_success_timestamp_seconds{job="broken"}')).toBeUndefined();
  });
});

describe('/metrics without METRICS_TOKEN', () => {
  it('is not there: 404 with or without a token', async () => {
    const rt = await testRuntime('sqlite');
    try {
      for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
        const res = await rt.app.inject({ url: '/metrics', headers });
        expect(res.statusCode).toBe(404);
      }
    } finally {
      await rt.close();
    }
  });

  it('a token shorter than 32 characters stops the start', async () => {
    await expect(testRuntime('sqlite', { METRICS_TOKEN: 'short' })).rejects.toThrow(
      /METRICS_TOKEN must be at least 32 characters/,
    );
  });
});
