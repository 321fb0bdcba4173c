import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kycHistory, reviewKyc, submitKyc, updateProfile } from '../../src/app/accounts/kyc.ts';
import { accountConsents, revokeAccountConsent } from '../../src/app/verification/consents.ts';
import { verifiedRecord } from '../../src/app/verification/record.ts';
import { ISO_3166_ALPHA2 } from '../../src/domain/countries.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

describe.each(DIALECTS)('profiles, KYC data and reviews on %s', (dialect) => {
  let rt: TestRuntime;
  let a: TestAccount;

  beforeEach(async () => {
    rt = await testRuntime(dialect);
    a = await makeAccount(rt.deps);
  });
  afterEach(async () => {
    await rt.close();
  });

  const row = () =>
    rt.deps.db.read.selectFrom('accounts').selectAll().where('id', '=', a.id).executeTakeFirstOrThrow();

  it('validates profile fields: E.164 phones, ISO 3166-1 alpha-2 countries, length limits', async () => {
    expect(ISO_3166_ALPHA2.size).toBe(249);
    const bad: Array<[Parameters<typeof updateProfile>[2], string]> = [
      [{ phone: '0049 30 1234' }, 'phone'],
      [{ phone: '+0123' }, 'phone'],
      [{ phone: '+1234567890123456' }, 'phone'],
      [{ country: 'XX' }, 'country'],
      [{ country: 'DEU' }, 'country'],
      [{ country: 'UK' }, 'country'],
      [{ fullName: 'x'.repeat(201) }, 'full_name'],
      [{ fullName: 'a\u0000b' }, 'full_name'],
    ];
    for (const [change, field] of bad) {
      const r = await updateProfile(rt.deps, a.usertag, change, 'operator:test');
      expect(r.ok, JSON.stringify(change)).toBe(false);
      if (!r.ok) expect(r.error.field).toBe(field);
    }
    const good = await updateProfile(
      rt.deps,
      a.usertag,
      { fullName: ' Ada Lovelace ', phone: '+44 20 7946 0958', country: 'gb' },
      'operator:test',
    );
    expect(good.ok).toBe(true);
    expect(await row()).toMatchObject({ full_name: 'Ada Lovelace', phone: '+442079460958', country: 'GB' });
  });

  it('KYC documents must be https outside the sandbox; a submission makes the status pending', async () => {
    // Outside the sandbox (a real node's backend), documents must be https.
    const lightning = { ...rt.deps.config.lightning, backend: 'lnd' as const };
    const live = { ...rt.deps, config: { ...rt.deps.config, lightning } };
    for (const url of [
      'http://docs.example/a.pdf',
      'ftp://docs.example/a',
      'not a url',
      'https://u:p@docs.example/a',
    ]) {
      const r = await submitKyc(live, a.usertag, { id1: url }, 'operator:test');
      expect(r.ok, url).toBe(false);
    }
    const r = await submitKyc(
      rt.deps,
      a.usertag,
      {
        idType: 'passport',
        id1: 'https://docs.example/p.pdf',
        companyName: 'Engines Ltd',
        companyEmail: 'office@engines.example',
        companyPhone: '+14155550123',
        companyCountry: 'us',
        doc1: 'https://docs.example/c1.pdf',
      },
      'operator:test',
    );
    expect(r.ok).toBe(true);
    const after = await row();
    expect(after.kyc_status).toBe('pending');
    expect(JSON.parse(after.personal_kyc)).toMatchObject({ id1: 'https://docs.example/p.pdf' });
    expect(JSON.parse(after.company_kyc)).toMatchObject({
      company_name: 'Engines Ltd',
      country: 'US',
      doc1: 'https://docs.example/c1.pdf',
    });
  });

  it('reviews set level and status; is_verified needs a confirmed e-mail too; every change is kept with who and when', async () => {
    await submitKyc(rt.deps, a.usertag, { idType: 'passport' }, 'operator:alice');
    const r = await reviewKyc(
      rt.deps,
      a.usertag,
      { level: 2, status: 'verified', reason: 'documents match' },
      'operator:bob',
    );
    expect(r.ok && r.value.is_verified).toBe(false); // e-mail not confirmed
    await rt.deps.db.write((trx) =>
      trx.updateTable('accounts').set({ email_confirmed_at_ms: 1 }).where('id', '=', a.id).execute(),
    );
    const again = await reviewKyc(
      rt.deps,
      a.usertag,
      { level: 2, status: 'verified', reason: null },
      'operator:bob',
    );
    expect(again.ok && again.value.is_verified).toBe(true);
    const h = await kycHistory(rt.deps, a.usertag);
    expect(h.ok).toBe(true);
    if (!h.ok) return;
    expect(h.value.map((e) => e.actor)).toEqual(['operator:alice', 'operator:bob', 'operator:bob']);
    expect(h.value[0]?.changes).toMatchObject({ id_type: ['', 'passport'], kyc_status: ['none', 'pending'] });
    expect(h.value[1]).toMatchObject({
      changes: { kyc_level: ['0', '2'], kyc_status: ['pending', 'verified'] },
      reason: 'documents match',
    });
    expect(typeof h.value[1]?.at).toBe('string');
  });

  it('a verified identity changed by its holder goes back to review: pending, no longer verified, level kept', async () => {
    await rt.deps.db.write((trx) =>
      trx.updateTable('accounts').set({ email_confirmed_at_ms: 1 }).where('id', '=', a.id).execute(),
    );
    await updateProfile(rt.deps, a.usertag, { fullName: 'Alice Smith', country: 'DE' }, 'holder');
    await submitKyc(rt.deps, a.usertag, { idType: 'passport', id1: 'https://docs.example/p.pdf' }, 'holder');
    await reviewKyc(rt.deps, a.usertag, { level: 2, status: 'verified', reason: null }, 'operator:bob');
    expect(verifiedRecord(await row(), 'not_requested')).toMatchObject({
      kyc_status: 'verified',
      is_verified: true,
    });

    // The same values again change nothing and keep the review.
    const same = await updateProfile(
      rt.deps,
      a.usertag,
      { fullName: 'Alice Smith', country: 'de' },
      'holder',
    );
    expect(same).toMatchObject({ ok: true, value: { changed: [], kycBackToReview: false } });
    expect((await row()).kyc_status).toBe('verified');

    for (const change of [
      { fullName: 'Amazon Payments Ltd' },
      { country: 'US' },
      { phone: '+12065550100' },
    ]) {
      await reviewKyc(rt.deps, a.usertag, { level: 2, status: 'verified', reason: null }, 'operator:bob');
      const r = await updateProfile(rt.deps, a.usertag, change, 'holder');
      expect(r, JSON.stringify(change)).toMatchObject({ ok: true, value: { kycBackToReview: true } });
      const after = await row();
      expect(after, JSON.stringify(change)).toMatchObject({
        kyc_status: 'pending',
        kyc_level: 2n,
        is_verified: 0n,
      });
      expect(verifiedRecord(after, 'not_requested')).toMatchObject({
        kyc_status: 'pending',
        is_verified: false,
      });
      const h = await kycHistory(rt.deps, a.usertag);
      expect(h.ok && h.value.at(-1)).toMatchObject({
        actor: 'holder',
        changes: { kyc_status: ['verified', 'pending'] },
      });
    }
    // A change while already pending or never submitted leaves the status as it is.
    await updateProfile(rt.deps, a.usertag, { fullName: 'Alice B. Smith' }, 'holder');
    expect((await row()).kyc_status).toBe('pending');
    const fresh = await makeAccount(rt.deps);
    const none = await updateProfile(rt.deps, fresh.usertag, { fullName: 'New Person' }, 'holder');
    expect(none).toMatchObject({ ok: true, value: { kycBackToReview: false } });
  });

  it('an unknown account is refused', async () => {
    const r = await reviewKyc(
      rt.deps,
      'nobody_here',
      { level: 1, status: 'verified', reason: null },
      'operator:x',
    );
    expect(r.ok).toBe(false);
    expect((await accountConsents(rt.deps, 'nobody_here')).ok).toBe(false);
    expect((await revokeAccountConsent(rt.deps, a.usertag, '999')).ok).toBe(false);
  });
});

describe('KYC document URLs in the sandbox', () => {
  it('may be http', async () => {
    const rt = await testRuntime('sqlite');
    try {
      const a = await makeAccount(rt.deps);
      const r = await submitKyc(rt.deps, a.usertag, { id1: 'http://docs.local/p.pdf' }, 'operator:test');
      expect(r.ok).toBe(true);
    } finally {
      await rt.close();
    }
  });
});
