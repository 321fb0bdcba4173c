import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createAccount } from '../../src/app/accounts/create-account.ts';
import { submitKyc } from '../../src/app/accounts/kyc.ts';
import { setPassword } from '../../src/app/accounts/password.ts';
import { listOperatorActions } from '../../src/app/operator/actions.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const PAGES = [
  '/admin',
  '/admin/accounts',
  '/admin/accounts?q=user',
  '/admin/kyc',
  '/admin/ledger',
  '/admin/system',
  '/admin/outbox',
  '/admin/prices',
  '/admin/actions',
];

describe.each(DIALECTS)('operator console on %s', (dialect) => {
  let rt: TestRuntime;
  let target: TestAccount;
  let operator: DashboardClient;
  let holder: DashboardClient;
  let targetBrowser: DashboardClient;

  const disabledAt = async (id: bigint) =>
    (
      await rt.deps.db.read
        .selectFrom('accounts')
        .select('disabled_at_ms')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).disabled_at_ms;
  const kycStatus = async (id: bigint) =>
    (
      await rt.deps.db.read
        .selectFrom('accounts')
        .select('kyc_status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).kyc_status;

  beforeEach(async () => {
    rt = await testRuntime(dialect);
    const op = await createAccount(rt.deps, {
      usertag: `chief_${dialect}`,
      email: `chief_${dialect}@example.com`,
      operatorGrantedBy: 'operator:root',
    });
    if (!op.ok) throw new Error(op.error.message);
    const plain = await makeAccount(rt.deps);
    target = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
    for (const u of [op.value.usertag, plain.usertag, target.usertag]) {
      const s = await setPassword(rt.deps, u, PASSWORD);
      if (!s.ok) throw new Error(s.error.message);
    }
    const submitted = await submitKyc(
      rt.deps,
      target.usertag,
      { id1: 'https://docs.example/id.png' },
      'holder',
    );
    if (!submitted.ok) throw new Error(submitted.error.message);
    operator = new DashboardClient(rt.app);
    expect((await operator.signIn(op.value.usertag, PASSWORD)).statusCode).toBe(303);
    holder = new DashboardClient(rt.app);
    expect((await holder.signIn(plain.usertag, PASSWORD)).statusCode).toBe(303);
    targetBrowser = new DashboardClient(rt.app);
    expect((await targetBrowser.signIn(target.usertag, PASSWORD)).statusCode).toBe(303);
  });
  afterEach(() => rt.close());

  it('sends a visitor without a session to sign-in, and back to the console after it', async () => {
    const anon = new DashboardClient(rt.app);
    for (const page of PAGES) {
      const res = await anon.get(page);
      expect(res.statusCode, page).toBe(303);
      expect(res.headers.location, page).toMatch(/^\/dashboard\/sign-in\?next=%2Fadmin/);
    }
    await anon.get('/dashboard/sign-in?next=/admin/kyc');
    const signIn = await anon.post('/dashboard/sign-in', {
      login: `chief_${dialect}`,
      password: PASSWORD,
      next: '/admin/kyc',
    });
    expect(signIn.headers.location).toBe('/admin/kyc?done=signed_in');
    expect((await anon.get('/admin/kyc')).statusCode).toBe(200);
  });

  it('refuses a session of an account without the operator role with 403, on pages and forms', async () => {
    for (const page of PAGES) {
      const res = await holder.get(page);
      expect(res.statusCode, page).toBe(403);
      expect(res.body).toMatch(/operator accounts only/);
    }
    await holder.get('/dashboard');
    const res = await holder.post(`/admin/accounts/${target.usertag}/disable`, {
      reason: 'x',
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(403);
    expect(await disabledAt(target.id)).toBeNull();
    const kyc = await holder.post(`/admin/kyc/${target.usertag}`, {
      decision: 'approve',
      level: '1',
      password: PASSWORD,
    });
    expect(kyc.statusCode).toBe(403);
    expect(await kycStatus(target.id)).toBe('pending');
  });

  it('serves every page to an operator under the strict policy, with an accessible layout', async () => {
    for (const page of PAGES) {
      const res = await operator.get(page);
      expect(res.statusCode, `${page}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.headers['content-security-policy']).toMatch(
        /default-src 'none'; script-src 'self'; style-src 'self'/,
      );
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toMatch(/<main id="content"/);
      expect(res.body).not.toMatch(/<script>|style="|https?:\/\/(?!docs\.example|www\.w3\.org)/);
    }
    const detail = await operator.get(`/admin/accounts/${target.usertag}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.body).toContain('0.01000000');
    expect(detail.body).toMatch(/<label for="f-reason">/);
    expect((await operator.get('/admin/accounts/no_such_account')).statusCode).toBe(404);
    expect((await operator.get('/admin/kyc')).body).toContain('https://docs.example/id.png');
  });

  it('answers a page link whose cursor is not a valid id with the first page, never a server error', async () => {
    for (const cursor of ['abc', '-1', '9223372036854775808', '9999999999999999999']) {
      for (const page of [
        `/admin/accounts?after=${cursor}`,
        `/admin/kyc?after=${cursor}`,
        `/admin/outbox?before=${cursor}`,
        `/admin/actions?before=${cursor}`,
      ]) {
        const res = await operator.get(page);
        expect(res.statusCode, `${page}: ${res.body.slice(0, 300)}`).toBe(200);
      }
    }
    expect((await operator.get('/admin/kyc?after=9999999999999999999')).body).toContain(target.usertag);
  });

  it('renders every page in Hindi with ?lang=hi, and the choice sticks through the language cookie', async () => {
    const englishNav = [
      'Overview',
      'Accounts',
      'KYC review',
      'Ledger',
      'Lightning and chains',
      'Deliveries',
      'Operator log',
      'Sign out',
    ];
    const hindi = (body: string, page: string) => {
      expect(body, page).toContain('<html lang="hi"');
      expect(body, page).toContain('ऑपरेटर कंसोल');
      expect(body, page).toContain('KYC समीक्षा');
      expect(body, page).toContain('साइन आउट');
      expect(body, page).toMatch(/href="[^"]*\?lang=en" lang="en"/);
      const nav = /<header class="top">[\s\S]*?<\/header>/.exec(body)?.[0] ?? '';
      for (const label of englishNav) expect(nav, `${page}: ${label}`).not.toContain(`>${label}<`);
    };
    for (const page of [...PAGES, `/admin/accounts/${target.usertag}`]) {
      const res = await operator.get(`${page}${page.includes('?') ? '&' : '?'}lang=hi`);
      expect(res.statusCode, page).toBe(200);
      hindi(res.body, page);
    }
    expect(operator.cookies.get('paytag_lang')).toBe('hi');
    // No ?lang= from here on: the cookie keeps Hindi, on pages, flash messages and errors alike.
    const detail = (await operator.get(`/admin/accounts/${target.usertag}`)).body;
    hindi(detail, 'detail');
    expect(detail).toContain('यह खाता बंद करें');
    expect(detail).toContain('पुष्टि के लिए आपका पासवर्ड');
    expect((await operator.get('/admin/kyc')).body).toContain(`${target.usertag} स्वीकार करें`);
    expect((await operator.get('/admin/prices')).body).toContain('प्राइस फ़ीड');
    expect((await operator.get('/admin/kyc?done=kyc_rejected')).body).toContain(
      'KYC आवेदन अस्वीकार कर दिया गया है',
    );
    const missing = await operator.get('/admin/accounts/no_such_account');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('“no_such_account” नाम का कोई खाता नहीं है।');
    // English again on request, and that sticks too.
    expect((await operator.get('/admin/ledger?lang=en')).body).toContain('<html lang="en"');
    const english = (await operator.get('/admin')).body;
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('>Overview<');
  });

  const forms = () =>
    [
      [`/admin/accounts/${target.usertag}/disable`, { reason: 'fraud', password: PASSWORD }],
      [`/admin/accounts/${target.usertag}/enable`, { password: PASSWORD }],
      [`/admin/kyc/${target.usertag}`, { decision: 'approve', level: '2', password: PASSWORD }],
    ] as const;

  it('refuses every form without its token, with a wrong one, or from another site, and changes nothing', async () => {
    await operator.get('/admin');
    for (const [url, fields] of forms()) {
      for (const [what, extra, headers] of [
        ['no token', { _csrf: '' }, {}],
        ['a wrong token', { _csrf: 'a'.repeat(64) }, {}],
        ['another site', {}, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }],
      ] as const) {
        const res = await operator.post(url, { ...fields, ...extra }, headers);
        expect(res.statusCode, `${url} with ${what}`).toBe(403);
        expect(res.body).toMatch(/Nothing was changed/);
      }
    }
    expect(await disabledAt(target.id)).toBeNull();
    expect(await kycStatus(target.id)).toBe('pending');
    expect(await listOperatorActions(rt.deps, { targetAccountId: target.id })).toEqual([]);
  });

  it('needs the operator password again for disable, enable and a KYC decision', async () => {
    await operator.get(`/admin/accounts/${target.usertag}`);
    for (const [url, fields] of forms()) {
      const res = await operator.post(url, { ...fields, password: 'not my password' });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).toMatch(/the password is wrong/);
      if (!url.endsWith('/enable')) expect(res.body).toMatch(/aria-invalid="true"/);
    }
    expect(await disabledAt(target.id)).toBeNull();
    expect(await kycStatus(target.id)).toBe('pending');
  });

  it('disables an account: its keys are refused, its sessions end, it cannot sign in; enabling restores the keys', async () => {
    expect((await targetBrowser.get('/dashboard')).statusCode).toBe(200);
    await operator.get(`/admin/accounts/${target.usertag}`);
    const missing = await operator.post(`/admin/accounts/${target.usertag}/disable`, {
      reason: '',
      password: PASSWORD,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toMatch(/id="f-reason-err"/);

    const off = await operator.post(`/admin/accounts/${target.usertag}/disable`, {
      reason: 'chargebacks',
      password: PASSWORD,
    });
    expect(off.statusCode, off.body).toBe(303);
    expect(off.headers.location).toBe(`/admin/accounts/${target.usertag}?done=disabled`);
    const shown = await operator.get(off.headers.location as string);
    expect(shown.body).toMatch(/role="status">The account is disabled/);
    expect(shown.body).toMatch(/chargebacks/);

    const api = await rt.app.inject({ url: '/lapi/v1/wallet', headers: { 'x-api-key': target.invoiceKey } });
    expect(api.statusCode).toBe(403);
    expect(api.json()).toMatchObject({ code: 'account_disabled' });
    // Its open session is over, and a new sign-in is refused with why.
    expect((await targetBrowser.get('/dashboard')).statusCode).toBe(303);
    const again = await new DashboardClient(rt.app).signIn(target.usertag, PASSWORD);
    expect(again.statusCode).toBe(403);
    expect(again.body).toMatch(/disabled/);

    await operator.get(`/admin/accounts/${target.usertag}`);
    const on = await operator.post(`/admin/accounts/${target.usertag}/enable`, { password: PASSWORD });
    expect(on.headers.location).toBe(`/admin/accounts/${target.usertag}?done=enabled`);
    const back = await rt.app.inject({ url: '/lapi/v1/wallet', headers: { 'x-api-key': target.adminKey } });
    expect(back.statusCode).toBe(200);
    // The session open when it was disabled stays ended.
    expect((await targetBrowser.get('/dashboard')).statusCode).toBe(303);

    const actions = await listOperatorActions(rt.deps, { targetAccountId: target.id });
    expect(actions.map((a) => [a.action, a.actor])).toEqual([
      ['account_enable', `operator:@chief_${dialect}`],
      ['account_disable', `operator:@chief_${dialect}`],
    ]);
    expect((await operator.get('/admin/actions')).body).toMatch(/account_disable/);
  });

  /** The submission version the queue page shows in the form of `usertag`. */
  const versionOn = (page: string, usertag: string): string =>
    new RegExp(`action="/admin/kyc/${usertag}"[^>]*>[^]*?name="version" value="(\\d+)"`).exec(page)?.[1] ??
    '';

  it('approves and rejects KYC submissions from the queue, recorded with the operator', async () => {
    const version = versionOn((await operator.get('/admin/kyc')).body, target.usertag);
    expect(version).toMatch(/^\d+$/);
    const noReason = await operator.post(`/admin/kyc/${target.usertag}`, {
      decision: 'reject',
      level: '0',
      password: PASSWORD,
      version,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toMatch(/id="f-reason-err"/);
    const ok = await operator.post(`/admin/kyc/${target.usertag}`, {
      decision: 'approve',
      level: '2',
      password: PASSWORD,
      version,
    });
    expect(ok.statusCode, ok.body).toBe(303);
    expect(ok.headers.location).toBe('/admin/kyc?done=kyc_approved');
    expect(await kycStatus(target.id)).toBe('verified');
    const queue = await operator.get('/admin/kyc');
    expect(queue.body).toMatch(/No KYC submission is waiting/);
    const [action] = await listOperatorActions(rt.deps, { targetAccountId: target.id });
    expect(action).toMatchObject({
      action: 'kyc_review',
      actor: `operator:@chief_${dialect}`,
      detail: { level: 2, status: 'verified' },
    });
  });

  it('an approval applies to the documents the operator saw: replaced since, it is refused on the page and nothing changes', async () => {
    const page = (await operator.get('/admin/kyc')).body;
    expect(page).toContain('https://docs.example/id.png');
    // The holder replaces the documents while the operator looks at the page.
    await targetBrowser.get('/dashboard/profile');
    const swapped = await targetBrowser.post('/dashboard/profile/kyc', {
      id1: 'https://docs.example/blank.png',
    });
    expect(swapped.statusCode).toBe(303);
    const late = await operator.post(`/admin/kyc/${target.usertag}`, {
      decision: 'approve',
      level: '3',
      password: PASSWORD,
      version: versionOn(page, target.usertag),
    });
    expect(late.statusCode).toBe(409);
    expect(late.body).toMatch(/changed after this page was loaded; nothing was changed/);
    // The page answered shows what is there now, with its own version.
    expect(late.body).toContain('https://docs.example/blank.png');
    expect(await kycStatus(target.id)).toBe('pending');
    expect(await listOperatorActions(rt.deps, { targetAccountId: target.id })).toEqual([]);
    // A form without the version is refused the same way.
    const bare = await operator.post(`/admin/kyc/${target.usertag}`, {
      decision: 'approve',
      level: '3',
      password: PASSWORD,
    });
    expect(bare.statusCode).toBe(409);
    expect(await kycStatus(target.id)).toBe('pending');
  });

  it('an operator cannot decide their own KYC, and nothing about it changes', async () => {
    const submitted = await submitKyc(
      rt.deps,
      `chief_${dialect}`,
      { id1: 'https://docs.example/own.png' },
      'holder',
    );
    expect(submitted.ok).toBe(true);
    const version = versionOn((await operator.get('/admin/kyc')).body, `chief_${dialect}`);
    const own = async () =>
      rt.deps.db.read
        .selectFrom('accounts')
        .select(['kyc_level', 'kyc_status'])
        .where('usertag', '=', `chief_${dialect}`)
        .executeTakeFirstOrThrow();
    const before = await own();
    const self = await operator.post(`/admin/kyc/chief_${dialect}`, {
      decision: 'approve',
      level: '3',
      password: PASSWORD,
      version,
    });
    expect(self.statusCode).toBe(400);
    expect(self.body).toMatch(/cannot decide their own KYC/);
    expect(await own()).toEqual(before);
  });

  it('an operator cannot disable their own account, and a disabled operator loses the console', async () => {
    await operator.get('/admin');
    const self = await operator.post(`/admin/accounts/chief_${dialect}/disable`, {
      reason: 'oops',
      password: PASSWORD,
    });
    expect(self.statusCode).toBe(400);
    expect(self.body).toMatch(/cannot disable their own account/);
    await rt.deps.db.write((trx) =>
      trx
        .updateTable('accounts')
        .set({ disabled_at_ms: 1 })
        .where('usertag', '=', `chief_${dialect}`)
        .execute(),
    );
    const after = await operator.get('/admin');
    expect(after.statusCode).toBe(303);
  });
});
