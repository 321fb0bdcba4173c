import { afterEach, describe, expect, it } from 'vitest';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { captureStatements } from '../fixtures/statement-capture.ts';

/**
 * checkPayment beside many open invoices: an open invoice holds no timer, watcher or subscription of its
 * own in the process (the expiry sweeper finds expired ones through payments_open in rounds), so the
 * number of open invoices costs a checkPayment nothing; and a checkPayment of a payment without refunds
 * probes the refund index instead of joining the refund tables.
 */

const { captured, start, stop } = captureStatements();

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

const timers = () =>
  process.getActiveResourcesInfo().filter((r) => r === 'Timeout' || r === 'Immediate').length;

describe.each(DIALECTS)('checkPayment beside open invoices (%s)', (dialect) => {
  it('open invoices hold no timers, and a payment without refunds is answered without the refund join', async () => {
    const rt = await testRuntime(dialect, { SANDBOX_NODE_KEY: '11'.repeat(32) });
    runtimes.push(rt);
    const a = await makeAccount(rt.deps);
    const receive = async () => {
      const r = await rt.app.inject({
        method: 'POST',
        url: '/lapi/v1/receive',
        headers: { 'x-api-key': a.invoiceKey },
        payload: { amount: '0.00001' },
      });
      expect(r.statusCode).toBe(200);
      return (r.json() as { data: { tid: string } }).data.tid;
    };
    const first = await receive();
    const before = timers();
    for (let i = 0; i < 300; i++) await receive();
    // 300 more open invoices: not one more timer in the process.
    expect(timers()).toBeLessThanOrEqual(before);

    start();
    let body: { data: { status: string; refunds: unknown[] } };
    try {
      const r = await rt.app.inject({
        method: 'GET',
        url: `/lapi/v1/checkPayment?tid=${first}`,
        headers: { 'x-api-key': a.invoiceKey },
      });
      expect(r.statusCode).toBe(200);
      body = r.json();
    } finally {
      stop();
    }
    expect(body.data.status).toBe('pending');
    expect(body.data.refunds).toEqual([]);
    const refundReads = captured.map((c) => c.text).filter((s) => /voucher_batches/.test(s));
    expect(refundReads.length).toBeGreaterThan(0);
    for (const s of refundReads) expect(s).not.toMatch(/join/i);
  });
});
