import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { publicHostCheck } from '../../src/adapters/http-out/safe-fetch.ts';
import type { AppDeps } from '../../src/app/deps.ts';
import type { HookPart } from '../../src/app/hooks.ts';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { enqueueWebhook } from '../../src/app/outbox/enqueue.ts';
import type { DeliveryReport } from '../../src/app/outbox/status-sinks.ts';
import { listDeliveries } from '../../src/app/webhooks/list-deliveries.ts';
import { redeliver } from '../../src/app/webhooks/redeliver.ts';
import { rotateWebhookSecret } from '../../src/app/webhooks/rotate-webhook-secret.ts';
import { showWebhookSecret } from '../../src/app/webhooks/show-webhook-secret.ts';
import { validateCallbackUrl } from '../../src/app/webhooks/validate-callback-url.ts';
import { verifyWebhook } from '../../src/domain/webhooks.ts';
import { textOrEmpty } from '../../src/http/wire/text.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';

// A target kind of this test's own, standing for payments.callback_status: the sink writes the status
// of the latest answered attempt into a table, in the same unit that records the attempt.
const reports: Array<{ targetId: string; report: DeliveryReport }> = [];
const testHooks: HookPart = {
  deliveryStatus: {
    webhook_test_item: async (trx, targetId, report) => {
      reports.push({ targetId, report });
      if (report.status === null) return;
      await sql`update webhook_test_items set callback_status = ${report.status} where id = ${targetId}`.execute(
        trx,
      );
    },
  },
};

async function callbackStatus(deps: AppDeps, id: string): Promise<number | null> {
  const r = await sql<{ callback_status: bigint | number | null }>`
    select callback_status from webhook_test_items where id = ${id}`.execute(deps.db.read);
  const v = r.rows[0]?.callback_status;
  return v === null || v === undefined ? null : Number(v);
}

const never = new AbortController().signal;

describe.each(DIALECTS)('webhook delivery on %s', (dialect) => {
  let rt: TestRuntime;
  let clock: ManualClock;
  let receiver: WebhookReceiver;
  let alice: TestAccount;
  let secret: string;
  let seq = 0;

  beforeAll(async () => {
    clock = new ManualClock();
    rt = await testRuntime(dialect, { WEBHOOK_TIMEOUT_MS: '500' }, { clock, hooks: [testHooks] });
    receiver = await startWebhookReceiver();
    alice = await makeAccount(rt.deps);
    const s = await showWebhookSecret(rt.deps, alice.usertag);
    if (!s.ok) throw new Error(s.error.message);
    secret = s.value.secret;
    await sql`create table webhook_test_items (id text primary key, callback_status integer)`.execute(
      rt.deps.db.read,
    );
  });
  afterAll(async () => {
    await receiver?.close();
    await rt?.close();
  });
  beforeEach(() => {
    reports.length = 0;
  });

  /** Commits one event and its target row, as a producer's write unit would. */
  async function produce(path: string, body: Record<string, unknown>, account = alice): Promise<string> {
    seq += 1;
    const eventId = `evt_${dialect}_${seq}`;
    const itemId = `item_${seq}`;
    await rt.deps.db.write(async (trx) => {
      await sql`insert into webhook_test_items (id) values (${itemId})`.execute(trx);
      await enqueueWebhook(
        trx,
        {
          accountId: account.id,
          url: receiver.url(path),
          type: 'payment.paid',
          body,
          eventId,
          target: { kind: 'webhook_test_item', id: itemId },
        },
        clock.nowMs(),
      );
    });
    return eventId;
  }

  const itemOf = (eventId: string) => `item_${eventId.split('_').pop()}`;
  const requestsTo = (path: string) => receiver.requests.filter((r) => r.path === path);

  it('POSTs the stored body exactly, signed per Standard Webhooks, and records callback_status', async () => {
    const body = { tid: 'k3v9x2m1q8w7e6r5', status: 'paid', amount: 0.00012345 };
    const id = await produce('/signed', body);
    expect(await callbackStatus(rt.deps, itemOf(id))).toBeNull();

    const round = await dispatchDue(rt.deps, never);
    expect(round).toMatchObject({ claimed: 1, delivered: 1 });
    const [req] = requestsTo('/signed');
    expect(req).toBeDefined();
    if (req === undefined) return;
    expect(req.method).toBe('POST');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.rawBody.toString('utf8')).toBe(
      '{"tid":"k3v9x2m1q8w7e6r5","status":"paid","amount":0.00012345}',
    );
    expect(JSON.parse(req.rawBody.toString('utf8')).amount).toBe(0.00012345);
    expect(req.headers['webhook-id']).toBe(id);
    expect(req.headers['webhook-timestamp']).toBe(String(Math.floor(clock.nowMs() / 1000)));

    // With the exported helper, as a receiver would.
    const verified = verifyWebhook(secret, req.headers as Record<string, string>, req.rawBody, {
      nowSec: Math.floor(clock.nowMs() / 1000),
    });
    expect(verified).toMatchObject({ ok: true, id, payload: body });

    // Independently, from the scheme's definition.
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const signed = `${id}.${req.headers['webhook-timestamp']}.${req.rawBody.toString('utf8')}`;
    const expected = createHmac('sha256', key).update(signed).digest('base64');
    expect(String(req.headers['webhook-signature']).split(' ')).toContain(`v1,${expected}`);

    expect(await callbackStatus(rt.deps, itemOf(id))).toBe(200);
    expect(reports).toEqual([
      {
        targetId: itemOf(id),
        report: {
          channel: 'webhook',
          outcome: 'delivered',
          status: 200,
          attemptedAtMs: clock.nowMs(),
          error: null,
        },
      },
    ]);
    // Delivered rows are not sent again.
    clock.advance(3600_000);
    await dispatchDue(rt.deps, never);
    expect(requestsTo('/signed')).toHaveLength(1);
  });

  it('retries after a 500 with backoff, then succeeds with the same webhook-id and body', async () => {
    receiver.respond('/flaky', (_r, n) =>
      n === 1 ? { status: 500, body: 'database down' } : { status: 204 },
    );
    const id = await produce('/flaky', { tid: 'flaky', status: 'paid', amount: 1 });

    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await callbackStatus(rt.deps, itemOf(id))).toBe(500);
    expect(reports.at(-1)?.report).toMatchObject({ outcome: 'retrying', status: 500 });

    // Not due before the first backoff step (5 s) has passed.
    clock.advance(4_000);
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 0 });
    clock.advance(1_000);
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, delivered: 1 });

    const reqs = requestsTo('/flaky');
    expect(reqs).toHaveLength(2);
    expect(reqs.map((r) => r.headers['webhook-id'])).toEqual([id, id]);
    expect(reqs[0]?.rawBody.equals(reqs[1]?.rawBody ?? Buffer.alloc(0))).toBe(true);
    expect(await callbackStatus(rt.deps, itemOf(id))).toBe(204);

    const list = await listDeliveries(rt.deps, alice.id, 100);
    if (!list.ok) throw new Error(list.error.message);
    const d = list.value.find((x) => x.deliveryId === id);
    expect(d).toMatchObject({ state: 'delivered', attempts: 2, lastStatus: 204 });
    expect(d?.attemptLog.map((a) => [a.outcome, a.status])).toEqual([
      ['delivered', 204],
      ['retry', 500],
    ]);
    expect(d?.attemptLog[1]?.responseExcerpt).toBe('database down');
    expect(d?.attemptLog[1]?.error).toMatch(/HTTP 500/);
  });

  it('never retries a 400', async () => {
    receiver.respond('/bad', () => ({ status: 400, body: 'unknown tid' }));
    const id = await produce('/bad', { tid: 'bad' });
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, failed: 1 });
    expect(await callbackStatus(rt.deps, itemOf(id))).toBe(400);
    expect(reports.at(-1)?.report).toMatchObject({ outcome: 'failed', status: 400 });
    clock.advance(48 * 3600_000);
    await dispatchDue(rt.deps, never);
    expect(requestsTo('/bad')).toHaveLength(1);
  });

  it('does not follow a redirect: a 3xx is a failed delivery, never retried', async () => {
    receiver.respond('/moved', () => ({
      status: 302,
      headers: { location: receiver.url('/moved-here') },
    }));
    const id = await produce('/moved', { tid: 'moved' });
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, failed: 1 });
    expect(await callbackStatus(rt.deps, itemOf(id))).toBe(302);
    clock.advance(48 * 3600_000);
    await dispatchDue(rt.deps, never);
    expect(requestsTo('/moved')).toHaveLength(1);
    expect(requestsTo('/moved-here')).toHaveLength(0);
  });

  /** The answer excerpt kept with the (first) attempt of event `id`. */
  const excerptOf = async (id: string): Promise<string | null> =>
    (
      await rt.deps.db.read
        .selectFrom('outbox_attempts')
        .innerJoin('outbox', 'outbox.id', 'outbox_attempts.outbox_id')
        .select('outbox_attempts.response_excerpt')
        .where('outbox.event_id', '=', id)
        .executeTakeFirstOrThrow()
    ).response_excerpt;

  it('keeps at most 1,024 characters of the answer in the attempt record', async () => {
    receiver.respond('/chatty', () => ({ status: 200, body: 'x'.repeat(3000) }));
    const id = await produce('/chatty', { tid: 'chatty' });
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, delivered: 1 });
    const excerpt = await excerptOf(id);
    expect(excerpt?.length).toBeLessThanOrEqual(1025);
    expect(excerpt?.startsWith('x'.repeat(1000))).toBe(true);
  });

  it('records an answer holding NUL, which PostgreSQL text cannot hold, with U+FFFD in its place', async () => {
    receiver.respond('/binary', () => ({ status: 200, body: 'ok\u0000done\u0007' }));
    const id = await produce('/binary', { tid: 'binary' });
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, delivered: 1 });
    expect(await excerptOf(id)).toBe('ok\ufffddone\u0007');
  });

  it('retries timeouts and connection failures; callback_status is null when no answer came', async () => {
    receiver.respond('/slow', (_r, n) => (n === 1 ? 'hang' : { status: 200 }));
    const id = await produce('/slow', { tid: 'slow' });
    const r1 = await dispatchDue(rt.deps, never);
    expect(r1).toMatchObject({ claimed: 1, retrying: 1 });
    expect(await callbackStatus(rt.deps, itemOf(id))).toBeNull();
    expect(reports.at(-1)?.report).toMatchObject({
      outcome: 'retrying',
      status: null,
      error: expect.stringMatching(/timeout/),
    });
    clock.advance(5_000);
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ delivered: 1 });
    expect(await callbackStatus(rt.deps, itemOf(id))).toBe(200);
  });

  it('honours a longer Retry-After on 429', async () => {
    receiver.respond('/busy', (_r, n) =>
      n === 1 ? { status: 429, headers: { 'retry-after': '120' } } : { status: 200 },
    );
    await produce('/busy', { tid: 'busy' });
    await dispatchDue(rt.deps, never);
    clock.advance(60_000);
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 0 });
    clock.advance(60_000);
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ delivered: 1 });
  });

  it('gives up after ten attempts over about a day and keeps the last status', async () => {
    receiver.respond('/down', () => ({ status: 503 }));
    const id = await produce('/down', { tid: 'down' });
    for (let i = 0; i < 12; i++) {
      await dispatchDue(rt.deps, never);
      clock.advance(13 * 3600_000);
    }
    expect(requestsTo('/down')).toHaveLength(10);
    expect(await callbackStatus(rt.deps, itemOf(id))).toBe(503);
    expect(reports.at(-1)?.report).toMatchObject({ outcome: 'failed', status: 503 });
    const list = await listDeliveries(rt.deps, alice.id, 100);
    if (!list.ok) throw new Error(list.error.message);
    const d = list.value.find((x) => x.deliveryId === id);
    expect(d).toMatchObject({ state: 'failed', attempts: 10, nextAttemptAtMs: null });
    expect(d?.lastError).toMatch(/gave up after 10 attempts/);
  });

  it('redelivers on request with the same webhook-id and a fresh schedule', async () => {
    const id = await produce('/again', { tid: 'again' });
    await dispatchDue(rt.deps, never);
    expect(requestsTo('/again')).toHaveLength(1);

    const bob = await makeAccount(rt.deps);
    expect(await redeliver(rt.deps, bob.id, id)).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(await redeliver(rt.deps, alice.id, 'evt_nope')).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });

    const r = await redeliver(rt.deps, alice.id, id);
    expect(r).toMatchObject({ ok: true, value: { deliveryId: id } });
    await dispatchDue(rt.deps, never);
    const reqs = requestsTo('/again');
    expect(reqs).toHaveLength(2);
    expect(reqs[1]?.headers['webhook-id']).toBe(id);
    const list = await listDeliveries(rt.deps, alice.id, 100);
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value.find((x) => x.deliveryId === id)).toMatchObject({ state: 'delivered', attempts: 1 });
    expect(list.value.find((x) => x.deliveryId === id)?.attemptLog).toHaveLength(2);
  });

  it('refuses a redelivery while an attempt is in flight', async () => {
    receiver.respond('/inflight', () => 'hang');
    const id = await produce('/inflight', { tid: 'inflight' });
    const running = dispatchDue(rt.deps, never);
    await receiver.waitFor(receiver.requests.length + 1);
    expect(await redeliver(rt.deps, alice.id, id)).toMatchObject({
      ok: false,
      error: { code: 'state_conflict' },
    });
    await running;
  });

  it('signs with both secrets for a day after a rotation, then with the new one only', async () => {
    const rotated = await rotateWebhookSecret(rt.deps, alice.usertag);
    if (!rotated.ok) throw new Error(rotated.error.message);
    await produce('/rotated', { tid: 'rotated' });
    await dispatchDue(rt.deps, never);
    const [req] = requestsTo('/rotated');
    const nowSec = Math.floor(clock.nowMs() / 1000);
    expect(String(req?.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const s of [secret, rotated.value.secret]) {
      expect(
        verifyWebhook(s, req?.headers as Record<string, string>, req?.rawBody ?? '', { nowSec }).ok,
      ).toBe(true);
    }

    clock.advance(24 * 3600_000 + 1);
    await produce('/rotated', { tid: 'rotated-later' });
    await dispatchDue(rt.deps, never);
    const later = requestsTo('/rotated')[1];
    const laterSec = Math.floor(clock.nowMs() / 1000);
    expect(String(later?.headers['webhook-signature']).split(' ')).toHaveLength(1);
    const headers = later?.headers as Record<string, string>;
    expect(verifyWebhook(rotated.value.secret, headers, later?.rawBody ?? '', { nowSec: laterSec }).ok).toBe(
      true,
    );
    expect(verifyWebhook(secret, headers, later?.rawBody ?? '', { nowSec: laterSec }).ok).toBe(false);
    secret = rotated.value.secret;
  });
});

describe.each(DIALECTS)('SSRF guard on %s', (dialect) => {
  let rt: TestRuntime;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    rt = await testRuntime(dialect, { WEBHOOK_ALLOW_PRIVATE: 'false' }, { hooks: [testHooks] });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
    await rt?.close();
  });

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://[::1]/hook',
    'http://10.1.2.3/hook',
    'http://192.168.0.10/hook',
    'http://169.254.169.254/latest/meta-data/',
    'http://metadata.google.internal/',
    'ftp://example.com/hook',
    'gopher://example.com/',
  ])('refuses %s when the callback is submitted', async (url) => {
    const r = await validateCallbackUrl(rt.deps, url);
    expect(r).toMatchObject({ ok: false, error: { code: 'invalid_request', field: 'callback_url' } });
  });

  it('accepts public addresses, and private ones only when WEBHOOK_ALLOW_PRIVATE is set', async () => {
    const permissive = {
      ...rt.deps,
      config: { ...rt.deps.config, webhooks: { ...rt.deps.config.webhooks, allowPrivate: true } },
    };
    expect(await validateCallbackUrl(rt.deps, 'https://93.184.215.14/hook')).toEqual({
      ok: true,
      value: 'https://93.184.215.14/hook',
    });
    expect((await validateCallbackUrl(permissive, 'http://127.0.0.1:8080/hook')).ok).toBe(true);
    expect((await validateCallbackUrl(permissive, 'ftp://127.0.0.1/')).ok).toBe(false);
    expect((await validateCallbackUrl(permissive, textOrEmpty(42))).ok).toBe(false);
  });

  it('resolves a host name and refuses it when any of its addresses is not public', async () => {
    // A stand-in for DNS (the real resolver cannot be steered from here); the address rules are real.
    const zone: Record<string, string[]> = {
      'hooks.shop.example': ['93.184.215.14'],
      'internal.shop.example': ['10.0.0.5'],
      'split.shop.example': ['93.184.215.14', '192.168.1.9'],
      'v6.shop.example': ['fd00::1'],
      'empty.shop.example': [],
    };
    const lookup = async (host: string) => {
      if (host === 'slow.shop.example') return new Promise<never>(() => {});
      const found = zone[host];
      if (found === undefined) throw new Error('ENOTFOUND');
      return found.map((address) => ({ address, family: (address.includes(':') ? 6 : 4) as 4 | 6 }));
    };
    const deps = { ...rt.deps, checkPublicHost: publicHostCheck({ lookup, timeoutMs: 50 }) };
    const check = async (url: string) => {
      const r = await validateCallbackUrl(deps, url);
      return r.ok ? 'ok' : r.error.message;
    };
    expect(await check('https://hooks.shop.example/paid')).toBe('ok');
    expect(await check('https://hooks.shop.example./paid')).toBe('ok');
    // One answer for every refusal, so the words cannot tell which internal names exist or what they are.
    for (const host of ['internal', 'split', 'v6', 'empty', 'nowhere', 'slow']) {
      expect(await check(`https://${host}.shop.example/paid`)).toBe(
        `callback_url refused: ${host}.shop.example is not allowed or cannot be reached`,
      );
    }
  });

  it('refuses a loopback destination again at delivery time, without sending and without retrying', async () => {
    const alice = await makeAccount(rt.deps);
    await rt.deps.db.write((trx) =>
      enqueueWebhook(
        trx,
        {
          accountId: alice.id,
          url: receiver.url('/private'),
          type: 'payment.paid',
          body: { tid: 'x' },
          eventId: `evt_ssrf_${dialect}`,
          target: null,
        },
        rt.deps.clock.nowMs(),
      ),
    );
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, failed: 1 });
    expect(receiver.requests).toHaveLength(0);
    const list = await listDeliveries(rt.deps, alice.id, 10);
    if (!list.ok) throw new Error(list.error.message);
    expect(list.value[0]).toMatchObject({ state: 'failed', lastStatus: null });
    expect(list.value[0]?.lastError).toMatch(/blocked_address/);
  });
});
