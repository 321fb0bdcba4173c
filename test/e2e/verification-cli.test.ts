import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.ts';
import { runCli } from '../fixtures/server-process.ts';

describe('profile, KYC and consent commands', { timeout: 120_000 }, () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const cli = (...args: string[]) => runCli(env, ...args);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'paytag-kyc-cli-'));
    env = {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      PUBLIC_URL: 'http://pay.example',
    };
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('updates a profile, submits and reviews KYC data, keeps the history, lists consents', async () => {
    expect(cli('migrate').code).toBe(0);
    const created = cli(
      'account',
      'create',
      '--usertag',
      'kyc_cli',
      '--email',
      'k@example.com',
      '--email-confirmed',
    );
    expect(created.code, created.err).toBe(0);
    const bad = cli('account', 'update', 'kyc_cli', '--phone', '12345');
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('E.164');
    const upd = cli(
      'account',
      'update',
      'kyc_cli',
      '--full-name',
      'Kay Cee',
      '--phone',
      '+4930123456',
      '--country',
      'de',
    );
    expect(upd.code, upd.err).toBe(0);
    const sub = cli(
      'kyc',
      'submit',
      'kyc_cli',
      '--id-type',
      'passport',
      '--id1',
      'https://docs.example/1.pdf',
    );
    expect(sub.code, sub.err).toBe(0);
    const rev = cli(
      'kyc',
      'review',
      'kyc_cli',
      '--level',
      '2',
      '--status',
      'verified',
      '--reason',
      'checked',
    );
    expect(rev.code, rev.err).toBe(0);
    expect(rev.out).toContain('verified: true');
    expect(cli('kyc', 'review', 'kyc_cli', '--level', '7', '--status', 'verified').code).toBe(2);
    const hist = cli('kyc', 'history', 'kyc_cli', '--json');
    expect(hist.code, hist.err).toBe(0);
    const entries = JSON.parse(hist.out) as Array<{ actor: string; reason: string | null }>;
    expect(entries).toHaveLength(3);
    expect(entries[2]?.reason).toBe('checked');
    expect(entries.every((e) => e.actor.startsWith('operator'))).toBe(true);
    // The review is in the operator log too, as the console's decisions are.
    const db = openDatabase({ url: env['DATABASE_URL'] as string });
    try {
      const actions = await db.read
        .selectFrom('operator_actions')
        .select(['action', 'actor', 'target', 'detail'])
        .where('action', '=', 'kyc_review')
        .execute();
      expect(actions).toHaveLength(1);
      expect(actions[0]).toMatchObject({ target: 'kyc_cli', actor: expect.stringMatching(/^operator/) });
      expect(JSON.parse(actions[0]?.detail ?? '{}')).toEqual({
        level: 2,
        status: 'verified',
        reason: 'checked',
      });
    } finally {
      await db.close();
    }
    const consents = cli('account', 'consents', 'kyc_cli');
    expect(consents.code, consents.err).toBe(0);
    expect(consents.out).toContain('0 decision(s)');
  }, 240_000);
});
