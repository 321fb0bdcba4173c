import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import type { Dialect } from '../../src/db/database.ts';
import { en } from '../../src/http/web/dashboard/i18n/en.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const NOSTR_ON = { NOSTR_SECRET_KEY: '4e'.repeat(32), NWC_RELAYS: 'wss://relay.paytag.test' };

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

async function setUp(dialect: Dialect, env: Record<string, string> = NOSTR_ON) {
  const rt = await testRuntime(dialect, env);
  runtimes.push(rt);
  const a = await makeAccount(rt.deps);
  await setPassword(rt.deps, a.usertag, PASSWORD);
  const c = new DashboardClient(rt.app);
  expect((await c.signIn(a.usertag, PASSWORD)).statusCode).toBe(303);
  return { rt, a, c };
}

const formKeyOf = (body: string): string => /name="form_key" value="([^"]+)"/.exec(body)?.[1] ?? '';
const connections = (rt: TestRuntime) =>
  rt.deps.db.read.selectFrom('nwc_connections').selectAll().orderBy('id').execute();

/** The message under a field (input or select or the methods' fieldset), or null. */
function fieldError(body: string, name: string): string | null {
  return new RegExp(`<span class="err" id="f-${name}-err">([^<]*)</span>`).exec(body)?.[1] ?? null;
}

const v = en.nwc;

describe.each(DIALECTS)('dashboard Wallet Connect page (%s)', (dialect) => {
  const good = { name: 'app', m_get_balance: '1', m_pay_invoice: '1', password: PASSWORD };

  it('says Nostr Wallet Connect is not set up when Nostr is off, for the page and a sent form', async () => {
    const { rt, c } = await setUp(dialect, {});
    const page = await c.get('/dashboard/nwc');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(v.off);
    expect(page.body).not.toContain('action="/dashboard/nwc"');
    const sent = await c.post('/dashboard/nwc', { ...good, form_key: `dash-${'a'.repeat(24)}` });
    expect(sent.statusCode).toBe(200);
    expect(sent.body).toContain(v.off);
    expect(await connections(rt)).toHaveLength(0);
  });

  it('turns sats into msat exactly, to the msat and up to 21M BTC', async () => {
    const { rt, c } = await setUp(dialect);
    for (const [budget, max] of [
      ['0.001', '1'],
      ['2100000000000000', '12345.678'],
    ] as const) {
      const page = await c.get('/dashboard/nwc');
      const r = await c.post('/dashboard/nwc', {
        ...good,
        form_key: formKeyOf(page.body),
        budget,
        max_amount: max,
        budget_renewal: 'total',
      });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.body).toContain('nostr+walletconnect://');
    }
    const rows = await connections(rt);
    expect(rows.map((x) => [x.budget_msat, x.max_amount_msat, x.budget_renewal])).toEqual([
      [1n, 1000n, 'total'],
      [2_100_000_000_000_000_000n, 12_345_678n, 'total'],
    ]);
    // A later view lists them with the sats written back, and never a secret.
    const later = await c.get('/dashboard/nwc');
    expect(later.body).toContain('0.001 sats');
    expect(later.body).toContain('12,345.678 sats');
    expect(later.body).not.toContain('secret=');
  });

  it('offers notifications as a capability: ticked by default, and granted when ticked', async () => {
    const { rt, c } = await setUp(dialect);
    const page = await c.get('/dashboard/nwc');
    expect(page.body).toMatch(/name="m_notifications" value="1" checked/);
    const r = await c.post('/dashboard/nwc', {
      ...good,
      m_notifications: '1',
      form_key: formKeyOf(page.body),
    });
    expect(r.statusCode, r.body).toBe(200);
    expect((await connections(rt)).map((x) => x.methods)).toEqual(['get_balance pay_invoice notifications']);
  });

  it('refuses every bad field on the form with its own message (never a 500), making nothing', async () => {
    const { rt, c } = await setUp(dialect);
    const cases: Array<[Record<string, string>, string, string]> = [
      [{ budget: '-1' }, 'budget', v.amountInvalid],
      [{ budget: '1e3' }, 'budget', v.amountInvalid],
      [{ budget: '0' }, 'budget', v.amountInvalid],
      [{ budget: '0.0001' }, 'budget', v.amountInvalid],
      [{ budget: '1,000' }, 'budget', v.amountInvalid],
      [{ budget: '2100000000000000.001' }, 'budget', v.amountTooLarge],
      [{ max_amount: 'abc' }, 'max_amount', v.amountInvalid],
      [{ max_amount: '99999999999999999999999' }, 'max_amount', v.amountInvalid],
      [{ expires_at: '2020-01-01' }, 'expires_at', v.expiresPast],
      [{ expires_at: '2030-02-30' }, 'expires_at', v.expiresInvalid],
      [{ expires_at: 'tomorrow' }, 'expires_at', v.expiresInvalid],
      [
        { budget: '10', budget_renewal: 'hourly' },
        'budget_renewal',
        'budget_renewal must be one of daily, weekly, monthly, yearly, total',
      ],
      [{ name: '' }, 'name', 'name must be 1 to 100 characters'],
      [{ name: 'x'.repeat(101) }, 'name', 'name must be 1 to 100 characters'],
      [{ m_get_balance: '', m_pay_invoice: '' }, 'methods', v.methodsNone],
    ];
    for (const [fields, name, message] of cases) {
      const page = await c.get('/dashboard/nwc');
      const form: Record<string, string> = { ...good, form_key: formKeyOf(page.body) };
      for (const [k, x] of Object.entries(fields)) {
        if (x === '' && k.startsWith('m_')) delete form[k];
        else form[k] = x;
      }
      const r = await c.post('/dashboard/nwc', form);
      expect(r.statusCode, JSON.stringify(fields)).toBe(400);
      expect(fieldError(r.body, name), JSON.stringify(fields)).toBe(message);
      expect(r.body).not.toContain('nostr+walletconnect://');
    }
    // A wrong password, and a form without its key: refused the same way.
    const page = await c.get('/dashboard/nwc');
    const wrong = await c.post('/dashboard/nwc', {
      ...good,
      form_key: formKeyOf(page.body),
      password: 'nope',
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    expect(fieldError(wrong.body, 'password')).not.toBeNull();
    const keyless = await c.post('/dashboard/nwc', good);
    expect(keyless.statusCode).toBe(400);
    expect(keyless.body).toContain(v.incomplete);
    expect(await connections(rt)).toHaveLength(0);
  });

  it('makes one connection per form: the same form sent again shows no link and makes nothing', async () => {
    const { rt, c } = await setUp(dialect);
    const page = await c.get('/dashboard/nwc');
    const form = { ...good, form_key: formKeyOf(page.body) };
    const first = await c.post('/dashboard/nwc', form);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('nostr+walletconnect://');
    const again = await c.post('/dashboard/nwc', form);
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toBe('/dashboard/nwc?done=nwc_resent');
    expect(await connections(rt)).toHaveLength(1);
  });

  it("revokes only the account's own connections; another's id is not found, as a page", async () => {
    const { rt, c } = await setUp(dialect);
    const b = await makeAccount(rt.deps);
    await setPassword(rt.deps, b.usertag, PASSWORD);
    const other = new DashboardClient(rt.app);
    expect((await other.signIn(b.usertag, PASSWORD)).statusCode).toBe(303);
    const page = await other.get('/dashboard/nwc');
    expect((await other.post('/dashboard/nwc', { ...good, form_key: formKeyOf(page.body) })).statusCode).toBe(
      200,
    );
    const [theirs] = await connections(rt);
    await c.get('/dashboard/nwc');
    const r = await c.post('/dashboard/nwc/revoke', { id: theirs!.public_id });
    expect(r.statusCode).toBe(404);
    expect(r.body).toContain(v.notFound);
    expect((await connections(rt))[0]!.revoked_at_ms).toBeNull();
    expect((await c.post('/dashboard/nwc/revoke', { id: 'x'.repeat(5000) })).statusCode).toBe(404);
    // Its owner revokes it; again answers the same.
    await other.get('/dashboard/nwc');
    const mine = await other.post('/dashboard/nwc/revoke', { id: theirs!.public_id });
    expect(mine.headers.location).toBe('/dashboard/nwc?done=nwc_revoked');
    expect((await connections(rt))[0]!.revoked_at_ms).not.toBeNull();
    expect((await other.post('/dashboard/nwc/revoke', { id: theirs!.public_id })).statusCode).toBe(303);
  });
});
