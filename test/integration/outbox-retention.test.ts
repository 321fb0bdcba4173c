import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/app/deps.ts';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { enqueueEmail, enqueueWebhook } from '../../src/app/outbox/enqueue.ts';
import { pruneDeliveries } from '../../src/app/outbox/prune.ts';
import { listDeliveries } from '../../src/app/webhooks/list-deliveries.ts';
import { ConfigError, loadConfig } from '../../src/config/index.ts';
import { ALL_JOBS } from '../../src/jobs/index.ts';
import {
  OUTBOX_RETENTION_BACKLOG_DELAY_MS,
  OUTBOX_RETENTION_INTERVAL_MS,
  outboxRetentionJob,
} from '../../src/jobs/outbox-retention.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';

const DAY_MS = 86_400_000;
const never = new AbortController().signal;

describe('retention configuration', () => {
  it('defaults to 30 days for the outbox and 7 for the dev mailbox, and checks the range', () => {
    const c = loadConfig({});
    expect(c.outbox).toMatchObject({ retentionDays: 30, devMailboxRetentionDays: 7 });
    expect(
      loadConfig({ OUTBOX_RETENTION_DAYS: '3650', DEV_MAILBOX_RETENTION_DAYS: '1' }).outbox,
    ).toMatchObject({ retentionDays: 3650, devMailboxRetentionDays: 1 });
    expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ OUTBOX_RETENTION_DAYS: '3651' })).toThrow(/OUTBOX_RETENTION_DAYS/);
    expect(() => loadConfig({ DEV_MAILBOX_RETENTION_DAYS: '0' })).toThrow(/DEV_MAILBOX_RETENTION_DAYS/);
  });

  it('runs as one of the service’s jobs', () => {
    expect(ALL_JOBS).toContain(outboxRetentionJob);
  });
});

describe.each(DIALECTS)('outbox retention on %s', (dialect) => {
  let rt: TestRuntime;
  let clock: ManualClock;
  let receiver: WebhookReceiver;
  let alice: TestAccount;
  let t0: number;

  beforeEach(async () => {
    receiver = await startWebhookReceiver();
    receiver.respond('/refused', () => ({ status: 400 }));
    receiver.respond('/down', () => ({ status: 503 }));
    receiver.respond('/flaky', (_req, n) => ({ status: n === 1 ? 503 : 200 }));
    clock = new ManualClock();
    t0 = clock.nowMs();
    rt = await testRuntime(dialect, { WEBHOOK_TIMEOUT_MS: '2000' }, { clock });
    alice = await makeAccount(rt.deps);
  });
  afterEach(async () => {
    await rt?.close();
    await receiver?.close();
  });

  async function webhook(path: string, eventId: string): Promise<void> {
    await rt.deps.db.write((trx) =>
      enqueueWebhook(
        trx,
        {
          accountId: alice.id,
          url: receiver.url(path),
          type: 'payment.paid',
          body: { tid: eventId, status: 'paid', amount: 0.001 },
          eventId,
          target: null,
        },
        clock.nowMs(),
      ),
    );
  }

  async function email(eventId: string): Promise<void> {
    await rt.deps.db.write((trx) =>
      enqueueEmail(
        trx,
        {
          accountId: alice.id,
          to: 'carol@example.com',
          subject: 'Your voucher',
          text: 'hello',
          html: '<p>hello</p>',
          type: 'voucher',
          eventId,
          target: null,
        },
        clock.nowMs(),
      ),
    );
  }

  /** event id → state and number of attempt records; also checks no attempt outlived its row. */
  async function outbox(): Promise<Map<string, { state: string; attempts: number }>> {
    const db = rt.deps.db.read;
    const rows = await db.selectFrom('outbox').select(['id', 'event_id', 'state']).execute();
    const attempts = await db.selectFrom('outbox_attempts').select('outbox_id').execute();
    const ids = new Set(rows.map((r) => r.id));
    expect(attempts.filter((a) => !ids.has(a.outbox_id))).toEqual([]);
    return new Map(
      rows.map((r) => [
        r.event_id,
        { state: r.state, attempts: attempts.filter((a) => a.outbox_id === r.id).length },
      ]),
    );
  }

  const redeliver = (deliveryId: string) =>
    rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/webhooks/redeliver',
      headers: { 'x-api-key': alice.adminKey },
      payload: { delivery_id: deliveryId },
    });

  /** `n` rows in a final state, last changed at `atMs`, each with `attemptsEach` attempt records. */
  async function insertFinished(
    prefix: string,
    n: number,
    atMs: number,
    state: 'delivered' | 'failed',
    attemptsEach = 0,
  ): Promise<void> {
    for (let from = 0; from < n; from += 500) {
      const count = Math.min(500, n - from);
      await rt.deps.db.write(async (trx) => {
        const rows = await trx
          .insertInto('outbox')
          .values(
            Array.from({ length: count }, (_, i) => ({
              kind: 'webhook' as const,
              event_id: `${prefix}_${from + i}`,
              event_type: 'payment.paid',
              account_id: alice.id,
              destination: 'https://shop.example/hook',
              payload: '{}',
              next_attempt_at_ms: atMs,
              created_at_ms: atMs,
            })),
          )
          .returning('id')
          .execute();
        const ids = rows.map((r) => r.id);
        await trx
          .updateTable('outbox')
          .set({
            state,
            attempts: attemptsEach,
            delivered_at_ms: state === 'delivered' ? atMs : null,
          })
          .where('id', 'in', ids)
          .execute();
        if (attemptsEach > 0) {
          await trx
            .insertInto('outbox_attempts')
            .values(
              ids.flatMap((id) =>
                Array.from({ length: attemptsEach }, () => ({
                  outbox_id: id,
                  started_at_ms: atMs,
                  duration_ms: 10,
                  outcome: state === 'delivered' ? ('delivered' as const) : ('failed' as const),
                  status: state === 'delivered' ? 200 : 400,
                  error: null,
                  response_excerpt: null,
                })),
              ),
            )
            .execute();
        }
      });
    }
  }

  async function insertMail(prefix: string, n: number, atMs: number): Promise<void> {
    await rt.deps.db.write((trx) =>
      trx
        .insertInto('dev_mailbox')
        .values(
          Array.from({ length: n }, (_, i) => ({
            event_id: `${prefix}_${i}`,
            to_address: 'carol@example.com',
            from_address: 'paytag <no-reply@localhost>',
            subject: 'Your voucher',
            text_body: 'hello',
            html_body: '<p>hello</p>',
            created_at_ms: atMs,
          })),
        )
        .execute(),
    );
  }

  const mailbox = async () =>
    (await rt.deps.db.read.selectFrom('dev_mailbox').select('event_id').orderBy('id').execute()).map(
      (r) => r.event_id,
    );

  it('deletes old delivered and failed rows with their attempts; keeps pending rows and recent ones', async () => {
    await webhook('/flaky', 'evt_delivered');
    await webhook('/refused', 'evt_failed');
    await webhook('/down', 'evt_pending');
    await email('mail_sent');
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 4, delivered: 1, failed: 1 });
    clock.advance(10_000);
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 2, delivered: 1, retrying: 1 });

    clock.ms = t0 + 20 * DAY_MS;
    await webhook('/ok', 'evt_recent');
    // evt_recent is delivered; evt_pending is tried once more and stays pending.
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 2, delivered: 1, retrying: 1 });
    expect(Object.fromEntries(await outbox())).toEqual({
      evt_delivered: { state: 'delivered', attempts: 2 },
      evt_failed: { state: 'failed', attempts: 1 },
      evt_pending: { state: 'pending', attempts: 3 },
      mail_sent: { state: 'delivered', attempts: 1 },
      evt_recent: { state: 'delivered', attempts: 1 },
    });

    // (The dev mailbox stamps messages with the real clock, so its share is not asserted here.)
    clock.ms = t0 + 31 * DAY_MS;
    expect(await pruneDeliveries(rt.deps, { nowMs: clock.nowMs() })).toMatchObject({
      outboxRows: 3,
      attempts: 4,
      more: false,
    });
    expect(Object.fromEntries(await outbox())).toEqual({
      evt_pending: { state: 'pending', attempts: 3 },
      evt_recent: { state: 'delivered', attempts: 1 },
    });
    // Nothing more to do.
    expect(await pruneDeliveries(rt.deps, { nowMs: clock.nowMs() })).toMatchObject({
      outboxRows: 0,
      attempts: 0,
    });

    // However old, a pending row stays; the once-recent row goes when its turn comes.
    clock.ms = t0 + 400 * DAY_MS;
    expect(await pruneDeliveries(rt.deps, { nowMs: clock.nowMs() })).toMatchObject({
      outboxRows: 1,
      attempts: 1,
    });
    expect(Object.fromEntries(await outbox())).toEqual({
      evt_pending: { state: 'pending', attempts: 3 },
    });

    // The delivery log no longer lists them, and a redelivery of one is an ordinary 404.
    const list = await listDeliveries(rt.deps, alice.id, 100);
    expect(list.ok && list.value.map((d) => d.deliveryId)).toEqual(['evt_pending']);
    for (const id of ['evt_delivered', 'evt_failed', 'evt_recent']) {
      const res = await redeliver(id);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: false, success: false, code: 'not_found' });
    }
    expect((await redeliver('evt_pending')).statusCode).toBe(200);
  });

  it('measures age from the last change: a recent final attempt or delivery keeps an old row', async () => {
    await webhook('/again', 'evt_redelivered');
    receiver.respond('/again', (_req, n) => ({ status: n === 1 ? 400 : 200 }));
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, failed: 1 });
    // Enqueued long ago and attempted only now (say the service was down): its only attempt is recent.
    await webhook('/refused', 'evt_late');

    clock.ms = t0 + 31 * DAY_MS;
    expect((await redeliver('evt_redelivered')).statusCode).toBe(200);
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 2, delivered: 1, failed: 1 });
    expect(await pruneDeliveries(rt.deps, { nowMs: clock.nowMs() })).toMatchObject({ outboxRows: 0 });
    expect(Object.fromEntries(await outbox())).toEqual({
      evt_redelivered: { state: 'delivered', attempts: 2 },
      evt_late: { state: 'failed', attempts: 1 },
    });

    clock.ms = t0 + 62 * DAY_MS;
    expect(await pruneDeliveries(rt.deps, { nowMs: clock.nowMs() })).toMatchObject({
      outboxRows: 2,
      attempts: 3,
    });
    expect((await outbox()).size).toBe(0);
  });

  it('deletes in bounded batches: what exceeds a round’s budget goes in the next round', async () => {
    const old = t0 - 100 * DAY_MS;
    await insertFinished('evt_old_delivered', 13, old, 'delivered', 2);
    await insertFinished('evt_old_failed', 12, old, 'failed', 2);
    await insertFinished('evt_new', 3, t0 - DAY_MS, 'delivered', 1);
    await insertMail('mail_old', 6, t0 - 8 * DAY_MS);
    await insertMail('mail_new', 2, t0 - 6 * DAY_MS);
    const limits = { nowMs: t0, batchRows: 4, maxBatches: 3 };

    // A backlog of the outbox uses the whole budget; the mailbox waits its turn.
    expect(await pruneDeliveries(rt.deps, limits)).toEqual({
      outboxRows: 12,
      attempts: 24,
      mailboxMessages: 0,
      batches: 3,
      more: true,
    });
    expect((await outbox()).size).toBe(28 - 12);
    expect(await mailbox()).toHaveLength(8);
    expect(await pruneDeliveries(rt.deps, limits)).toEqual({
      outboxRows: 12,
      attempts: 24,
      mailboxMessages: 0,
      batches: 3,
      more: true,
    });
    // One outbox batch finds the last old row; two mailbox batches take the 6 old messages.
    expect(await pruneDeliveries(rt.deps, limits)).toEqual({
      outboxRows: 1,
      attempts: 2,
      mailboxMessages: 6,
      batches: 3,
      more: false,
    });
    expect([...(await outbox()).keys()].sort()).toEqual(['evt_new_0', 'evt_new_1', 'evt_new_2']);
    expect(await mailbox()).toEqual(['mail_new_0', 'mail_new_1']);
    expect(await pruneDeliveries(rt.deps, limits)).toEqual({
      outboxRows: 0,
      attempts: 0,
      mailboxMessages: 0,
      batches: 2,
      more: false,
    });
  });

  it('two rounds at once (two processes) delete each old row once', async () => {
    await insertFinished('evt_old', 1000, t0 - 100 * DAY_MS, 'delivered', 1);
    const limits = { nowMs: t0, batchRows: 50, maxBatches: 20 };
    const [a, b] = await Promise.all([pruneDeliveries(rt.deps, limits), pruneDeliveries(rt.deps, limits)]);
    expect(a.outboxRows + b.outboxRows).toBe(1000);
    expect(a.attempts + b.attempts).toBe(1000);
    expect((await outbox()).size).toBe(0);
  });

  it('stops between batches once shutdown begins', async () => {
    await insertFinished('evt_old', 10, t0 - 100 * DAY_MS, 'failed', 1);
    const controller = new AbortController();
    controller.abort();
    expect(
      await pruneDeliveries(rt.deps, { nowMs: t0, batchRows: 4, signal: controller.signal }),
    ).toMatchObject({ outboxRows: 0, batches: 0, more: true });
    expect((await outbox()).size).toBe(10);
  });

  it('the job logs one line per round that deleted something, and comes back sooner after a full round', async () => {
    const lines: Array<{ obj: object; msg: string | undefined }> = [];
    const log = { ...rt.deps.log, info: (obj: object, msg?: string) => lines.push({ obj, msg }) };
    const deps: AppDeps = { ...rt.deps, log };

    // Default limits: 20 batches of 500 rows per round.
    await insertFinished('evt_many', 10_001, t0 - 31 * DAY_MS, 'delivered');
    await insertMail('mail_old', 3, t0 - 8 * DAY_MS);
    expect(await outboxRetentionJob.run(deps, never)).toBe(OUTBOX_RETENTION_BACKLOG_DELAY_MS);
    expect(lines).toEqual([
      {
        obj: expect.objectContaining({ outboxRows: 10_000, attempts: 0, mailboxMessages: 0, more: true }),
        msg: expect.any(String),
      },
    ]);

    expect(await outboxRetentionJob.run(deps, never)).toBe(OUTBOX_RETENTION_INTERVAL_MS);
    expect(lines).toHaveLength(2);
    expect(lines[1]?.obj).toMatchObject({ outboxRows: 1, mailboxMessages: 3, more: false });

    // Idle rounds log nothing.
    expect(await outboxRetentionJob.run(deps, never)).toBe(OUTBOX_RETENTION_INTERVAL_MS);
    expect(lines).toHaveLength(2);
    expect((await outbox()).size).toBe(0);
  });
});
