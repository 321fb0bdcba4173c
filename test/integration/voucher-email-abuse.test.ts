import type { LightMyRequestResponse } from 'fastify';
import { parseDocument } from 'htmlparser2';
import LinkifyIt from 'linkify-it';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { voucherEmail } from '../../src/app/vouchers/voucher-email.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { startSmtpServer, type TestSmtpServer } from '../fixtures/smtp.ts';

// Voucher e-mails cannot be used as a free relay: none goes out for a voucher that no longer pays, an
// issuing account can have only so many sent, and what the issuer writes (from, title) is never a link.

const never = new AbortController().signal;
/** Finds links the way mail clients do: scheme URLs, www. and bare domains, e-mail addresses. */
const linkify = new LinkifyIt();
const linksIn = (text: string): string[] => (linkify.match(text) ?? []).map((m) => m.url);

interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  data?: string;
  children?: Node[];
}
function walk(n: Node, visit: (n: Node) => void): void {
  visit(n);
  for (const c of n.children ?? []) walk(c, visit);
}
function textOf(n: Node | undefined): string {
  if (n === undefined) return '';
  const out: string[] = [];
  walk(n, (x) => {
    if (x.type === 'text') out.push(x.data ?? '');
  });
  return out.join('');
}

describe.each(DIALECTS)('voucher e-mails cannot be abused on %s', (dialect) => {
  let smtp: TestSmtpServer;
  let rt: TestRuntime;
  let issuer: TestAccount;
  let other: TestAccount;
  const clock = new ManualClock();
  const perAccount = 4;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    rt = await testRuntime(
      dialect,
      {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'Paytag <no-reply@paytag.test>',
        RATE_LIMIT_ENABLED: 'true',
        MAIL_PER_ACCOUNT_PER_HOUR: String(perAccount),
      },
      { clock },
    );
    other = await makeAccount(rt.deps);
  });
  beforeEach(async () => {
    // A new issuer per test: each starts with its whole e-mail allowance.
    issuer = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
  });
  afterAll(async () => {
    await rt?.close();
    await smtp?.close();
  });

  const call = (path: string, key: string, body: Record<string, unknown>): Promise<LightMyRequestResponse> =>
    rt.app.inject({ method: 'POST', url: `/lapi/v1/${path}`, headers: { 'x-api-key': key }, payload: body });
  const get = async (path: string, key: string) => {
    const res = await rt.app.inject({
      method: 'GET',
      url: `/lapi/v1/${path}`,
      headers: { 'x-api-key': key },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };
  const request = async (to: string, extra: Record<string, unknown> = {}) => {
    const res = await call('requestVoucher', issuer.adminKey, {
      amount: '0.00000001',
      voucher_count: 1,
      receiver_email: to,
      ...extra,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as {
      tid: string;
      voucher_urls: Array<{ voucher_code: string; voucher_url: string }>;
    };
  };
  const emailOf = async (tid: string) => {
    const list = (await get('webhooks/deliveries?limit=100', issuer.adminKey)) as Array<{
      delivery_id: string;
      channel: string;
      state: string;
      attempts: number;
      last_status: number | null;
      last_error: string | null;
    }>;
    return list.find((d) => d.channel === 'email' && d.delivery_id === `voucher.email.${tid}`);
  };

  it('no e-mail goes out for a voucher revoked before its first attempt; it is recorded as not sent', async () => {
    const sent = smtp.messages.length;
    const v = await request('victim@example.com', {
      from: 'Your Bank Security Team',
      title: 'Account locked',
    });
    const revoke = await call('revokeVoucher', issuer.adminKey, { tid: v.tid });
    expect(revoke.statusCode, revoke.body).toBe(200);

    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, failed: 1, delivered: 0 });
    expect(smtp.messages.length).toBe(sent);
    expect(await emailOf(v.tid)).toMatchObject({
      state: 'failed',
      attempts: 0,
      last_status: null,
      last_error: 'not sent: these vouchers were revoked by their issuer',
    });
    expect((await get(`checkVoucher?tid=${v.tid}`, issuer.adminKey)).email_status).toBe('undefined');
    // Nothing is left to send later either.
    clock.advance(24 * 3600_000);
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 0 });
    expect(smtp.messages.length).toBe(sent);
  });

  it('no e-mail goes out for a voucher redeemed before its first attempt', async () => {
    const sent = smtp.messages.length;
    const v = await request('quick@example.com');
    const code = (await get(`checkVoucher?tid=${v.tid}`, issuer.adminKey)).voucher_urls[0].voucher_code;
    const redeem = await call('redeemVoucher', other.invoiceKey, {
      voucher_code: code,
      redeem_mode: 'usertag',
      redeem_to: other.usertag,
    });
    expect(redeem.statusCode, redeem.body).toBe(200);
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1, failed: 1 });
    expect(smtp.messages.length).toBe(sent);
    expect(await emailOf(v.tid)).toMatchObject({
      state: 'failed',
      attempts: 0,
      last_error: 'not sent: every voucher of this batch has been redeemed',
    });
  });

  it('e-mails per issuing account are capped: beyond it 429 with Retry-After, and nothing moves', async () => {
    for (let i = 0; i < perAccount; i++) await request(`r${i}.${issuer.usertag}@example.com`);
    const before = await get('wallet', issuer.adminKey);
    const batches = await rt.deps.db.read
      .selectFrom('voucher_batches')
      .select('id')
      .where('account_id', '=', issuer.id)
      .execute();
    const rows = await rt.deps.db.read.selectFrom('outbox').select('id').execute();

    const res = await call('requestVoucher', issuer.adminKey, {
      amount: '0.00000001',
      voucher_count: 1,
      receiver_email: `one-more.${issuer.usertag}@example.com`,
    });
    expect(res.statusCode, res.body).toBe(429);
    expect(res.json()).toMatchObject({ code: 'rate_limited', field: 'receiver_email' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await get('wallet', issuer.adminKey)).toEqual(before);
    expect(
      await rt.deps.db.read
        .selectFrom('voucher_batches')
        .select('id')
        .where('account_id', '=', issuer.id)
        .execute(),
    ).toHaveLength(batches.length);
    expect(await rt.deps.db.read.selectFrom('outbox').select('id').execute()).toHaveLength(rows.length);

    // Vouchers without an e-mail are not limited by it; another account has its own allowance.
    const plain = await call('requestVoucher', issuer.adminKey, { amount: '0.00000001', voucher_count: 1 });
    expect(plain.statusCode, plain.body).toBe(200);
    // An hour later the issuer may send again.
    clock.advance(3600_000);
    await request(`later.${issuer.usertag}@example.com`);
  });

  it('links in from and title are plain text in the received e-mail: the only link is the voucher', async () => {
    const v = await request('reader@example.com', {
      from: 'Your Bank Security Team <security@evil.example> https://evil.example',
      title:
        'Account locked: verify at https://evil.example/login within 24h, or www.evil.example, ' +
        'evil.example/reset, HTTP://EVIL.EXAMPLE, ftp://evil.example/x, evil\u3002example/y, ' +
        'mail help@evil.example <a href="https://evil.example">here</a>',
    });
    await dispatchDue(rt.deps, never);
    const received = smtp.messages.filter((m) => m.to.includes('reader@example.com'));
    expect(received).toHaveLength(1);
    const parsed = await simpleParser(received[0]?.raw ?? '');
    const voucherUrl = v.voucher_urls[0]?.voucher_url ?? '';
    expect(voucherUrl).toMatch(/^http:\/\/paytag\.test\//);

    // The text part: the words are there, readable, but nothing in them is a link.
    const text = parsed.text ?? '';
    expect(text).toContain('Your Bank Security Team');
    expect(text).toContain('Account locked: verify at');
    expect(new Set(linksIn(text))).toEqual(new Set([voucherUrl]));
    expect(linksIn(parsed.subject ?? '')).toEqual([]);

    // The HTML part: one anchor, to the voucher; its text has no link either.
    const html = typeof parsed.html === 'string' ? parsed.html : '';
    const doc = parseDocument(html) as unknown as Node;
    const hrefs: string[] = [];
    const texts: string[] = [];
    walk(doc, (n) => {
      if (n.type === 'tag' && n.name === 'a') hrefs.push(n.attribs?.href ?? '');
      if (n.type === 'text') texts.push(n.data ?? '');
    });
    expect(hrefs).toEqual([voucherUrl]);
    expect(new Set(linksIn(texts.join('\n')))).toEqual(new Set([voucherUrl]));
    expect(texts.join('')).toContain('Your Bank Security Team');
  });

  it('the voucher e-mail puts the QR code and the small print inside the card, composed without slicing markup', () => {
    const m = voucherEmail({
      amountMsat: 1000n,
      from: null,
      title: null,
      voucherUrl: 'http://paytag.test/voucher/redeem/abc',
      lnurl: 'LNURL1DP68GURN8GHJ7',
      expiresAt: new Date(Date.UTC(2027, 0, 1)),
    });
    const doc = parseDocument(m.html) as unknown as Node;
    // The card is the one div; the QR table and the small print are its last children, in that order.
    const divs: Node[] = [];
    walk(doc, (n) => {
      if (n.type === 'tag' && n.name === 'div') divs.push(n);
    });
    expect(divs).toHaveLength(1);
    const kids = (divs[0]?.children ?? []).filter((n) => n.type === 'tag');
    expect(kids.at(-2)?.name).toBe('table');
    expect(kids.at(-1)?.name).toBe('p');
    expect(textOf(kids.at(-1))).toContain('Anyone with this link or QR code');
    expect(m.text).toMatch(/\n\nLNURL \(for Lightning wallets\): LNURL1DP68GURN8GHJ7\n\n--\nAnyone with/);
  });
});
