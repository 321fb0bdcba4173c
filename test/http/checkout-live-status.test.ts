import type { Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sandboxDeposit } from '../../src/app/chain/sandbox-deposit.ts';
import { type CheckoutWatch, createCheckoutWatch } from '../../src/app/checkout/live-status.ts';
import type { CheckoutStatus } from '../../src/app/checkout/state.ts';
import type { AppDeps } from '../../src/app/deps.ts';
import type { DB } from '../../src/db/schema.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const ENV = { SANDBOX_NODE_KEY: '44'.repeat(32), BTC_XPUB: KEYS.btc.text, EVM_XPUB: KEYS.evm.text };

/**
 * Turns of the event loop (database answers included) until `done`; fails after 10 s. (Only setTimeout
 * is faked below: setImmediate and Date.now are real.)
 */
async function until(done: () => boolean): Promise<void> {
  const end = Date.now() + 10_000;
  while (!done() && Date.now() < end) await new Promise((r) => setImmediate(r));
  expect(done()).toBe(true);
}

/**
 * The live status of an open checkout page reads the database on a poll and, after a hint, again.
 * A read that began before a commit must never deliver after a read that saw the commit, or the page
 * would step back (a deposit's "1 of 2 confirmations" replaced by the state before it).
 */
describe.each(DIALECTS)('checkout live status on %s', (dialect) => {
  let t: TestRuntime;
  let shop: TestAccount;
  let watch: CheckoutWatch | undefined;

  beforeAll(async () => {
    t = await testRuntime(dialect, ENV);
    shop = await makeAccount(t.deps);
  });
  afterEach(() => {
    watch?.close();
    vi.useRealTimers();
  });
  afterAll(() => t.close());

  it('never delivers an older state after a newer one: a slow poll that began before a deposit delivers before the hint’s read', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { wallet: 'btc', payment_mode: 'onchain', amount: '0.002' },
    });
    expect(res.statusCode).toBe(200);
    const r = res.json() as { tid: number; hosted_checkout_url: string };
    const tid = new URL(r.hosted_checkout_url).pathname.split('/').pop()!;

    // The watch's database: reads counted as they start; its first wait for durability held until
    // released, which makes the first read (the poll's) slow after it has read.
    let started = 0;
    const read = new Proxy(t.deps.db.read, {
      get(target, prop) {
        const v: unknown = Reflect.get(target, prop);
        if (prop === 'selectFrom') {
          return (from: 'payments') => {
            if (from === 'payments') started += 1;
            return target.selectFrom(from);
          };
        }
        return typeof v === 'function' ? v.bind(target) : v;
      },
    }) as Kysely<DB>;
    let held = false;
    let release = () => {};
    const durable = () => {
      if (held) return t.deps.db.durable();
      held = true;
      return new Promise<void>((resolve) => {
        release = resolve;
      }).then(() => t.deps.db.durable());
    };
    const deps: AppDeps = { ...t.deps, db: { ...t.deps.db, read, durable } };

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const got: CheckoutStatus[] = [];
    watch = createCheckoutWatch(deps);
    watch.watch(tid, (s) => got.push(s));

    // The poll reads the request (pending, nothing on chain) and is held before it delivers.
    vi.advanceTimersByTime(deps.config.checkout.statusPollMs);
    await until(() => held);
    expect(started).toBe(1);

    // A deposit is seen (1 of 2 confirmations) and committed; its hint's reads come due.
    const d = await sandboxDeposit(t.deps, { tid: String(r.tid), confirmations: 1 });
    expect(d.ok && d.value.status).toBe('pending');
    vi.advanceTimersByTime(15);
    // Reads that started (side by side with the held poll, if they may) deliver.
    await until(() => got.length === started - 1);

    release();
    await until(() => got.length === started && started >= 2);

    // In the order of the database: the poll's older read first, then the deposit; never back.
    expect(got.map((s) => s.chain?.unconfirmed ?? null)).toEqual([null, '0.00200000']);
  });
});
