import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CENSOR, censorSecrets, createLogger } from '../../src/adapters/runtime/log.ts';
import { redactUrl } from '../../src/http/auth.ts';

describe('the log line', () => {
  it('censors every secret key of a logged object and leaves the caller’s object as it was', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger('info', sink);
    const headers = { authorization: 'Bearer abc', 'x-api-key': 'k', accept: 'json' };
    log.info({ headers, body: { password: 'p', secret: 's', amount: '1' }, url: '/x' }, 'logged');
    await new Promise((r) => setImmediate(r));
    const line = JSON.parse(lines.join(''));
    expect(line.headers).toEqual({ authorization: CENSOR, 'x-api-key': CENSOR, accept: 'json' });
    expect(line.body).toEqual({ password: CENSOR, secret: CENSOR, amount: '1' });
    expect(line.url).toBe('/x');
    expect(headers.authorization).toBe('Bearer abc');
  });

  it('passes a line without secrets through as the same object (no copy)', () => {
    const fields = { method: 'GET', url: '/lapi/v1/wallet', status: 200, ms: 1.5, nested: { a: 1 } };
    expect(censorSecrets(fields)).toBe(fields);
  });

  it('redacts short secrets of secret-named parameters, however the URL is spelled', () => {
    expect(redactUrl('/lnurl/withdraw/cb?k1=abc&pr=lnbc1')).toBe('/lnurl/withdraw/cb?k1=[redacted]&pr=lnbc1');
    expect(redactUrl('/voucher/x/print?Token=abc')).toBe('/voucher/x/print?Token=[redacted]');
    expect(redactUrl('/a?pass_word=hunter2&limit=5')).toBe('/a?pass_word=[redacted]&limit=5');
    expect(redactUrl('/a?my-api-key=s1')).toBe('/a?my-api-key=[redacted]');
    expect(redactUrl('/a?%6B1=abc')).toBe('/a?%6B1=[redacted]');
    // Nothing secret: the URL as it came.
    expect(redactUrl('/lapi/v1/checkPayment?tid=0hyck47iatkuqob8')).toBe(
      '/lapi/v1/checkPayment?tid=0hyck47iatkuqob8',
    );
    expect(redactUrl('/lapi/v1/history?limit=100')).toBe('/lapi/v1/history?limit=100');
    // A tid that happens to hold a secret word is kept too (the full check finds no secret name).
    expect(redactUrl('/lapi/v1/checkPayment?tid=abck1eytokenxyz0')).toBe(
      '/lapi/v1/checkPayment?tid=abck1eytokenxyz0',
    );
  });
});
