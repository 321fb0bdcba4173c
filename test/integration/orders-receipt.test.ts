import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { setStaticPrice } from '../../src/app/prices/set-static-price.ts';
import type { PlaceOrderCommand } from '../../src/app/trading/commands.ts';
import { matchOrders } from '../../src/app/trading/match-orders.ts';
import { placeOrder } from '../../src/app/trading/place-order.ts';
import { getOrder } from '../../src/app/trading/view-orders.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts';

const never = new AbortController().signal;
const BTC = 100_000_000_000n;

const order = (o: Partial<PlaceOrderCommand>): PlaceOrderCommand => ({
  side: 'buy',
  asset: 'btc',
  quote: 'usdt',
  amountUnits: BTC / 100n,
  type: 'market',
  limitPriceE8: null,
  note: null,
  receiverEmail: 'desk@example.com',
  extra: '[]',
  clientOrderId: null,
  ...o,
});

// The receipt of an executed order goes through the outbox to a real SMTP server; email_status follows.
describe.each(DIALECTS)('order receipts over SMTP on %s', (dialect) => {
  let smtp: TestSmtpServer;
  let rt: TestRuntime;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    rt = await testRuntime(dialect, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Paytag <no-reply@paytag.test>',
      TRADE_SPREAD_PERCENT: '0',
      PRICE_STATIC: 'BTC-USD=50000,USD-INR=84.5,BTC-USDT=50000',
    });
  });
  afterAll(async () => {
    await rt?.close();
    await smtp?.close();
  });
  beforeEach(() => smtp.setPolicy(() => 'accept'));

  const status = async (accountId: bigint, tid: string) => {
    const r = await getOrder(rt.deps, accountId, tid);
    if (!r.ok) throw new Error(r.error.message);
    return r.value.email_status;
  };

  it('a market order e-mails its receipt; email_status goes pending → success', async () => {
    const a = await makeAccount(rt.deps, { fund: { usdt: '1000' } });
    const r = await placeOrder(rt.deps, a.id, order({}));
    if (!r.ok) throw new Error(r.error.message);
    expect(await status(a.id, r.value.id)).toBe('pending');
    const before = smtp.messages.length;
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ delivered: 1 });
    expect(await status(a.id, r.value.id)).toBe('success');
    const m = smtp.messages[before];
    expect(m?.to).toEqual(['desk@example.com']);
    expect(m?.raw).toContain(`Subject: Order ${r.value.id}: bought 0.01000000 BTC`);
    expect(m?.raw).toContain('Paid: 500.00000000 USDT');
  });

  it('a resting order is e-mailed when it fills, not before; a refused address ends at undefined', async () => {
    const a = await makeAccount(rt.deps, { fund: { usdt: '1000' } });
    const r = await placeOrder(
      rt.deps,
      a.id,
      order({ type: 'limit', limitPriceE8: 49_000n * 100_000_000n, receiverEmail: 'gone@example.com' }),
    );
    if (!r.ok) throw new Error(r.error.message);
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 0 });
    expect(await status(a.id, r.value.id)).toBe('pending');
    smtp.setPolicy(() => 550);
    await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: '48000' });
    try {
      expect((await matchOrders(rt.deps)).filled).toBe(1);
    } finally {
      await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: null });
    }
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, failed: 1 });
    expect(await status(a.id, r.value.id)).toBe('undefined');
  });
});

// Receipts count against the e-mail caps when they are queued, at execution: resting orders placed
// over hours cannot deliver more than the caps at once when the market reaches them.
describe.each(DIALECTS)('order receipts and the e-mail caps on %s', (dialect) => {
  let rt: TestRuntime;
  beforeAll(async () => {
    rt = await testRuntime(dialect, {
      RATE_LIMIT_ENABLED: 'true',
      MAIL_PER_RECIPIENT_PER_HOUR: '3',
      MAIL_PER_ACCOUNT_PER_HOUR: '100',
      TRADE_SPREAD_PERCENT: '0',
      PRICE_STATIC: 'BTC-USD=50000,USD-INR=84.5,BTC-USDT=50000',
    });
  });
  afterAll(async () => {
    await rt?.close();
  });

  const queuedTo = async (address: string) =>
    (
      await rt.deps.db.read
        .selectFrom('outbox')
        .select('id')
        .where('kind', '=', 'email')
        .where('event_type', '=', 'order_receipt')
        .where('destination', '=', address)
        .execute()
    ).length;
  /** An hour passes for the e-mail counts: their windows end. */
  const hourPasses = () =>
    rt.deps.db.write((trx) => trx.updateTable('mail_counts').set({ reset_at_ms: 0 }).execute());

  it('resting orders filled together queue at most MAIL_PER_RECIPIENT_PER_HOUR receipts; the others are recorded as not sent', async () => {
    const a = await makeAccount(rt.deps, { fund: { usdt: '10000' } });
    const ids: string[] = [];
    for (let hour = 0; hour < 3; hour++) {
      for (let i = 0; i < 3; i++) {
        const r = await placeOrder(
          rt.deps,
          a.id,
          order({
            type: 'limit',
            amountUnits: BTC / 1000n,
            limitPriceE8: 49_000n * 100_000_000n,
            receiverEmail: 'victim@example.org',
          }),
        );
        if (!r.ok) throw new Error(r.error.message);
        ids.push(r.value.id);
      }
      await hourPasses();
    }
    expect(await queuedTo('victim@example.org')).toBe(0);
    await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: '48000' });
    try {
      expect((await matchOrders(rt.deps)).filled).toBe(9);
    } finally {
      await setStaticPrice(rt.deps, { pair: 'BTC-USDT', price: null });
    }
    expect(await queuedTo('victim@example.org')).toBe(3);
    const statuses = [];
    for (const id of ids) {
      const r = await getOrder(rt.deps, a.id, id);
      if (!r.ok) throw new Error(r.error.message);
      statuses.push(r.value.email_status);
    }
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(3);
    expect(statuses.filter((s) => s === 'undefined')).toHaveLength(6);
    // The address was sent its 3 for this hour: a market order's receipt is refused at placement (429).
    const now = await placeOrder(rt.deps, a.id, order({ receiverEmail: 'victim@example.org' }));
    expect(now).toMatchObject({ ok: false, error: { code: 'rate_limited', field: 'receiver_email' } });
  });
});
