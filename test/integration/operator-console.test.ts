import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { submitKyc, updateProfile } from '../../src/app/accounts/kyc.ts';
import { accountDetail, searchAccounts } from '../../src/app/operator/accounts.ts';
import { listOperatorActions } from '../../src/app/operator/actions.ts';
import { disableAccount } from '../../src/app/operator/disable-account.ts';
import { decideKyc, kycQueue } from '../../src/app/operator/kyc-queue.ts';
import { backendsState, ledgerState, outboxState, pricesState } from '../../src/app/operator/system.ts';
import { decodeKycDecision } from '../../src/http/wire/kyc-decision.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const OPERATOR = { accountId: null, name: 'operator:@chief' };

describe.each(DIALECTS)('operator console use cases on %s', (dialect) => {
  let rt: TestRuntime;
  beforeEach(async () => {
    rt = await testRuntime(dialect);
  });
  afterEach(() => rt.close());
  /** A decision as the console's form sends it: decoded, then decided. */
  const decideFromForm = async (
    actor: typeof OPERATOR,
    usertag: string,
    form: Parameters<typeof decodeKycDecision>[0],
  ) => {
    const d = decodeKycDecision(form);
    return d.ok ? decideKyc(rt.deps, actor, usertag, d.value) : d;
  };

  it('searches usertags and e-mails by prefix, keyset paged, with _ and % taken literally', async () => {
    for (const u of ['shop_a1', 'shop_a2', 'shopxa3', 'other_1']) await makeAccount(rt.deps, { usertag: u });
    const first = await searchAccounts(rt.deps, { query: 'SHOP', limit: 2 });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.accounts.map((a) => a.usertag)).toEqual(['shop_a1', 'shop_a2']);
    expect(first.value.nextAfterId).not.toBeNull();
    const next = await searchAccounts(rt.deps, {
      query: 'shop',
      limit: 2,
      afterId: first.value.nextAfterId ?? 0n,
    });
    expect(next.ok && next.value.accounts.map((a) => a.usertag)).toEqual(['shopxa3']);
    expect(next.ok && next.value.nextAfterId).toBeNull();
    // `_` is a literal underscore, not "any character".
    const literal = await searchAccounts(rt.deps, { query: 'shop_' });
    expect(literal.ok && literal.value.accounts.map((a) => a.usertag)).toEqual(['shop_a1', 'shop_a2']);
    const byEmail = await searchAccounts(rt.deps, { query: 'other_1@exa' });
    expect(byEmail.ok && byEmail.value.accounts.map((a) => a.usertag)).toEqual(['other_1']);
    const none = await searchAccounts(rt.deps, { query: '%' });
    expect(none.ok && none.value.accounts).toEqual([]);
  });

  it('lists pending KYC submissions and records an approval and a rejection as operator actions', async () => {
    const ada = await makeAccount(rt.deps, { usertag: 'ada_kyc' });
    const bob = await makeAccount(rt.deps, { usertag: 'bob_kyc' });
    await makeAccount(rt.deps, { usertag: 'nobody_kyc' });
    for (const u of [ada, bob]) {
      const s = await submitKyc(
        rt.deps,
        u.usertag,
        { idType: 'passport', id1: 'https://docs.example/id1.png' },
        'holder',
      );
      expect(s.ok).toBe(true);
    }
    const queue = await kycQueue(rt.deps);
    expect(queue.submissions.map((s) => s.usertag)).toEqual(['ada_kyc', 'bob_kyc']);
    expect(queue.submissions[0]?.personalKyc).toMatchObject({ id1: 'https://docs.example/id1.png' });
    const bobSeen = queue.submissions[1]?.version;

    expect(
      await decideFromForm(OPERATOR, 'bob_kyc', {
        decision: 'reject',
        level: '0',
        reason: '',
        version: bobSeen,
      }),
    ).toMatchObject({
      ok: false,
      error: { field: 'reason' },
    });
    expect(
      await decideFromForm(OPERATOR, 'bob_kyc', {
        decision: 'maybe',
        level: '1',
        reason: '',
        version: bobSeen,
      }),
    ).toMatchObject({
      ok: false,
      error: { field: 'decision' },
    });
    const approved = await decideFromForm(OPERATOR, 'ada_kyc', {
      decision: 'approve',
      level: '2',
      reason: '',
      version: queue.submissions[0]?.version,
    });
    expect(approved).toMatchObject({ ok: true, value: { kycStatus: 'verified', kycLevel: 2 } });
    const rejected = await decideFromForm(OPERATOR, 'bob_kyc', {
      decision: 'reject',
      level: '0',
      reason: 'document unreadable',
      version: bobSeen,
    });
    expect(rejected).toMatchObject({ ok: true, value: { kycStatus: 'rejected' } });
    expect((await kycQueue(rt.deps)).submissions).toEqual([]);

    const detail = await accountDetail(rt.deps, 'ada_kyc');
    if (!detail.ok) throw new Error(detail.error.message);
    expect(detail.value.kycStatus).toBe('verified');
    expect(detail.value.actions).toMatchObject([
      {
        action: 'kyc_review',
        actor: 'operator:@chief',
        detail: { decision: 'approve', level: 2, status: 'verified' },
      },
    ]);
    // The same history `paytag kyc history` shows names the operator.
    expect(detail.value.kycHistory.at(-1)).toMatchObject({ actor: 'operator:@chief' });
    const all = await listOperatorActions(rt.deps);
    expect(all.map((a) => [a.action, a.target])).toEqual([
      ['kyc_review', 'bob_kyc'],
      ['kyc_review', 'ada_kyc'],
    ]);
  });

  it('a decision applies only to the submission the operator saw: one changed since, or no longer pending, is refused and nothing changes', async () => {
    const ada = await makeAccount(rt.deps, { usertag: 'ada_seen' });
    const submit = (id1: string) => submitKyc(rt.deps, ada.usertag, { idType: 'passport', id1 }, 'holder');
    await submit('https://docs.example/real-passport.png');
    const seen = (await kycQueue(rt.deps)).submissions[0];
    expect(seen?.personalKyc).toMatchObject({ id1: 'https://docs.example/real-passport.png' });
    const version = seen?.version;
    expect(typeof version).toBe('string');

    const historyLength = async () => {
      const d = await accountDetail(rt.deps, ada.usertag);
      if (!d.ok) throw new Error(d.error.message);
      return [d.value.kycHistory.length, d.value.actions.length, d.value.kycStatus];
    };
    // The holder swaps the documents (or the profile) after the page was loaded.
    await submit('https://docs.example/blank-page.png');
    const before = await historyLength();
    const approve = (v: unknown) =>
      decideFromForm(OPERATOR, ada.usertag, { decision: 'approve', level: '3', reason: '', version: v });
    expect(await approve(version)).toMatchObject({ ok: false, error: { code: 'state_conflict' } });
    await updateProfile(rt.deps, ada.usertag, { fullName: 'Someone Else' }, 'holder');
    const again = (await kycQueue(rt.deps)).submissions[0]?.version;
    await updateProfile(rt.deps, ada.usertag, { fullName: 'Someone Else Again' }, 'holder');
    expect(await approve(again)).toMatchObject({ ok: false, error: { code: 'state_conflict' } });
    // A form without the version (or a made-up one) is refused too.
    for (const v of [undefined, '', 'abc', '-1', '99999999999999999999']) {
      expect(await approve(v), String(v)).toMatchObject({ ok: false });
    }
    expect(await historyLength()).toEqual([(before[0] as number) + 2, 0, 'pending']);

    // What the operator sees now can be decided, once: the next decision on that page is refused.
    const current = (await kycQueue(rt.deps)).submissions[0]?.version;
    expect(await approve(current)).toMatchObject({ ok: true, value: { kycStatus: 'verified', kycLevel: 3 } });
    const rejectLate = await decideFromForm(OPERATOR, ada.usertag, {
      decision: 'reject',
      level: '0',
      reason: 'late',
      version: current,
    });
    expect(rejectLate).toMatchObject({ ok: false, error: { code: 'state_conflict' } });
    const d = await accountDetail(rt.deps, ada.usertag);
    expect(d.ok && [d.value.kycStatus, d.value.actions.length]).toEqual(['verified', 1]);
  });

  it('shows an account with its balances, keys and the actions on it', async () => {
    const a = await makeAccount(rt.deps, { usertag: 'rich_one', fund: { lbtc: '0.5' } });
    await disableAccount(rt.deps, OPERATOR, a.usertag, 'fraud');
    const d = await accountDetail(rt.deps, 'Rich_One');
    if (!d.ok) throw new Error(d.error.message);
    expect(d.value).toMatchObject({ usertag: 'rich_one', disabledReason: 'fraud', role: 'holder' });
    expect(d.value.balances.lbtc).toBe(50_000_000_000n);
    expect(d.value.keys.map((k) => k.kind).sort()).toEqual(['admin', 'invoice']);
    expect(d.value.keys.every((k) => k.hint.length === 4)).toBe(true);
    expect(d.value.actions.map((x) => x.action)).toEqual(['account_disable']);
    expect(await accountDetail(rt.deps, 'no_such_one')).toMatchObject({
      ok: false,
      error: { code: 'usertag_not_found' },
    });
  });

  it('shows an account as verified exactly when the verified record would: e-mail confirmed and KYC verified', async () => {
    const a = await makeAccount(rt.deps, { usertag: 'late_mail' });
    const verifiedNow = async () => {
      const d = await accountDetail(rt.deps, a.usertag);
      if (!d.ok) throw new Error(d.error.message);
      return d.value.isVerified;
    };
    await submitKyc(rt.deps, a.usertag, { id1: 'https://docs.example/id.png' }, 'holder');
    // Reviewed before the e-mail was confirmed: not verified yet.
    await decideFromForm(OPERATOR, a.usertag, {
      decision: 'approve',
      level: '1',
      reason: '',
      version: (await kycQueue(rt.deps)).submissions[0]?.version,
    });
    expect(await verifiedNow()).toBe(false);
    // The e-mail is confirmed afterwards: verified from then on, without another review.
    await rt.deps.db.write((trx) =>
      trx.updateTable('accounts').set({ email_confirmed_at_ms: 1 }).where('id', '=', a.id).execute(),
    );
    expect(await verifiedNow()).toBe(true);
    // New documents put the KYC status back to pending: no longer verified.
    await submitKyc(rt.deps, a.usertag, { id1: 'https://docs.example/id-new.png' }, 'holder');
    expect(await verifiedNow()).toBe(false);
  });

  it("shows the 50 newest entries of an account's KYC history, oldest of them first", async () => {
    const a = await makeAccount(rt.deps, { usertag: 'many_names' });
    for (let i = 1; i <= 52; i++) {
      const r = await updateProfile(rt.deps, a.usertag, { fullName: `Name ${i}` }, 'holder');
      expect(r.ok).toBe(true);
    }
    const d = await accountDetail(rt.deps, a.usertag);
    if (!d.ok) throw new Error(d.error.message);
    expect(d.value.kycHistory).toHaveLength(50);
    expect(d.value.kycHistory[0]?.changes).toEqual({ full_name: ['Name 2', 'Name 3'] });
    expect(d.value.kycHistory.at(-1)?.changes).toEqual({ full_name: ['Name 51', 'Name 52'] });
  });

  it('reports the ledger audit and system balances, the backends, the outbox and the prices', async () => {
    await makeAccount(rt.deps, { fund: { lbtc: '0.25' } });
    const ledger = await ledgerState(rt.deps);
    expect(ledger.audit.violations).toEqual([]);
    const faucet = ledger.systemAccounts.filter((s) => s.asset === 'lbtc' && s.postedUnits !== 0n);
    // The funding moved 0.25 BTC out of one system account: the system side sums to −0.25 BTC.
    expect(faucet.reduce((sum, s) => sum + s.postedUnits, 0n)).toBe(-25_000_000_000n);

    const backends = await backendsState(rt.deps);
    expect(backends.lightning).toMatchObject({ configured: true, kind: 'sandbox', node: { ok: true } });

    const outbox = await outboxState(rt.deps);
    expect(outbox.failed).toEqual([]);
    expect(outbox.counts.every((c) => c.count > 0)).toBe(true);

    const prices = pricesState(rt.deps);
    expect(prices.sources.length).toBeGreaterThan(0);
    for (const p of prices.prices) expect(p.ageMs).toBeGreaterThanOrEqual(0);
  });
});
