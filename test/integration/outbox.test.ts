import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/app/deps.ts';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { enqueueWebhook } from '../../src/app/outbox/enqueue.ts';
import type { Clock } from '../../src/app/ports.ts';
import { type Env, loadConfig } from '../../src/config/index.ts';
import { claimDueRowsPerHost } from '../../src/db/repos/outbox.ts';
import { ALL_JOBS } from '../../src/jobs/index.ts';
import { startJobs } from '../../src/jobs/runner.ts';
import { openRuntime } from '../../src/main.ts';
import { DIALECTS, freshDatabase, ManualClock, makeAccount, type TestDatabase } from '../fixtures/runtime.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';

const silentLog = { info() {}, warn() {}, error() {}, debug() {} };

interface Proc {
  deps: AppDeps;
  close(): Promise<void>;
}

/** One server process's dependencies on an existing database (as after a restart, or a second instance). */
async function processOn(db: TestDatabase, env: Env = {}, clock?: Clock): Promise<Proc> {
  const config = loadConfig({
    DATABASE_URL: db.url,
    PUBLIC_URL: 'http://paytag.test',
    SQLITE_SYNCHRONOUS: 'NORMAL',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const rt = await openRuntime(config, silentLog);
  return { deps: clock === undefined ? rt.deps : { ...rt.deps, clock }, close: () => rt.close() };
}

async function produce(deps: AppDeps, accountId: bigint, url: string, ids: readonly string[]): Promise<void> {
  await deps.db.write(async (trx) => {
    for (const eventId of ids) {
      await enqueueWebhook(
        trx,
        {
          accountId,
          url,
          type: 'payment.paid',
          body: { tid: eventId, status: 'paid', amount: 0.001 },
          eventId,
          target: null,
        },
        deps.clock.nowMs(),
      );
    }
  });
}

const never = new AbortController().signal;

async function states(deps: AppDeps) {
  const rows = await deps.db.read.selectFrom('outbox').select(['event_id', 'state', 'lease_owner']).execute();
  return new Map(rows.map((r) => [r.event_id, r]));
}

describe.each(DIALECTS)('outbox durability on %s', (dialect) => {
  let db: TestDatabase;
  let receiver: WebhookReceiver;
  const open: Proc[] = [];
  const start = async (env: Env = {}, clock?: Clock) => {
    const p = await processOn(db, env, clock);
    open.push(p);
    return p;
  };
  const stop = async (p: Proc) => {
    open.splice(open.indexOf(p), 1);
    await p.close();
  };

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });
  afterEach(async () => {
    for (const p of open.splice(0)) await p.close();
    await db?.drop();
    receiver.requests.length = 0;
  });

  it('an event committed just before the process stops is delivered exactly once after a restart', async () => {
    db = await freshDatabase(dialect);
    const first = await start();
    const alice = await makeAccount(first.deps);
    await produce(first.deps, alice.id, receiver.url('/restart'), ['evt_restart']);
    await stop(first); // stopped after the commit, before any delivery round

    const second = await start();
    expect(await dispatchDue(second.deps, never)).toMatchObject({ claimed: 1, delivered: 1 });
    for (let i = 0; i < 3; i++) await dispatchDue(second.deps, never);
    expect(receiver.countsById()).toEqual(new Map([['evt_restart', 1]]));
    expect((await states(second.deps)).get('evt_restart')?.state).toBe('delivered');
  });

  it('rows claimed by a worker that died are taken over once their lease expires, and sent once', async () => {
    db = await freshDatabase(dialect);
    const clock = new ManualClock();
    const crashed = await start({}, clock);
    const alice = await makeAccount(crashed.deps);
    await produce(crashed.deps, alice.id, receiver.url('/crash'), ['evt_c1', 'evt_c2', 'evt_c3']);
    // The dying worker's round got as far as its claim: leases taken, nothing sent.
    const claimed = await crashed.deps.db.write((trx) =>
      // All three at once: more per host than a worker of today's settings would take.
      claimDueRowsPerHost(trx, 'w_dead', clock.nowMs(), crashed.deps.config.outbox.leaseMs, 10, 10),
    );
    expect(claimed).toHaveLength(3);
    await stop(crashed);

    const next = await start({}, clock);
    // While the lease lives, nobody else may send those rows.
    expect(await dispatchDue(next.deps, never)).toMatchObject({ claimed: 0 });
    clock.advance(next.deps.config.outbox.leaseMs + 1);
    expect(await dispatchDue(next.deps, never)).toMatchObject({ claimed: 3, delivered: 3 });
    clock.advance(3600_000);
    await dispatchDue(next.deps, never);
    expect(receiver.countsById()).toEqual(
      new Map([
        ['evt_c1', 1],
        ['evt_c2', 1],
        ['evt_c3', 1],
      ]),
    );
  });

  it('a shutdown finishes the attempt in flight, and holds no row it has not started', async () => {
    db = await freshDatabase(dialect);
    const clock = new ManualClock();
    const proc = await start({ OUTBOX_CONCURRENCY: '1' }, clock);
    const alice = await makeAccount(proc.deps);
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    receiver.respond('/shutdown', () => ({ status: 200, delayUntil: answered }));
    await produce(proc.deps, alice.id, receiver.url('/shutdown'), ['evt_s1', 'evt_s2', 'evt_s3']);
    const controller = new AbortController();
    const round = dispatchDue(proc.deps, controller.signal);
    await receiver.waitFor(1);
    controller.abort();
    release();
    // The attempt in flight ran to its answer and was recorded; a row is claimed only when a lane is
    // free to attempt it at once, so the two others were never taken.
    expect(await round).toMatchObject({ claimed: 1, delivered: 1, released: 0 });
    const rows = await states(proc.deps);
    expect(rows.get('evt_s1')).toMatchObject({ state: 'delivered', lease_owner: null });
    for (const id of ['evt_s2', 'evt_s3'])
      expect(rows.get(id)).toMatchObject({ state: 'pending', lease_owner: null });
    // They are due for any worker at once, without waiting for a lease to expire.
    expect(await dispatchDue(proc.deps, never)).toMatchObject({ claimed: 2, delivered: 2 });
    expect([...receiver.countsById().values()]).toEqual([1, 1, 1]);
  });

  it("the server's background job delivers new events by itself", async () => {
    db = await freshDatabase(dialect);
    const proc = await start({ OUTBOX_POLL_INTERVAL_MS: '20' });
    const alice = await makeAccount(proc.deps);
    const jobs = startJobs(proc.deps, ALL_JOBS);
    try {
      await produce(proc.deps, alice.id, receiver.url('/job'), ['evt_job']);
      await receiver.waitFor(1);
      expect(receiver.countsById()).toEqual(new Map([['evt_job', 1]]));
    } finally {
      await jobs.stop();
    }
  });

  it('two processes on one database deliver each of 1,000 events exactly once', {
    timeout: 120_000,
  }, async () => {
    db = await freshDatabase(dialect);
    // One receiver host: let it take every lane, so both processes claim concurrently.
    const env = { OUTBOX_BATCH_SIZE: '50', OUTBOX_CONCURRENCY: '16', OUTBOX_PER_HOST: '32' };
    const a = await start(env);
    const b = await start(env);
    const alice = await makeAccount(a.deps);
    const ids = Array.from({ length: 1000 }, (_, i) => `evt_many_${i}`);
    for (let i = 0; i < ids.length; i += 100)
      await produce(a.deps, alice.id, receiver.url('/many'), ids.slice(i, i + 100));

    const pending = async () =>
      (await a.deps.db.read.selectFrom('outbox').select('id').where('state', '=', 'pending').execute())
        .length;
    const work = async (p: Proc) => {
      let delivered = 0;
      while ((await pending()) > 0) {
        const r = await dispatchDue(p.deps, never);
        delivered += r.delivered;
        if (r.claimed === 0) await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return delivered;
    };
    const [byA, byB] = await Promise.all([work(a), work(b)]);

    expect(byA + byB).toBe(1000);
    expect(byA).toBeGreaterThan(0);
    expect(byB).toBeGreaterThan(0);
    const counts = receiver.countsById();
    expect(counts.size).toBe(1000);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(ids.every((id) => counts.get(id) === 1)).toBe(true);
    const rows = await states(a.deps);
    expect([...rows.values()].every((r) => r.state === 'delivered')).toBe(true);
  });
});
