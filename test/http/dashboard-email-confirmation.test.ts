import { afterEach, describe, expect, it } from 'vitest';
import { sendEmailConfirmation } from '../../src/app/accounts/email-confirmation.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, ManualClock, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

const STRANGER = 'stranger@example.net';

/** The confirmation e-mails queued for `to`. */
const confirmations = async (rt: TestRuntime, to: string): Promise<number> =>
  (
    await rt.deps.db.read
      .selectFrom('outbox')
      .select('id')
      .where('event_type', '=', 'email_confirmation')
      .where('destination', '=', to)
      .execute()
  ).length;

describe.each(DIALECTS)('e-mail confirmation links sent again on %s', (dialect) => {
  it("count against the address's hourly cap: past MAIL_PER_RECIPIENT_PER_HOUR the page refuses with 429", async () => {
    const clock = new ManualClock();
    // The defaults (20 e-mails an hour per address), with sessions that outlive the hour.
    const rt = await testRuntime(
      dialect,
      { RATE_LIMIT_ENABLED: 'true', DASHBOARD_SESSION_IDLE_S: '7200' },
      { clock },
    );
    runtimes.push(rt);
    const cap = rt.deps.config.rateLimit.mailPerRecipientPerHour;
    expect(cap).toBe(20);

    const c = new DashboardClient(rt.app);
    await c.get('/dashboard/sign-up');
    const signedUp = await c.post('/dashboard/sign-up', {
      usertag: 'someone_else',
      email: STRANGER,
      password: PASSWORD,
      repeat_password: PASSWORD,
    });
    expect(signedUp.statusCode, signedUp.body).toBe(303);
    expect(await confirmations(rt, STRANGER)).toBe(1);

    await c.get('/dashboard/account');
    for (let i = 1; i < cap; i++) {
      const again = await c.post('/dashboard/confirm-email');
      expect(again.statusCode, again.body).toBe(303);
      expect(again.headers.location).toBe('/dashboard/account?done=confirmation_sent');
    }
    expect(await confirmations(rt, STRANGER)).toBe(cap);

    for (let i = 0; i < 20; i++) {
      const over = await c.post('/dashboard/confirm-email');
      expect(over.statusCode).toBe(429);
      expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
      expect(over.body).toContain(`${STRANGER} was sent ${cap} e-mails in the last hour`);
    }
    expect(await confirmations(rt, STRANGER)).toBe(cap);
    // Whoever asks: the operator's resend is held back too.
    const byOperator = await sendEmailConfirmation(rt.deps, 'someone_else');
    expect(byOperator).toMatchObject({ ok: false, error: { code: 'rate_limited', field: 'email' } });

    clock.advance(3_600_000);
    const later = await c.post('/dashboard/confirm-email');
    expect(later.statusCode, later.body).toBe(303);
    expect(await confirmations(rt, STRANGER)).toBe(cap + 1);
  });
});

describe('the holder of an unconfirmed address', () => {
  it('is told on the dashboard that no verification codes go to it until it is confirmed', async () => {
    const rt = await testRuntime('sqlite');
    runtimes.push(rt);
    const c = new DashboardClient(rt.app);
    await c.get('/dashboard/sign-up');
    const signedUp = await c.post('/dashboard/sign-up', {
      usertag: 'newholder',
      email: 'newholder@example.com',
      password: PASSWORD,
      repeat_password: PASSWORD,
    });
    expect(signedUp.statusCode, signedUp.body).toBe(303);
    for (const path of ['/dashboard', '/dashboard/account', '/dashboard?lang=hi']) {
      const page = await c.get(path);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('newholder@example.com');
      expect(page.body).toContain('action="/dashboard/confirm-email"');
      expect(page.body).toContain(
        path.endsWith('hi') ? 'कोई सत्यापन कोड नहीं भेजा जाता' : 'no verification codes are sent to it',
      );
    }
  });
});
