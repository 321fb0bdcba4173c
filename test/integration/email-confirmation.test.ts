import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/app/accounts/create-account.ts';
import { sendEmailConfirmation } from '../../src/app/accounts/email-confirmation.ts';
import { DIALECTS, ManualClock, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

describe.each(DIALECTS)('e-mail confirmation links on %s', (dialect) => {
  let rt: TestRuntime;
  let clock: ManualClock;
  let base: string;

  beforeEach(async () => {
    clock = new ManualClock(Date.now());
    rt = await testRuntime(dialect, {}, { clock });
    await rt.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(rt.app.server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await rt.close();
  });

  const linkTo = async (email: string) => {
    const row = await rt.deps.db.read
      .selectFrom('outbox')
      .select('payload')
      .where('event_type', '=', 'email_confirmation')
      .where('destination', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const text = (JSON.parse(row.payload) as { text: string }).text;
    const m = /https?:\/\/\S+(\/verify\/email\/[A-Za-z0-9_-]{32})/.exec(text);
    return `${base}${m?.[1] ?? ''}`;
  };
  const confirmedAt = async (usertag: string) =>
    (
      await rt.deps.db.read
        .selectFrom('accounts')
        .select('email_confirmed_at_ms')
        .where('usertag', '=', usertag)
        .executeTakeFirstOrThrow()
    ).email_confirmed_at_ms;

  it('an account confirms its e-mail once through the link; opening it alone confirms nothing', async () => {
    const a = await makeAccount(rt.deps);
    expect(await confirmedAt(a.usertag)).toBeNull();
    const sent = await sendEmailConfirmation(rt.deps, a.usertag);
    expect(sent.ok).toBe(true);
    const link = await linkTo(`${a.usertag}@example.com`);
    expect((await fetch(link)).status).toBe(200);
    expect(await confirmedAt(a.usertag)).toBeNull();
    const res = await fetch(link, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('confirmed');
    expect(await confirmedAt(a.usertag)).not.toBeNull();
    expect((await fetch(link, { method: 'POST' })).status).toBe(404);
  });

  it('an expired link confirms nothing; a pre-confirmed account gets no link', async () => {
    const a = await makeAccount(rt.deps);
    await sendEmailConfirmation(rt.deps, a.usertag);
    const link = await linkTo(`${a.usertag}@example.com`);
    clock.advance(86_400_000);
    expect((await fetch(link, { method: 'POST' })).status).toBe(404);
    expect(await confirmedAt(a.usertag)).toBeNull();
    const pre = await createAccount(rt.deps, {
      usertag: `pre_${process.pid}`,
      email: 'pre@example.com',
      emailConfirmed: true,
    });
    expect(pre.ok).toBe(true);
    const again = await sendEmailConfirmation(rt.deps, `pre_${process.pid}`);
    expect(again.ok && again.value.alreadyConfirmed).toBe(true);
  });
});
