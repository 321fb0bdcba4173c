import { afterEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/app/deps.ts';
import { buildApp } from '../../src/http/app.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

/** A durable() that stays pending until released: a stalled fsync. */
function stalledSync() {
  let release = () => {};
  const gate = new Promise<void>((r) => {
    release = r;
  });
  return { durable: () => gate, release };
}

const settledWithin = async (p: Promise<unknown>, ms: number) =>
  Promise.race([p.then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), ms))]);

describe.each(DIALECTS)('replies wait until what they show is durable on %s', (dialect) => {
  let t: TestRuntime;
  afterEach(async () => t?.close());

  it('an idempotent POST replayed while the sync is stalled is answered only after the sync', async () => {
    t = await testRuntime(dialect);
    const alice = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    const bob = await makeAccount(t.deps);
    const send = {
      method: 'POST' as const,
      url: '/lapi/v1/send',
      headers: { 'x-api-key': alice.adminKey, 'idempotency-key': 'replay-1' },
      payload: { payment_mode: 'usertag', usertag: bob.usertag, amount: '0.001' },
    };
    const first = await t.app.inject(send);
    expect(first.statusCode).toBe(200);

    // The replay reads the first answer back; it must not leave before a sync covers what it shows.
    const sync = stalledSync();
    const stalledDeps: AppDeps = { ...t.deps, db: { ...t.deps.db, durable: sync.durable } };
    const stalled = await buildApp(stalledDeps);
    try {
      const replay = stalled.inject(send);
      expect(await settledWithin(replay, 300)).toBe(false);
      sync.release();
      const answered = await replay;
      expect(answered.statusCode).toBe(200);
      expect(answered.json().data.tid).toBe(first.json().data.tid);
    } finally {
      await stalled.close();
    }
  });

  it('every method waits: a POST that fails validation too', async () => {
    t = await testRuntime(dialect);
    const alice = await makeAccount(t.deps);
    const sync = stalledSync();
    const stalled = await buildApp({ ...t.deps, db: { ...t.deps.db, durable: sync.durable } });
    try {
      const reply = stalled.inject({
        method: 'POST',
        url: '/lapi/v1/receive',
        headers: { 'x-api-key': alice.invoiceKey },
        payload: { amount: 'not a number' },
      });
      expect(await settledWithin(reply, 300)).toBe(false);
      sync.release();
      expect((await reply).statusCode).toBe(400);
    } finally {
      await stalled.close();
    }
  });
});
