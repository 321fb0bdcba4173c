import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { composeEmail } from '../../src/app/mail/compose-email.ts';
import {
  classifyWebhookStatus,
  formatWebhookSecret,
  isForbiddenAddress,
  MAX_ATTEMPTS,
  parseCallbackUrl,
  RETRY_DELAYS_MS,
  retryAfterMs,
  retryDelayMs,
  signWebhook,
  verifyWebhook,
  webhookHeaders,
  webhookSecretKey,
} from '../../src/domain/webhooks.ts';

// The Standard Webhooks specification's published test vector.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestampSec: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

const vectorHeaders = (signature = VECTOR.signature, ts = String(VECTOR.timestampSec)) => ({
  'webhook-id': VECTOR.id,
  'webhook-timestamp': ts,
  'webhook-signature': signature,
});

describe('Standard Webhooks signatures', () => {
  it('reproduce the specification test vector', () => {
    expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestampSec, VECTOR.body)).toBe(VECTOR.signature);
  });

  it('are HMAC-SHA256 of "<id>.<timestamp>.<body>" keyed with the base64-decoded secret', () => {
    const secret = formatWebhookSecret(Buffer.alloc(32, 7));
    const sig = signWebhook(secret, 'evt_1', 1700000000, '{"a":1}');
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const expected = createHmac('sha256', key).update('evt_1.1700000000.{"a":1}').digest('base64');
    expect(sig).toBe(`v1,${expected}`);
  });

  it('verify the test vector within the tolerance window, by header object or Headers', () => {
    const r = verifyWebhook(VECTOR.secret, vectorHeaders(), VECTOR.body, {
      nowSec: VECTOR.timestampSec + 60,
    });
    expect(r).toEqual({
      ok: true,
      id: VECTOR.id,
      timestampSec: VECTOR.timestampSec,
      payload: { test: 2432232314 },
    });
    const h = new Headers(vectorHeaders());
    expect(
      verifyWebhook(VECTOR.secret, h, Buffer.from(VECTOR.body), { nowSec: VECTOR.timestampSec }).ok,
    ).toBe(true);
    // Receivers often paste the secret without its prefix.
    const bare = VECTOR.secret.slice('whsec_'.length);
    expect(verifyWebhook(bare, vectorHeaders(), VECTOR.body, { nowSec: VECTOR.timestampSec }).ok).toBe(true);
  });

  it('refuse a changed body, a wrong secret, a stale timestamp and missing headers', () => {
    const now = { nowSec: VECTOR.timestampSec };
    expect(verifyWebhook(VECTOR.secret, vectorHeaders(), '{"test": 2432232315}', now)).toMatchObject({
      ok: false,
    });
    const other = formatWebhookSecret(Buffer.alloc(24, 1));
    expect(verifyWebhook(other, vectorHeaders(), VECTOR.body, now)).toEqual({
      ok: false,
      reason: 'no signature matches',
    });
    expect(
      verifyWebhook(VECTOR.secret, vectorHeaders(), VECTOR.body, { nowSec: VECTOR.timestampSec + 301 }),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/tolerance/) });
    expect(verifyWebhook(VECTOR.secret, { 'webhook-id': VECTOR.id }, VECTOR.body, now)).toMatchObject({
      ok: false,
    });
    expect(verifyWebhook(VECTOR.secret, vectorHeaders('v2,abc'), VECTOR.body, now)).toMatchObject({
      ok: false,
    });
  });

  it('carry one signature per secret during a rotation, and either secret verifies', () => {
    const oldSecret = formatWebhookSecret(Buffer.alloc(24, 1));
    const newSecret = formatWebhookSecret(Buffer.alloc(32, 2));
    const h = webhookHeaders([newSecret, oldSecret], 'evt_9', 1700000000, '{}');
    expect(h['webhook-signature'].split(' ')).toHaveLength(2);
    for (const s of [oldSecret, newSecret]) {
      expect(verifyWebhook(s, h, '{}', { nowSec: 1700000000 }).ok).toBe(true);
    }
  });

  it('secrets are whsec_ plus base64 of 24 to 64 bytes', () => {
    expect(webhookSecretKey(VECTOR.secret)?.length).toBe(24);
    expect(webhookSecretKey('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBeNull();
    expect(webhookSecretKey('whsec_c2hvcnQ=')).toBeNull();
    expect(() => formatWebhookSecret(Buffer.alloc(8))).toThrow();
  });
});

describe('retry schedule', () => {
  it('waits 5 s, 30 s, 2 min, 10 min, 30 min, 1 h, 3 h, 6 h, 12 h: ten attempts in about a day', () => {
    expect(RETRY_DELAYS_MS.map((ms) => ms / 1000)).toEqual([
      5, 30, 120, 600, 1800, 3600, 10800, 21600, 43200,
    ]);
    expect(MAX_ATTEMPTS).toBe(10);
    expect(retryDelayMs(1)).toBe(5_000);
    expect(retryDelayMs(9)).toBe(12 * 3600_000);
    expect(retryDelayMs(10)).toBeNull();
    const totalH = RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 3600_000;
    expect(totalH).toBeGreaterThan(22);
    expect(totalH).toBeLessThan(26);
  });

  it.each([
    [200, 'delivered'],
    [204, 'delivered'],
    [408, 'retry'],
    [429, 'retry'],
    [500, 'retry'],
    [503, 'retry'],
    [400, 'failed'],
    [401, 'failed'],
    [404, 'failed'],
    [410, 'failed'],
    [301, 'failed'],
  ] as const)('HTTP %i is %s', (status, verdict) => {
    expect(classifyWebhookStatus(status)).toBe(verdict);
  });

  it('reads Retry-After in seconds or as a date', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs(new Date(now + 90_000).toUTCString(), now)).toBe(90_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(undefined, now)).toBeNull();
  });
});

describe('callback URL guard', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '169.254.1.1',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254',
    '::ffff:127.0.0.1',
    '::ffff:10.1.2.3',
    '64:ff9b::a00:1',
    'not-an-ip',
  ])('%s is refused', (ip) => {
    expect(isForbiddenAddress(ip)).toBe(true);
  });

  it.each(['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    '%s is allowed',
    (ip) => {
      expect(isForbiddenAddress(ip)).toBe(false);
    },
  );

  it.each([
    ['ftp://example.com/x', /http or https/],
    ['javascript:alert(1)', /http or https/],
    ['not a url', /not a valid URL/],
    ['http://127.0.0.1:8080/hook', /is not allowed or cannot be reached$/],
    ['http://localhost/hook', /is not allowed or cannot be reached$/],
    ['http://LOCALHOST./hook', /is not allowed or cannot be reached$/],
    ['http://[::1]/hook', /is not allowed or cannot be reached$/],
    ['http://0x7f.1/hook', /is not allowed or cannot be reached$/],
    ['http://2130706433/hook', /is not allowed or cannot be reached$/],
    ['http://169.254.169.254/latest/meta-data', /is not allowed or cannot be reached$/],
    ['http://metadata.google.internal/computeMetadata', /is not allowed or cannot be reached$/],
    ['http://intranet/hook', /is not allowed or cannot be reached$/],
    [`https://example.com/${'a'.repeat(2100)}`, /longer than/],
  ])('%s is refused without DNS', (url, why) => {
    const r = parseCallbackUrl(url, false);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).toMatch(why);
  });

  it('private destinations pass when allowed; the scheme rule always holds', () => {
    expect(parseCallbackUrl('http://127.0.0.1:8080/hook', true).ok).toBe(true);
    expect(parseCallbackUrl('http://localhost/hook', true).ok).toBe(true);
    expect(parseCallbackUrl('file:///etc/passwd', true).ok).toBe(false);
    expect(parseCallbackUrl('https://93.184.215.14/hook', false).ok).toBe(true);
  });
});

describe('service e-mail', () => {
  it('has a text and a self-contained HTML part with everything escaped', () => {
    const m = composeEmail({
      heading: 'Your code <b>',
      paragraphs: ['Use it within 60 seconds & keep it secret.'],
      code: '123456',
      link: { url: 'https://paytag.test/v/abc?x=1&y=2', label: 'Open voucher' },
      footer: 'paytag',
    });
    expect(m.text).toContain('Your code <b>');
    expect(m.text).toContain('123456');
    expect(m.text).toContain('Open voucher: https://paytag.test/v/abc?x=1&y=2');
    expect(m.html).toContain('Your code &#60;b&#62;');
    expect(m.html).toContain('&#38; keep it secret');
    expect(m.html).not.toMatch(/<img|<link|<script|src=|url\(/i);
  });
});
