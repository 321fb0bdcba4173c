import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const never = new AbortController().signal;

/** A port on this machine that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe.each(DIALECTS)('e-mail failures in the delivery log on %s', (dialect) => {
  let rt: TestRuntime;
  let issuer: TestAccount;
  let port = 0;
  beforeAll(async () => {
    port = await closedPort();
    rt = await testRuntime(dialect, { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_TIMEOUT_MS: '2000' });
    issuer = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
  });
  afterAll(async () => {
    await rt?.close();
  });

  it('tenants see a generic text, not the SMTP error; the detail stays with the operator', async () => {
    const res = await rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/requestVoucher',
      headers: { 'x-api-key': issuer.adminKey },
      payload: { amount: '0.0001', voucher_count: 1, receiver_email: 'friend@example.com' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await dispatchDue(rt.deps, never)).toMatchObject({ claimed: 1 });

    const listed = await rt.app.inject({
      method: 'GET',
      url: '/lapi/v1/webhooks/deliveries',
      headers: { 'x-api-key': issuer.adminKey },
    });
    expect(listed.statusCode).toBe(200);
    const mail = listed.json().data.find((d: { channel: string }) => d.channel === 'email');
    expect(mail.attempt_log).toHaveLength(1);
    const shown = JSON.stringify(mail);
    expect(shown).not.toMatch(/ECONNREFUSED|ESOCKET|127\.0\.0\.1|connect/);
    expect(shown).not.toContain(String(port));
    expect(mail.last_error).toBe('the mail server did not take the message; the operator can see why');
    expect(mail.attempt_log[0].error).toBe(mail.last_error);

    // The operator's record keeps what the mail server said.
    const kept = await rt.deps.db.read.selectFrom('outbox_attempts').select('error').execute();
    expect(kept.map((r) => r.error).join(' ')).toMatch(/ECONNREFUSED/);
  });
});
