import type { AddressInfo } from 'node:net';
import { createServer, type Server, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/app/deps.ts';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { enqueueWebhook } from '../../src/app/outbox/enqueue.ts';
import { outboxDispatchJob } from '../../src/jobs/outbox-dispatch.ts';
import { type JobRunner, startJobs } from '../../src/jobs/runner.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';

/** A real TCP server that accepts every connection and never answers (nor closes). */
interface Tarpit {
  url(path?: string): string;
  /** Connections accepted so far, and when. */
  readonly accepted: number[];
  /** Most connections open at the same time. */
  readonly maxOpen: () => number;
  close(): Promise<void>;
}

async function startTarpit(): Promise<Tarpit> {
  const sockets = new Set<Socket>();
  const accepted: number[] = [];
  let maxOpen = 0;
  const server: Server = createServer((s) => {
    accepted.push(Date.now());
    sockets.add(s);
    maxOpen = Math.max(maxOpen, sockets.size);
    s.on('error', () => {});
    s.on('close', () => sockets.delete(s));
    s.resume(); // read the request, answer nothing
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path = '/hook') => `http://127.0.0.1:${port}${path}`,
    accepted,
    maxOpen: () => maxOpen,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Line {
  level: string;
  msg: string;
  fields: Record<string, unknown>;
}

/** A logger that keeps every line, to check what the dispatcher reported. */
function capturingLog(lines: Line[]) {
  const at =
    (level: string) =>
    (fields: unknown, msg?: string): void => {
      lines.push({ level, msg: msg ?? '', fields: (fields ?? {}) as Record<string, unknown> });
    };
  return { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') };
}

async function enqueue(deps: AppDeps, accountId: bigint, url: string, eventIds: readonly string[]) {
  await deps.db.write(async (trx) => {
    for (const eventId of eventIds) {
      await enqueueWebhook(
        trx,
        {
          accountId,
          url,
          type: 'payment.paid',
          body: { tid: eventId, status: 'paid', amount: 0.00000001 },
          eventId,
          target: null,
        },
        deps.clock.nowMs(),
      );
    }
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe.each(DIALECTS)('delivery fairness on %s', (dialect) => {
  let rt: TestRuntime | undefined;
  let jobs: JobRunner | undefined;
  let tarpit: Tarpit | undefined;
  let receiver: WebhookReceiver | undefined;

  afterEach(async () => {
    await jobs?.stop();
    await rt?.close();
    await tarpit?.close();
    await receiver?.close();
    jobs = rt = tarpit = receiver = undefined;
  });

  it("40 deliveries to a tarpit do not delay another account's webhook by more than 2 s, and are still retried", {
    timeout: 60_000,
  }, async () => {
    const timeoutMs = 1000;
    const openMs = 2000;
    rt = await testRuntime(dialect, {
      WEBHOOK_TIMEOUT_MS: String(timeoutMs),
      OUTBOX_POLL_INTERVAL_MS: '50',
      OUTBOX_BREAKER_TIMEOUTS: '5',
      OUTBOX_BREAKER_OPEN_MS: String(openMs),
    });
    const lines: Line[] = [];
    const deps: AppDeps = { ...rt.deps, log: capturingLog(lines) };
    tarpit = await startTarpit();
    receiver = await startWebhookReceiver();
    const f = await makeAccount(deps);
    const g = await makeAccount(deps);
    const slow = Array.from({ length: 40 }, (_, i) => `evt_tarpit_${i}`);
    await enqueue(deps, f.id, tarpit.url(), slow);

    jobs = startJobs(deps, [outboxDispatchJob]);
    const pit = tarpit;
    await until('the tarpit to hold connections', () => pit.accepted.length >= 2, 5_000);

    // Another account's webhook, queued while the tarpit holds connections, arrives at once.
    const queuedAt = Date.now();
    await enqueue(deps, g.id, receiver.url('/g'), ['evt_other_account']);
    await receiver.waitFor(1, 10_000);
    const delayMs = (receiver.requests[0]?.receivedAtMs ?? Number.POSITIVE_INFINITY) - queuedAt;
    expect(delayMs).toBeLessThanOrEqual(2_000);

    // The host kept timing out: its circuit opened after 5 timeouts, and its other rows were put off
    // without connecting. Never more than two connections at once went to it.
    await until(
      'the circuit to open',
      () => lines.some((l) => l.msg.startsWith('outbox circuit opened')),
      15_000,
    );
    const openedAt = Date.now();
    const acceptedWhenOpened = pit.accepted.length;
    expect(acceptedWhenOpened).toBeLessThanOrEqual(5 + 2);
    expect(pit.maxOpen()).toBeLessThanOrEqual(2);
    const opened = lines.find((l) => l.msg.startsWith('outbox circuit opened'));
    expect(opened?.level).toBe('warn');
    expect(opened?.fields).toMatchObject({ host: new URL(pit.url()).host, timeouts: 5 });

    // After the open period, one probe (half-open) and no more until it ends.
    await until('the half-open probe', () => pit.accepted.length > acceptedWhenOpened, openMs + 3_000);
    const probeAt = pit.accepted[acceptedWhenOpened] ?? 0;
    expect(probeAt - openedAt).toBeGreaterThanOrEqual(openMs - 500);
    await sleep(timeoutMs / 2);
    expect(pit.accepted.length).toBe(acceptedWhenOpened + 1);
    // The probe timed out too: the circuit opens again, for longer (bounded backoff).
    await until(
      'the circuit to reopen',
      () => lines.filter((l) => l.msg.startsWith('outbox circuit opened')).length >= 2,
      timeoutMs + 3_000,
    );
    const reopened = lines.filter((l) => l.msg.startsWith('outbox circuit opened'))[1];
    expect(Number(reopened?.fields.openMs)).toBeGreaterThan(openMs);

    await jobs.stop();
    jobs = undefined;
    // Nothing was dropped: every tarpit row is still pending, each attempted one per its schedule
    // (the first retry 5 s after a timed-out attempt), the rest put off with their attempts unused.
    const rows = await deps.db.read
      .selectFrom('outbox')
      .select(['id', 'event_id', 'state', 'attempts', 'next_attempt_at_ms', 'lease_owner'])
      .where('event_id', 'like', 'evt_tarpit_%')
      .execute();
    expect(rows).toHaveLength(40);
    expect(rows.every((r) => r.state === 'pending' && r.lease_owner === null)).toBe(true);
    const attempted = rows.filter((r) => Number(r.attempts) > 0);
    expect(attempted.length).toBeGreaterThanOrEqual(5);
    const tries = await deps.db.read
      .selectFrom('outbox_attempts')
      .select(['outbox_id', 'started_at_ms', 'duration_ms', 'outcome', 'error'])
      .where(
        'outbox_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(tries.length).toBe(pit.accepted.length);
    for (const t of tries) {
      expect(t.outcome).toBe('retry');
      expect(t.error).toMatch(/^timeout/);
    }
    for (const r of attempted) {
      const last = tries
        .filter((t) => t.outbox_id === r.id)
        .sort((a, b) => Number(b.started_at_ms - a.started_at_ms))[0];
      expect(Number(r.next_attempt_at_ms)).toBeGreaterThanOrEqual(
        Number(last?.started_at_ms) + Number(last?.duration_ms) + 5_000 - 50,
      );
    }
    const putOff = rows.filter((r) => Number(r.attempts) === 0);
    for (const r of putOff) expect(Number(r.next_attempt_at_ms)).toBeGreaterThan(queuedAt);
  });

  it('a receiver that answers again closes its circuit', { timeout: 30_000 }, async () => {
    rt = await testRuntime(dialect, {
      WEBHOOK_TIMEOUT_MS: '300',
      OUTBOX_POLL_INTERVAL_MS: '50',
      OUTBOX_BREAKER_TIMEOUTS: '2',
      OUTBOX_BREAKER_OPEN_MS: '500',
    });
    const lines: Line[] = [];
    const deps: AppDeps = { ...rt.deps, log: capturingLog(lines) };
    receiver = await startWebhookReceiver();
    let hang = true;
    receiver.respond('/flaky', () => (hang ? 'hang' : { status: 200, body: 'ok' }));
    const a = await makeAccount(deps);
    await enqueue(deps, a.id, receiver.url('/flaky'), ['evt_f1', 'evt_f2', 'evt_f3']);
    jobs = startJobs(deps, [outboxDispatchJob]);
    await until(
      'the circuit to open',
      () => lines.some((l) => l.msg.startsWith('outbox circuit opened')),
      10_000,
    );
    hang = false;
    await until(
      'the circuit to close',
      () => lines.some((l) => l.msg.startsWith('outbox circuit closed')),
      10_000,
    );
    // Once closed, the put-off row goes out without waiting for the timed-out ones' retries.
    await until(
      'evt_f3 delivered',
      async () =>
        (
          await deps.db.read
            .selectFrom('outbox')
            .select('state')
            .where('event_id', '=', 'evt_f3')
            .executeTakeFirstOrThrow()
        ).state === 'delivered',
      10_000,
    );
  });

  it('two instances on one database keep at most two attempts in flight to one host', {
    timeout: 60_000,
  }, async () => {
    rt = await testRuntime(dialect);
    const second = await testRuntime(dialect, {}, { databaseUrl: rt.databaseUrl });
    try {
      receiver = await startWebhookReceiver();
      let open = 0;
      let maxOpen = 0;
      receiver.respond('/busy', () => {
        open += 1;
        maxOpen = Math.max(maxOpen, open);
        const done = new Promise<void>((resolve) =>
          setTimeout(() => {
            open -= 1;
            resolve();
          }, 100),
        );
        return { status: 200, body: 'ok', delayUntil: done };
      });
      const a = await makeAccount(rt.deps);
      const ids = Array.from({ length: 12 }, (_, i) => `evt_busy_${i}`);
      await enqueue(rt.deps, a.id, receiver.url('/busy'), ids);
      const never = new AbortController().signal;
      const pending = async () =>
        (await rt?.deps.db.read.selectFrom('outbox').select('id').where('state', '=', 'pending').execute())
          ?.length ?? 0;
      const work = async (deps: AppDeps) => {
        while ((await pending()) > 0) {
          const r = await dispatchDue(deps, never);
          if (r.claimed === 0) await sleep(10);
        }
      };
      await Promise.all([work(rt.deps), work(second.deps)]);
      expect(receiver.countsById().size).toBe(12);
      expect([...receiver.countsById().values()].every((n) => n === 1)).toBe(true);
      expect(maxOpen).toBe(2);
    } finally {
      await second.close();
    }
  });
});
