import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../../src/app/deps.ts';
import { composeEmail } from '../../src/app/mail/compose-email.ts';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { enqueueEmail, enqueueWebhook } from '../../src/app/outbox/enqueue.ts';
import { enqueuePaidWebhook } from '../../src/app/payments/engine/movements.ts';
import type { Mailer } from '../../src/app/ports.ts';
import { MAIL_ERROR_SHOWN } from '../../src/app/webhooks/list-deliveries.ts';
import { EMAIL_REDELIVERY_COOLDOWN_MS } from '../../src/app/webhooks/redeliver.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';

// E-mails in the delivery log and their redelivery, end to end: vouchers sent to receiver_email through a
// real SMTP server, the HTTP routes, the dispatcher and the voucher batch's email_status.

const never = new AbortController().signal;

interface Delivery {
  delivery_id: string;
  channel: 'webhook' | 'email';
  event_type: string;
  url: string;
  state: string;
  attempts: number;
  last_status: number | null;
  attempt_log: Array<{ outcome: string; status: number | null }>;
}

const messageIdOf = (raw: string | undefined): string | undefined =>
  raw?.match(/^Message-ID: (<[^>\r\n]+>)\r?$/m)?.[1];

describe.each(DIALECTS)('e-mail deliveries in the delivery log on %s', (dialect) => {
  let smtp: TestSmtpServer;
  let receiver: WebhookReceiver;
  let rt: TestRuntime;
  let issuer: TestAccount;
  let other: TestAccount;
  const clock = new ManualClock();

  beforeAll(async () => {
    smtp = await startSmtpServer();
    receiver = await startWebhookReceiver();
    rt = await testRuntime(
      dialect,
      {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Paytag <no-reply@paytag.test>',
        SANDBOX_NODE_KEY: '22'.repeat(32),
      },
      { clock },
    );
    issuer = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    other = await makeAccount(rt.deps);
  });
  afterAll(async () => {
    await rt?.close();
    await receiver?.close();
    await smtp?.close();
  });
  beforeEach(() => {
    smtp.setPolicy(() => 'accept');
  });

  const call = (
    method: 'GET' | 'POST',
    path: string,
    key: string,
    body?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse> =>
    rt.app.inject({
      method,
      url: `/lapi/v1/${path}`,
      headers: { 'x-api-key': key },
      ...(body === undefined ? {} : { payload: body }),
    });
  const deliveries = async (key: string): Promise<Delivery[]> => {
    const res = await call('GET', 'webhooks/deliveries?limit=100', key);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const deliveryOf = async (key: string, id: string): Promise<Delivery | undefined> =>
    (await deliveries(key)).find((d) => d.delivery_id === id);
  const redeliver = (key: string, deliveryId: string) =>
    call('POST', 'webhooks/redeliver', key, { delivery_id: deliveryId });
  const checkVoucher = async (tid: string) => {
    const res = await call('GET', `checkVoucher?tid=${tid}`, issuer.adminKey);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      email_status: string;
      voucher_urls: Array<{ voucher_code: string; callback_status: number | null }>;
    };
  };
  /** A voucher batch of `owner` e-mailed to `to`: its tid and the e-mail's delivery id. */
  const voucherByEmail = async (owner: TestAccount, to: string) => {
    const res = await call('POST', 'requestVoucher', owner.adminKey, {
      amount: 0.0001,
      voucher_count: 1,
      receiver_email: to,
      from: 'Ann',
    });
    expect(res.statusCode, res.body).toBe(200);
    const tid: string = res.json().data.tid;
    expect(res.json().data.email_status).toBe('pending');
    const mine = (await deliveries(owner.adminKey)).filter((d) => d.channel === 'email');
    const delivery = mine.find((d) => d.url === `mailto:${to.toLowerCase()}` && d.state === 'pending');
    if (delivery === undefined) throw new Error('the voucher e-mail is not in the delivery log');
    return { tid, deliveryId: delivery.delivery_id };
  };

  it('a refused voucher e-mail is listed and, redelivered, goes out again with the same Message-ID', async () => {
    smtp.setPolicy(() => 550);
    const before = smtp.messages.length;
    const { tid, deliveryId } = await voucherByEmail(issuer, 'Friend@Example.com');
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, failed: 1 });
    expect((await checkVoucher(tid)).email_status).toBe('undefined');
    expect(smtp.messages.length).toBe(before);

    const failed = await deliveryOf(issuer.adminKey, deliveryId);
    expect(failed).toMatchObject({
      channel: 'email',
      event_type: 'voucher',
      url: 'mailto:friend@example.com',
      state: 'failed',
      attempts: 1,
      last_status: 550,
      // The SMTP server's own words stay with the operator; the account sees the reply code.
      last_error: MAIL_ERROR_SHOWN,
      next_attempt_at: null,
      delivered_at: null,
    });
    expect(failed?.attempt_log.map((a) => [a.outcome, a.status])).toEqual([['failed', 550]]);

    // An e-mail goes to a person: not again within ten minutes of the last attempt.
    const tooSoon = await redeliver(issuer.adminKey, deliveryId);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ code: 'rate_limited' });
    expect(tooSoon.headers['retry-after']).toBe(String(EMAIL_REDELIVERY_COOLDOWN_MS / 1000));
    clock.advance(EMAIL_REDELIVERY_COOLDOWN_MS - 1000);
    expect((await redeliver(issuer.adminKey, deliveryId)).headers['retry-after']).toBe('1');
    expect(await deliveryOf(issuer.adminKey, deliveryId)).toMatchObject({ state: 'failed' });
    clock.advance(1000);

    // The mailbox is fixed on the server's side; the issuer sends the e-mail again.
    smtp.setPolicy(() => 'accept');
    const res = await redeliver(issuer.adminKey, deliveryId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: true,
      message: 'redelivery scheduled',
      data: { delivery_id: deliveryId, state: 'pending', next_attempt_at: expect.any(Number) },
    });
    // email_status says pending at once, before any attempt.
    expect((await checkVoucher(tid)).email_status).toBe('pending');
    expect(await deliveryOf(issuer.adminKey, deliveryId)).toMatchObject({ state: 'pending', attempts: 0 });

    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, delivered: 1 });
    expect((await checkVoucher(tid)).email_status).toBe('success');
    expect(smtp.messages.length).toBe(before + 1);
    const first = smtp.messages[before];
    expect(first?.to).toEqual(['friend@example.com']);
    expect(messageIdOf(first?.raw)).toBe(`<${deliveryId}@paytag.test>`);
    const delivered = await deliveryOf(issuer.adminKey, deliveryId);
    expect(delivered).toMatchObject({ state: 'delivered', attempts: 1, last_status: 250, last_error: null });
    expect(delivered?.attempt_log.map((a) => [a.outcome, a.status])).toEqual([
      ['delivered', 250],
      ['failed', 550],
    ]);

    // A delivered e-mail can be sent again too: the same message, with the same Message-ID.
    clock.advance(EMAIL_REDELIVERY_COOLDOWN_MS);
    expect((await redeliver(issuer.adminKey, deliveryId)).statusCode).toBe(200);
    expect((await checkVoucher(tid)).email_status).toBe('pending');
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, delivered: 1 });
    expect((await checkVoucher(tid)).email_status).toBe('success');
    expect(smtp.messages.length).toBe(before + 2);
    const second = smtp.messages[before + 1];
    expect(second?.to).toEqual(['friend@example.com']);
    expect(messageIdOf(second?.raw)).toBe(messageIdOf(first?.raw));
    expect(second?.raw).toMatch(/^Subject: Ann sent you a Bitcoin voucher\r?$/m);
  });

  it('a redelivery refused again returns email_status to undefined', async () => {
    smtp.setPolicy(() => 550);
    const { tid, deliveryId } = await voucherByEmail(issuer, 'gone@example.com');
    await dispatchDue(rt.deps, never);
    clock.advance(EMAIL_REDELIVERY_COOLDOWN_MS);
    expect((await redeliver(issuer.adminKey, deliveryId)).statusCode).toBe(200);
    expect((await checkVoucher(tid)).email_status).toBe('pending');
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, failed: 1 });
    expect((await checkVoucher(tid)).email_status).toBe('undefined');
    expect(await deliveryOf(issuer.adminKey, deliveryId)).toMatchObject({
      state: 'failed',
      attempts: 1,
      last_status: 550,
    });
  });

  it('the e-mail of a voucher that was revoked or redeemed is not sent again', async () => {
    smtp.setPolicy(() => 550);
    const revoked = await voucherByEmail(issuer, 'late@example.com');
    const redeemed = await voucherByEmail(issuer, 'quick@example.com');
    await dispatchDue(rt.deps, never);
    smtp.setPolicy(() => 'accept');
    const sent = smtp.messages.length;

    const revoke = await call('POST', 'revokeVoucher', issuer.adminKey, { tid: revoked.tid });
    expect(revoke.statusCode, revoke.body).toBe(200);
    const code = (await checkVoucher(redeemed.tid)).voucher_urls[0]!.voucher_code;
    const redeem = await call('POST', 'redeemVoucher', other.invoiceKey, {
      voucher_code: code,
      redeem_mode: 'usertag',
      redeem_to: other.usertag,
    });
    expect(redeem.statusCode, redeem.body).toBe(200);

    clock.advance(EMAIL_REDELIVERY_COOLDOWN_MS);
    const a = await redeliver(issuer.adminKey, revoked.deliveryId);
    expect(a.statusCode).toBe(422);
    expect(a.json()).toMatchObject({
      code: 'voucher_revoked',
      message: 'the e-mail is not sent again: these vouchers were revoked by their issuer',
    });
    const b = await redeliver(issuer.adminKey, redeemed.deliveryId);
    expect(b.statusCode).toBe(409);
    expect(b.json()).toMatchObject({ code: 'voucher_already_redeemed' });
    // Nothing was scheduled: the e-mails stay failed and nothing goes out.
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 0 });
    expect(smtp.messages.length).toBe(sent);
    expect(await deliveryOf(issuer.adminKey, revoked.deliveryId)).toMatchObject({ state: 'failed' });
    expect((await checkVoucher(revoked.tid)).email_status).toBe('undefined');
  });

  it('another account cannot list or redeliver the e-mail (404); the invoice key gets 403', async () => {
    const { tid, deliveryId } = await voucherByEmail(issuer, 'carol@example.com');
    await dispatchDue(rt.deps, never);
    expect((await checkVoucher(tid)).email_status).toBe('success');
    const sent = smtp.messages.length;

    expect(await deliveries(other.adminKey)).toEqual([]);
    const foreign = await redeliver(other.adminKey, deliveryId);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ status: false, success: false, data: null, code: 'not_found' });

    expect((await call('GET', 'webhooks/deliveries', issuer.invoiceKey)).statusCode).toBe(403);
    expect((await redeliver(issuer.invoiceKey, deliveryId)).statusCode).toBe(403);

    // Nothing was scheduled by the refused requests.
    expect((await checkVoucher(tid)).email_status).toBe('success');
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 0 });
    expect(smtp.messages.length).toBe(sent);
  });

  it('an e-mail enqueued for no account is in no listing and cannot be redelivered', async () => {
    const eventId = `nobody_${dialect}`;
    await rt.deps.db.write((trx) =>
      enqueueEmail(
        trx,
        {
          accountId: null,
          to: 'dave@example.com',
          subject: 'Your code',
          ...composeEmail({ heading: 'Your code', paragraphs: ['Use it soon.'], code: '123456' }),
          type: 'otp',
          eventId,
          target: null,
        },
        rt.deps.clock.nowMs(),
      ),
    );
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, delivered: 1 });
    for (const a of [issuer, other]) {
      expect((await deliveries(a.adminKey)).map((d) => d.delivery_id)).not.toContain(eventId);
      expect((await redeliver(a.adminKey, eventId)).statusCode).toBe(404);
    }
  });

  it('lists webhooks and e-mails together, newest first, each with its channel', async () => {
    const carol = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    const webhookId = `evt_mixed_${dialect}`;
    await rt.deps.db.write((trx) =>
      enqueueWebhook(
        trx,
        {
          accountId: carol.id,
          url: receiver.url('/mixed'),
          type: 'payment.paid',
          body: { tid: 'mixed', status: 'paid', amount: 0.0001 },
          eventId: webhookId,
          target: null,
        },
        rt.deps.clock.nowMs(),
      ),
    );
    const { deliveryId } = await voucherByEmail(carol, 'erin@example.com');
    await dispatchDue(rt.deps, never);

    const list = await deliveries(carol.adminKey);
    expect(list.map((d) => [d.channel, d.delivery_id, d.url])).toEqual([
      ['email', deliveryId, 'mailto:erin@example.com'],
      ['webhook', webhookId, receiver.url('/mixed')],
    ]);
    expect(list.map((d) => d.state)).toEqual(['delivered', 'delivered']);
    expect(list[1]?.last_status).toBe(200);
    const one = await call('GET', 'webhooks/deliveries?limit=1', carol.adminKey);
    expect(one.json().data.map((d: Delivery) => d.delivery_id)).toEqual([deliveryId]);
  });

  it('refuses to redeliver an e-mail while its attempt is in flight (409)', async () => {
    const { tid, deliveryId } = await voucherByEmail(issuer, 'frank@example.com');
    // The real SMTP mailer, held back until the test lets the submission go.
    let entered!: () => void;
    const sending = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const mailer = rt.deps.mailer;
    const held: Mailer = {
      kind: mailer.kind,
      close: () => mailer.close(),
      send: async (mail, signal) => {
        entered();
        await released;
        return mailer.send(mail, signal);
      },
    };
    const deps: AppDeps = { ...rt.deps, mailer: held };
    const running = dispatchDue(deps, never);
    await sending;

    const busy = await redeliver(issuer.adminKey, deliveryId);
    expect(busy.statusCode).toBe(409);
    expect(busy.json()).toMatchObject({ code: 'state_conflict' });
    release();
    expect(await running).toMatchObject({ claimed: 1, delivered: 1 });
    expect((await checkVoucher(tid)).email_status).toBe('success');
    expect(await deliveryOf(issuer.adminKey, deliveryId)).toMatchObject({ state: 'delivered', attempts: 1 });
  });

  it('a webhook redelivery leaves callback_status of payments and vouchers at the last answer', async () => {
    receiver.respond('/pay-cb', (_r, n) => (n === 1 ? { status: 500 } : { status: 200 }));
    receiver.respond('/voucher-cb', (_r, n) => (n === 1 ? { status: 503 } : { status: 204 }));

    // A payment request and a voucher with callback URLs, whose webhooks report to their callback_status.
    const received = await call('POST', 'receive', issuer.invoiceKey, {
      amount: '0.0001',
      callback_url: receiver.url('/pay-cb'),
    });
    expect(received.statusCode, received.body).toBe(200);
    const payTid: string = received.json().data.tid;
    const payment = await rt.deps.db.read
      .selectFrom('payments')
      .select(['id', 'public_id', 'requester_account_id', 'callback_url', 'order_id', 'description'])
      .where('public_id', '=', payTid)
      .executeTakeFirstOrThrow();
    const created = await call('POST', 'requestVoucher', issuer.adminKey, {
      amount: 0.0001,
      voucher_count: 1,
      callback_url: receiver.url('/voucher-cb'),
    });
    expect(created.statusCode, created.body).toBe(200);
    const voucherTid: string = created.json().data.tid;
    const code = (await checkVoucher(voucherTid)).voucher_urls[0]?.voucher_code ?? '';
    const voucher = await rt.deps.db.read
      .selectFrom('vouchers')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const voucherEventId = `voucher.redeemed.test_${dialect}`;
    await rt.deps.db.write(async (trx) => {
      const nowMs = rt.deps.clock.nowMs();
      await enqueuePaidWebhook(trx, payment, 10_000_000n, nowMs);
      await enqueueWebhook(
        trx,
        {
          accountId: issuer.id,
          url: receiver.url('/voucher-cb'),
          type: 'voucher.redeemed',
          body: { tid: voucherTid, redeemed_by: other.usertag },
          eventId: voucherEventId,
          target: { kind: 'voucher', id: String(voucher.id) },
        },
        nowMs,
      );
    });
    const callbackStatuses = async () => [
      (await call('GET', `checkPayment?tid=${payTid}`, issuer.invoiceKey)).json().data.callback_status,
      (await checkVoucher(voucherTid)).voucher_urls[0]?.callback_status,
    ];

    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 2, retrying: 2 });
    expect(await callbackStatuses()).toEqual([500, 503]);

    for (const id of [`payment.paid.${payment.id}`, voucherEventId]) {
      expect((await redeliver(issuer.adminKey, id)).statusCode).toBe(200);
    }
    // Queued again, not answered yet: callback_status still shows the latest answer.
    expect(await callbackStatuses()).toEqual([500, 503]);

    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 2, delivered: 2 });
    expect(await callbackStatuses()).toEqual([200, 204]);
  });
});
