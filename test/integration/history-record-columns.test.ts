import { afterEach, describe, expect, it } from 'vitest';
import { paymentHistoryColumns } from '../../src/app/payments/history.ts';
import { insertPayment, listHistory, type PaymentRow } from '../../src/db/repos/payments.ts';
import { envelope } from '../../src/http/family.ts';
import { STANDARD_RECORD_COLUMNS, standardRecord } from '../../src/http/wire/payment-record.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

/**
 * GET /lapi/v1/history reads only the columns its records show, and answers byte for byte what the
 * records of the whole rows say: rows of every kind (in and out; lightning, internal, on-chain, usdt;
 * paid, pending, declined; fees, fiat rates, callbacks, memos, odd extras; hidden Lightning-address
 * invoices).
 */
describe.each(DIALECTS)('history records from the columns they show (%s)', (dialect) => {
  it('reads only the record’s columns and answers as the records of the whole rows', async () => {
    const rt = await testRuntime(dialect, { SANDBOX_NODE_KEY: '11'.repeat(32) });
    runtimes.push(rt);
    const a = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    const b = await makeAccount(rt.deps);
    const post = async (url: string, key: string, payload: Record<string, unknown>) => {
      const r = await rt.app.inject({ method: 'POST', url, headers: { 'x-api-key': key }, payload });
      expect(r.statusCode, r.body).toBe(200);
    };
    // Real rows: a request with its hosted checkout and a memo, a usertag send (out for a, in for b).
    await post('/lapi/v1/receive', a.invoiceKey, {
      amount: '0.0001',
      description: 'Tea “masala” \\ "two"\nline',
      customer_name: 'Asha',
      order_id: 'o-17',
      extra: { note: 'x', n: 3 },
      callback_url: 'https://example.com/cb?a=1&b=2',
      success_url: 'https://example.com/ok',
    });
    await post('/lapi/v1/send', a.adminKey, {
      payment_mode: 'usertag',
      usertag: b.usertag,
      amount: '0.00012345',
      description: 'rent',
    });
    const db = rt.deps.db.read;
    const template = (await listHistory(db, a.id, 10)).find((p) => p.direction === 'out');
    if (template === undefined) throw new Error('no outgoing row');
    // Rows of the other kinds, written as the service writes rows (every column given).
    const variants: Array<Partial<PaymentRow>> = [
      { status: 'declined', failure_reason: 'no route', route: 'lightning', payreq: 'lnbc1xyz' },
      {
        status: 'pending',
        route: 'lightning',
        payment_hash: 'ab'.repeat(32),
        payreq: 'lnbc10u1pxyz',
        invoice_type: 'invoice',
        invoice_expires_at_ms: 1_900_000_000_123n,
        network_fee_msat: 1_001n,
        fee_reserve_msat: 5_000n,
        service_fee_msat: 1_000_000n,
        service_fee_ppm: 10_000n,
        gst_fee_msat: 180_000n,
      },
      {
        direction: 'in',
        status: 'paid',
        route: 'lightning',
        payreq: 'lnbc1paid',
        invoice_type: 'lnurl',
        preimage: 'cd'.repeat(32),
      },
      // An unpaid Lightning-address invoice: not shown.
      { direction: 'in', status: 'pending', route: 'lightning', payreq: 'lnbc1open', invoice_type: 'lnurl' },
      {
        direction: 'in',
        status: 'paid',
        wallet: 'usdt',
        payment_mode: 'onchain',
        route: 'chain',
        amount_msat: 0n,
        amount_units: 12_345_678n,
        received_units: 12_345_678n,
        chain_network: 'ERC20',
        chain_address: '0xabc',
        fiat_currency: 'INR',
        fiat_value: '1000.50',
        fiat_rate_e8: 8_203_450_50_000_000n,
        fiat_rate_pair: 'USDT-INR',
        fiat_rate_sources: 'a,b',
        fiat_rate_at_ms: 1_800_000_000_999n,
        hosted_checkout_expiry_ms: 1_800_000_900_000n,
        exception: 'paid_over',
      },
      {
        direction: 'in',
        status: 'undefined',
        wallet: 'btc',
        payment_mode: 'onchain',
        route: 'chain',
        amount_units: 5_000_000n,
        amount_msat: 5_000_000n,
        callback_url: 'https://example.com/hook',
        callback_status: 500n,
        extra: 'not json',
        receiver_usertag: null,
        description: null,
      },
      { extra: '[1,2]', description: '', customer_name: '</script>', order_id: '"' },
      { amount_msat: 2_100_000_000_000_000_000n, extra: '{"deep":{"a":[1,{"b":null}]},"u":"\\u2028"}' },
    ];
    let n = 0n;
    await rt.deps.db.write(async (trx) => {
      for (const v of variants) {
        n += 1n;
        const row: PaymentRow = {
          ...template,
          ...v,
          id: template.id + 1_000_000n + n,
          public_id: `hist${String(n).padStart(12, '0')}`,
          idempotency_key: null,
          created_at_ms: template.created_at_ms - n * 1000n,
        };
        await insertPayment(trx, row);
      }
    });

    for (const acct of [a, b]) {
      const full = await listHistory(db, acct.id, 100);
      if (acct === a) expect(full).toHaveLength(variants.length + 1);
      const narrow = await paymentHistoryColumns(
        rt.deps,
        { accountId: acct.id } as never,
        100,
        STANDARD_RECORD_COLUMNS,
      );
      // Only the record's columns are read, the same rows in the same order.
      for (const row of narrow) expect(Object.keys(row).sort()).toEqual([...STANDARD_RECORD_COLUMNS].sort());
      expect(narrow.map((p) => p.public_id)).toEqual(full.map((p) => p.public_id));
      const r = await rt.app.inject({
        method: 'GET',
        url: '/lapi/v1/history?limit=100',
        headers: { 'x-api-key': acct.invoiceKey },
      });
      expect(r.statusCode).toBe(200);
      // The envelope in its response schema's key order (the serializer's), the records as whole rows make them.
      const { status, data, message, success } = envelope(
        full.map((p) => standardRecord(p, rt.deps.config.publicUrl)),
      );
      expect(r.body === JSON.stringify({ status, data, message, success })).toBe(true);
    }
  }, 60_000);
});
