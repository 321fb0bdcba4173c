import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recheckDeclinedOutgoing, recheckDelayMs } from '../../src/app/payments/engine/late-success.ts';
import { payDueItems } from '../../src/app/payouts/pay-items.ts';
import { DIALECTS, makeAccount, type TestAccount } from '../fixtures/runtime.ts';
import {
  auditViolations,
  balanceOf,
  outsideInvoice,
  type VoucherWorld,
  voucherWorld,
} from '../fixtures/vouchers.ts';

interface Item {
  index: number;
  destination: string;
  destination_type: string;
  status: string;
  amount_msat: string;
  fee_msat: string;
  service_fee: string;
  tid: string | null;
  preimage: string | null;
  error: string | null;
}
interface Payout {
  id: string;
  status: string;
  item_count: number;
  reserved_msat: string;
  counts: { queued: number; paying: number; paid: number; failed: number };
  items: Item[];
}

const msatOfBtc = (btc: string): bigint => {
  const [w, f = ''] = btc.split('.');
  return BigInt(w!) * 100_000_000_000n + BigInt((f + '00000000000').slice(0, 11));
};

describe.each(DIALECTS)('batch Lightning payouts on %s', (dialect) => {
  let w: VoucherWorld;
  let payer: TestAccount;
  let alice: TestAccount;
  let bob: TestAccount;

  beforeEach(async () => {
    w = await voucherWorld(dialect, { PRICE_STATIC: 'BTC-USD=50000' });
    payer = await makeAccount(w.deps, { fund: { lbtc: '0.1' } });
    alice = await makeAccount(w.deps);
    bob = await makeAccount(w.deps);
  });
  afterEach(async () => {
    await w.close();
  });

  const post = (body: unknown, key = payer.adminKey, idem?: string): Promise<LightMyRequestResponse> =>
    w.app.inject({
      method: 'POST',
      url: '/lapi/v1/payouts',
      headers: {
        'x-api-key': key,
        'content-type': 'application/json',
        ...(idem === undefined ? {} : { 'idempotency-key': idem }),
      },
      payload: JSON.stringify(body),
    });
  const get = (path: string, key = payer.invoiceKey): Promise<LightMyRequestResponse> =>
    w.app.inject({ method: 'GET', url: `/lapi/v1/${path}`, headers: { 'x-api-key': key } });
  const created = async (body: unknown, idem?: string): Promise<Payout> => {
    const r = await post(body, payer.adminKey, idem);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as Payout;
  };
  const fetched = async (id: string): Promise<Payout> => {
    const r = await get(`payouts/${id}`);
    expect(r.statusCode, r.body).toBe(200);
    return r.json().data as Payout;
  };
  /** Runs the payout worker until no item is due any more. */
  const rounds = async (): Promise<void> => {
    for (let i = 0; i < 1000; i += 1) {
      const round = await payDueItems(w.deps);
      if (round.picked === 0) return;
    }
    throw new Error('the payout worker never ran dry');
  };
  /** Pays every item, then lets the node's re-check confirm the declined payments, which ends their items. */
  const drain = async (): Promise<void> => {
    await rounds();
    w.clock.advance(recheckDelayMs(w.deps) + 1);
    await recheckDeclinedOutgoing(w.deps);
    await rounds();
  };
  const outboxOf = async (type: string): Promise<string[]> =>
    (
      await w.deps.db.read.selectFrom('outbox').select('event_id').where('event_type', '=', type).execute()
    ).map((r) => r.event_id);
  const payoutPayments = async (): Promise<Array<{ id: bigint; status: string }>> =>
    w.deps.db.read.selectFrom('payments').select(['id', 'status']).where('purpose', '=', 'payout').execute();

  it('a batch of usertags, invoices of another node, Lightning addresses of this service and failing items settles every item exactly once', async () => {
    const good = await outsideInvoice(w, 20_000_000n, 'wages');
    const amountless = await outsideInvoice(w, null, 'tips');
    const failing = await outsideInvoice(w, 30_000_000n, 'sandbox:fail');
    const before = await balanceOf(w, payer);
    const aliceBefore = await balanceOf(w, alice);
    const p = await created({
      callback_url: 'http://127.0.0.1:9/payouts',
      items: [
        { destination: alice.usertag, amount: '0.0001', memo: 'march', reference: 'inv-1' },
        { destination: good.payreq },
        { destination: amountless.payreq, amount: '0.00005' },
        { destination: `${bob.usertag}@paytag.test`, amount: '0.0002' },
        { destination: failing.payreq },
        { destination: 'nobody_here@paytag.test', amount: '0.0001' },
        { destination: alice.usertag, fiat_value: '5', fiat_currency: 'USD' },
      ],
    });
    expect(p.status).toBe('open');
    expect(p.counts).toEqual({ queued: 7, paying: 0, paid: 0, failed: 0 });
    // The whole batch left the balance at once.
    expect(before - (await balanceOf(w, payer))).toBe(BigInt(p.reserved_msat));
    expect(await auditViolations(w)).toEqual([]);

    await rounds();
    // The declined invoice is not called failed before the node's re-check has confirmed it.
    const meanwhile = await fetched(p.id);
    expect(meanwhile.status).toBe('open');
    expect(meanwhile.items[4]!.status).toBe('paying');
    expect(await outboxOf('payout.item.failed')).toHaveLength(1);
    await drain();
    const done = await fetched(p.id);
    expect(done.status).toBe('done');
    expect(done.items.map((i) => i.status)).toEqual([
      'paid',
      'paid',
      'paid',
      'paid',
      'failed',
      'failed',
      'paid',
    ]);
    expect(done.items[1]!.preimage).toMatch(/^[0-9a-f]{64}$/);
    expect(done.items[4]!.error).toBeTruthy();
    expect(done.items[5]!.error).toMatch(/\S/);
    expect(done.items[5]!.tid).toBeNull();
    // 5 USD at 50000 USD/BTC = 0.0001 BTC.
    expect(done.items[6]!.amount_msat).toBe('10000000');
    expect(done.items[0]!.tid).toMatch(/\S/);
    // Every paid item cost its amount, service fee and routing fee; the failed ones nothing.
    const spent = done.items
      .filter((i) => i.status === 'paid')
      .reduce((s, i) => s + BigInt(i.amount_msat) + BigInt(i.fee_msat) + msatOfBtc(i.service_fee), 0n);
    expect(before - (await balanceOf(w, payer))).toBe(spent);
    expect((await balanceOf(w, alice)) - aliceBefore).toBeGreaterThan(0n);
    // One payment per item that got one, each ended; webhooks: one per item, one for the batch.
    const payments = await payoutPayments();
    expect(payments).toHaveLength(6);
    expect(payments.filter((x) => x.status === 'paid')).toHaveLength(5);
    expect((await outboxOf('payout.item.paid')).length).toBe(5);
    expect((await outboxOf('payout.item.failed')).length).toBe(2);
    expect(await outboxOf('payout.done')).toHaveLength(1);
    // Another round pays nothing again.
    await drain();
    expect(await payoutPayments()).toHaveLength(6);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('a batch the balance cannot cover is refused with 422 and moves nothing', async () => {
    const before = await balanceOf(w, payer);
    const r = await post({
      items: [
        { destination: alice.usertag, amount: '0.06' },
        { destination: bob.usertag, amount: '0.05' },
      ],
    });
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json().code).toBe('insufficient_balance');
    expect(await balanceOf(w, payer)).toBe(before);
    const list = await get('payouts');
    expect(list.json().data.payouts).toEqual([]);
    expect(await auditViolations(w)).toEqual([]);
  });

  it('an invalid item is refused with 400 naming its index and field, and nothing is created', async () => {
    const before = await balanceOf(w, payer);
    const cases: Array<[unknown, string]> = [
      [{ destination: alice.usertag }, 'items[1].amount'],
      [{ amount: '0.001' }, 'items[1].destination'],
      ['alice', 'items[1]'],
      [{ destination: alice.usertag, amount: '0.000000001' }, 'items[1].amount'],
      [{ destination: 'not a destination!', amount: '0.001' }, 'items[1].destination'],
      [{ destination: payer.usertag, amount: '0.001' }, 'items[1].destination'],
      [{ destination: 'lnbcrt1invalid', amount: '0.001' }, 'items[1].destination'],
      [{ destination: alice.usertag, fiat_value: '5', fiat_currency: 'XYZ' }, 'items[1].fiat_currency'],
      [
        { destination: alice.usertag, amount: '0.001', fiat_value: '5', fiat_currency: 'USD' },
        'items[1].fiat_value',
      ],
      [{ destination: alice.usertag, amount: [1] }, 'items[1].amount'],
      [{ destination: alice.usertag, amount: '0.001', memo: 'x'.repeat(700) }, 'items[1].memo'],
    ];
    for (const [bad, field] of cases) {
      const r = await post({ items: [{ destination: bob.usertag, amount: '0.001' }, bad] });
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json().field, r.body).toBe(field);
    }
    const none = await post({ items: [] });
    expect(none.statusCode).toBe(400);
    // Each amount is valid, the sum is not: 21,000,000 BTC at most.
    const huge = await post({
      items: [
        { destination: alice.usertag, amount: '20000000' },
        { destination: bob.usertag, amount: '20000000' },
      ],
    });
    expect(huge.statusCode, huge.body).toBe(400);
    expect(huge.json().field).toBe('items');
    expect(await balanceOf(w, payer)).toBe(before);
    expect((await get('payouts')).json().data.payouts).toEqual([]);
  });

  it('a retry with the same Idempotency-Key answers the same payout and moves nothing again', async () => {
    const body = { items: [{ destination: alice.usertag, amount: '0.001' }] };
    const first = await created(body, 'batch-1');
    const afterFirst = await balanceOf(w, payer);
    const again = await created({ items: [{ destination: alice.usertag, amount: 0.001 }] }, 'batch-1');
    expect(again.id).toBe(first.id);
    expect(await balanceOf(w, payer)).toBe(afterFirst);
    const other = await post(
      { items: [{ destination: bob.usertag, amount: '0.001' }] },
      payer.adminKey,
      'batch-1',
    );
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_conflict');
    await drain();
    expect((await fetched(first.id)).items[0]!.status).toBe('paid');
    expect(await payoutPayments()).toHaveLength(1);
  });

  it('concurrent requests with one Idempotency-Key create one payout and reserve once', async () => {
    const before = await balanceOf(w, payer);
    const body = { items: [{ destination: alice.usertag, amount: '0.001' }] };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => post(body, payer.adminKey, 'same-key')),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const ids = new Set(answers.map((r) => (r.json().data as Payout).id));
    expect(ids.size).toBe(1);
    const reserved = BigInt((answers[0]!.json().data as Payout).reserved_msat);
    expect(before - (await balanceOf(w, payer))).toBe(reserved);
    expect((await get('payouts')).json().data.payouts).toHaveLength(1);
  });

  it('another account sees neither the payout nor its list; an invoice key cannot create one', async () => {
    const p = await created({ items: [{ destination: alice.usertag, amount: '0.001' }] });
    expect((await get(`payouts/${p.id}`, alice.invoiceKey)).statusCode).toBe(404);
    expect((await get('payouts', alice.invoiceKey)).json().data.payouts).toEqual([]);
    expect(
      (await post({ items: [{ destination: bob.usertag, amount: '0.001' }] }, payer.invoiceKey)).statusCode,
    ).toBe(403);
  });

  it('the list pages newest first with before', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      ids.push((await created({ items: [{ destination: alice.usertag, amount: '0.0001' }] })).id);
    }
    const first = (await get('payouts?limit=2')).json().data as { payouts: Payout[]; next: string };
    expect(first.payouts.map((x) => x.id)).toEqual([ids[2], ids[1]]);
    const second = (await get(`payouts?limit=2&before=${first.next}`)).json().data as {
      payouts: Payout[];
      next: string | null;
    };
    expect(second.payouts.map((x) => x.id)).toEqual([ids[0]]);
    expect(second.next).toBeNull();
  });

  it('500 items of mixed destinations, some failing, each settle exactly once, and the audit is clean', async () => {
    const invoices = await Promise.all(
      Array.from({ length: 250 }, (_, i) =>
        outsideInvoice(w, BigInt(1_000_000 + i * 1000), i % 50 === 0 ? 'sandbox:fail' : `payout ${i}`),
      ),
    );
    const items = Array.from({ length: 500 }, (_, i) =>
      i % 2 === 0
        ? { destination: invoices[i / 2]!.payreq, reference: String(i) }
        : { destination: i % 4 === 1 ? alice.usertag : `${bob.usertag}@paytag.test`, amount: '0.00001' },
    );
    const body = JSON.stringify({ items });
    // Far more than BODY_LIMIT_BYTES: this route takes PAYOUT_BODY_LIMIT_BYTES.
    expect(body.length).toBeGreaterThan(w.deps.config.bodyLimitBytes);
    const before = await balanceOf(w, payer);
    const p = await created({ items });
    expect(p.item_count).toBe(500);
    await drain();
    const done = await fetched(p.id);
    expect(done.status).toBe('done');
    expect(done.counts).toEqual({ queued: 0, paying: 0, paid: 495, failed: 5 });
    const payments = await payoutPayments();
    expect(payments).toHaveLength(500);
    expect(payments.filter((x) => x.status === 'declined')).toHaveLength(5);
    const spent = done.items
      .filter((i) => i.status === 'paid')
      .reduce((s, i) => s + BigInt(i.amount_msat) + BigInt(i.fee_msat) + msatOfBtc(i.service_fee), 0n);
    expect(before - (await balanceOf(w, payer))).toBe(spent);
    expect(await auditViolations(w)).toEqual([]);
  }, 120_000);

  it('a body past PAYOUT_BODY_LIMIT_BYTES is refused with 413', async () => {
    const r = await post({
      items: [{ destination: alice.usertag, amount: '0.001', memo: 'x'.repeat(3_000_000) }],
    });
    expect(r.statusCode).toBe(413);
  });
});
