import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/app/deps.ts';
import type { HookPart } from '../../src/app/hooks.ts';
import { composeEmail } from '../../src/app/mail/compose-email.ts';
import { listMailbox } from '../../src/app/mail/list-mailbox.ts';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { enqueueEmail } from '../../src/app/outbox/enqueue.ts';
import { emailStatusOf } from '../../src/app/outbox/status-sinks.ts';
import { loadConfig } from '../../src/config/index.ts';
import { buildApp } from '../../src/http/app.ts';
import { openRuntime } from '../../src/main.ts';
import { DIALECTS, freshDatabase, ManualClock, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { SMTP_USER, startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts';

// Stands for a voucher's email_status: the sink maps each attempt's outcome to the API's value.
const testHooks: HookPart = {
  deliveryStatus: {
    mail_test_item: async (trx, targetId, report) => {
      await sql`update mail_test_items set email_status = ${emailStatusOf(report)} where id = ${targetId}`.execute(
        trx,
      );
    },
  },
};

async function setUpItems(deps: AppDeps): Promise<void> {
  await sql`create table mail_test_items (id text primary key, email_status text not null)`.execute(
    deps.db.read,
  );
}

async function emailStatus(deps: AppDeps, id: string): Promise<string | undefined> {
  const r = await sql<{
    email_status: string;
  }>`select email_status from mail_test_items where id = ${id}`.execute(deps.db.read);
  return r.rows[0]?.email_status;
}

let seq = 0;
/** What a producer does: its row says `pending` and the message is queued, in one write unit. */
async function produce(
  deps: AppDeps,
  to: string,
  subject = 'Your voucher',
): Promise<{ eventId: string; itemId: string }> {
  seq += 1;
  const eventId = `mail_${process.pid}_${seq}`;
  const itemId = `item_${seq}`;
  const content = composeEmail({
    heading: 'You received a voucher',
    paragraphs: ['Someone sent you 0.0001 BTC.'],
    link: { url: `https://paytag.test/v/${seq}`, label: 'Redeem' },
  });
  await deps.db.write(async (trx) => {
    await sql`insert into mail_test_items (id, email_status) values (${itemId}, 'pending')`.execute(trx);
    await enqueueEmail(
      trx,
      {
        accountId: null,
        to,
        subject,
        ...content,
        type: 'voucher',
        eventId,
        target: { kind: 'mail_test_item', id: itemId },
      },
      deps.clock.nowMs(),
    );
  });
  return { eventId, itemId };
}

const never = new AbortController().signal;

describe.each(DIALECTS)('e-mail over SMTP on %s', (dialect) => {
  let smtp: TestSmtpServer;
  let rt: TestRuntime;
  let clock: ManualClock;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    clock = new ManualClock();
    rt = await testRuntime(
      dialect,
      { SMTP_URL: smtp.url, MAIL_FROM: 'Paytag <no-reply@paytag.test>' },
      { clock, hooks: [testHooks] },
    );
    await setUpItems(rt.deps);
  });
  afterAll(async () => {
    await rt?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.setPolicy(() => 'accept');
  });

  it('sends a text and an HTML part through the server; email_status goes pending → success', async () => {
    expect(rt.deps.mailer.kind).toBe('smtp');
    const before = smtp.messages.length;
    const { eventId, itemId } = await produce(rt.deps, 'Carol@Example.com');
    expect(await emailStatus(rt.deps, itemId)).toBe('pending');

    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, delivered: 1 });
    expect(await emailStatus(rt.deps, itemId)).toBe('success');
    const m = smtp.messages[before];
    expect(m).toMatchObject({ from: 'no-reply@paytag.test', to: ['Carol@example.com'], user: SMTP_USER });
    expect(m?.raw).toMatch(/^Subject: Your voucher\r?$/m);
    expect(m?.raw).toMatch(/^From: Paytag <no-reply@paytag\.test>\r?$/m);
    expect(m?.raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(m?.raw).toMatch(/Content-Type: text\/plain/);
    expect(m?.raw).toMatch(/Content-Type: text\/html/);
    expect(m?.raw).toContain(`Message-ID: <${eventId}@paytag.test>`);
    expect(m?.raw).not.toMatch(/<img/i);

    const row = await rt.deps.db.read
      .selectFrom('outbox')
      .selectAll()
      .where('event_id', '=', eventId)
      .executeTakeFirst();
    expect(row).toMatchObject({ state: 'delivered', last_status: 250n });
  });

  it('a permanent refusal (550) is not retried and email_status returns to undefined', async () => {
    smtp.setPolicy(() => 550);
    const before = smtp.messages.length;
    const { eventId, itemId } = await produce(rt.deps, 'nobody@example.com');
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, failed: 1 });
    expect(await emailStatus(rt.deps, itemId)).toBe('undefined');
    expect(smtp.messages.length).toBe(before);

    const row = await rt.deps.db.read
      .selectFrom('outbox')
      .selectAll()
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'failed', attempts: 1n, last_status: 550n });
    const attempts = await rt.deps.db.read
      .selectFrom('outbox_attempts')
      .selectAll()
      .where('outbox_id', '=', row.id)
      .execute();
    expect(attempts).toHaveLength(1);
    expect(attempts[0]).toMatchObject({ outcome: 'failed', status: 550n });
    expect(attempts[0]?.error).toMatch(/recipient refused/);

    smtp.setPolicy(() => 'accept');
    clock.advance(48 * 3600_000);
    await dispatchDue(rt.deps, never);
    expect(smtp.messages.length).toBe(before);
  });

  it('a temporary refusal (451) keeps email_status pending and succeeds on the retry', async () => {
    smtp.setPolicy((_a, n) => (n === 1 ? 451 : 'accept'));
    const before = smtp.messages.length;
    const { itemId } = await produce(rt.deps, 'dave@example.com');
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await emailStatus(rt.deps, itemId)).toBe('pending');
    clock.advance(5_000);
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, delivered: 1 });
    expect(await emailStatus(rt.deps, itemId)).toBe('success');
    expect(smtp.messages.length).toBe(before + 1);
  });
});

describe.each(DIALECTS)('e-mail with the SMTP server unreachable on %s', (dialect) => {
  let rt: TestRuntime;
  let clock: ManualClock;
  beforeAll(async () => {
    // A port that was just free: connections are refused.
    const gone = await startSmtpServer();
    await gone.close();
    clock = new ManualClock();
    rt = await testRuntime(
      dialect,
      { SMTP_URL: gone.url, MAIL_TIMEOUT_MS: '2000' },
      { clock, hooks: [testHooks] },
    );
    await setUpItems(rt.deps);
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('stays pending through the retries, then returns to undefined with the failure recorded', async () => {
    const { eventId, itemId } = await produce(rt.deps, 'erin@example.com');
    for (let attempt = 1; attempt <= 10; attempt++) {
      await dispatchDue(rt.deps, never);
      expect(await emailStatus(rt.deps, itemId)).toBe(attempt < 10 ? 'pending' : 'undefined');
      clock.advance(13 * 3600_000);
    }
    const row = await rt.deps.db.read
      .selectFrom('outbox')
      .selectAll()
      .where('event_id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'failed', attempts: 10n, last_status: null });
    expect(row.last_error).toMatch(/gave up after 10 attempts: .*ECONNREFUSED/);
  });
});

describe.each(DIALECTS)('the dev mailbox on %s', (dialect) => {
  it('keeps messages in the database, logs them, and shows them at /sandbox/v1/mailbox', async () => {
    const db = await freshDatabase(dialect);
    const logged: Array<{ obj: object; msg?: string }> = [];
    const log = {
      info: (obj: object, msg?: string) => logged.push({ obj, ...(msg === undefined ? {} : { msg }) }),
      warn() {},
      error() {},
      debug() {},
    };
    const config = loadConfig({ DATABASE_URL: db.url, LOG_LEVEL: 'silent', RATE_LIMIT_ENABLED: 'false' });
    const runtime = await openRuntime(config, log, { hooks: [testHooks] });
    const app = await buildApp(runtime.deps);
    try {
      const deps = runtime.deps;
      expect(deps.mailer.kind).toBe('dev');
      await setUpItems(deps);
      const { itemId } = await produce(deps, 'Frank@Example.com', 'Your code');
      expect(await dispatchDue(deps, never)).toMatchObject({ delivered: 1 });
      expect(await emailStatus(deps, itemId)).toBe('success');

      const list = await listMailbox(deps, { to: 'frank@example.com' });
      expect(list).toMatchObject({ ok: true, value: [{ to: 'frank@example.com', subject: 'Your code' }] });
      expect(logged.some((l) => l.msg === 'dev mailbox: message stored')).toBe(true);

      const res = await app.inject({ method: 'GET', url: '/sandbox/v1/mailbox?to=frank@example.com' });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ status: true, data: [{ to: 'frank@example.com', subject: 'Your code' }] });
      expect(body.data[0].text).toContain('Someone sent you 0.0001 BTC.');
      expect(body.data[0].html).toContain('<a href="https://paytag.test/v/');
      const other = await app.inject({ method: 'GET', url: '/sandbox/v1/mailbox?to=nobody@example.com' });
      expect(other.json().data).toEqual([]);
      const missing = await app.inject({ method: 'GET', url: '/sandbox/v1/mailbox' });
      expect(missing.statusCode).toBe(400);
    } finally {
      await app.close();
      await runtime.close();
      await db.drop();
    }
  });
});
