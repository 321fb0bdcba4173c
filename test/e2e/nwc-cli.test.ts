import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getPublicKey } from 'nostr-tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testRuntime } from '../fixtures/runtime.ts';
import { DIST_START_TIMEOUT_MS, ensureFreshDist, runCli } from '../fixtures/server-process.ts';

const SERVICE_SECRET = '3d'.repeat(32);
const RELAY = 'wss://relay.paytag.test';

// biome-ignore lint/suspicious/noExplicitAny: answers read as JSON
type Json = any;

/**
 * `paytag nwc create|list|revoke` (bin/paytag, the compiled service when dist/ is fresh) on a SQLite
 * file, with the API of a runtime opened on the same file seeing the same connections.
 */
describe('paytag nwc', { timeout: 360_000 }, () => {
  let dir: string;
  let env: NodeJS.ProcessEnv;
  const nostrEnv = { NOSTR_SECRET_KEY: SERVICE_SECRET, NWC_RELAYS: RELAY };
  const cli = (...args: string[]) => runCli(env, ...args);

  beforeAll(async () => {
    // bin/paytag runs the compiled service when dist/ is fresh (else the sources, far slower to start).
    await ensureFreshDist();
    dir = mkdtempSync(join(tmpdir(), 'paytag-nwc-cli-'));
    env = {
      ...process.env,
      DATABASE_URL: `sqlite:${join(dir, 'db.sqlite')}`,
      PUBLIC_URL: 'http://paytag.test',
      ...nostrEnv,
    };
  }, DIST_START_TIMEOUT_MS);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates a connection printing its URI once, lists it with its limits, and revokes it, as the API sees', async () => {
    expect(cli('migrate').code).toBe(0);
    const acct = cli('account', 'create', '--usertag', 'nostrich', '--email', 'n@example.com', '--json');
    expect(acct.code, acct.err).toBe(0);
    const adminKey = (JSON.parse(acct.out) as { admin_key: string }).admin_key;

    const made = cli(
      'nwc',
      'create',
      'nostrich',
      '--name',
      'Alby Go',
      '--methods',
      'get_balance,pay_invoice',
      '--max-amount-msat',
      '100000',
      '--budget-msat',
      '5000000',
      '--budget-renewal',
      'daily',
      '--expires-at',
      '4102444800',
      '--json',
    );
    expect(made.code, made.err).toBe(0);
    const c = JSON.parse(made.out) as Json;
    expect(c.uri).toMatch(
      new RegExp(
        `^nostr\\+walletconnect://${getPublicKey(Buffer.from(SERVICE_SECRET, 'hex'))}\\?relay=${encodeURIComponent(RELAY)}&secret=[0-9a-f]{64}$`,
      ),
    );
    expect(c).toMatchObject({
      name: 'Alby Go',
      methods: ['get_balance', 'pay_invoice'],
      max_amount_msat: '100000',
      budget_msat: '5000000',
      budget_renewal: 'daily',
      expires_at: '2100-01-01T00:00:00.000Z',
      revoked_at: null,
    });
    const secret = /secret=([0-9a-f]{64})/.exec(c.uri)?.[1] ?? 'none';

    // The plain output prints the URI once too, with the warning.
    const plain = cli('nwc', 'create', 'nostrich', '--name', 'second');
    expect(plain.code, plain.err).toBe(0);
    expect(plain.out).toMatch(/^uri: {2}nostr\+walletconnect:\/\//m);
    expect(plain.out).toContain('shown only now');

    const rt = await testRuntime('sqlite', nostrEnv, { databaseUrl: `sqlite:${join(dir, 'db.sqlite')}` });
    try {
      const api = async () =>
        (
          await rt.app.inject({
            method: 'GET',
            url: '/lapi/v1/nwc/connections?include_revoked=true',
            headers: { 'x-api-key': adminKey },
          })
        ).json().data as Json[];
      const seen = (await api()).find((x) => x.id === c.id);
      expect(seen).toMatchObject({
        name: 'Alby Go',
        methods: ['get_balance', 'pay_invoice'],
        max_amount: 100_000,
        budget: 5_000_000,
        budget_renewal: 'daily',
        expires_at: 4_102_444_800,
        revoked_at: null,
        client_pubkey: getPublicKey(Buffer.from(secret, 'hex')),
      });

      const listed = cli('nwc', 'list', 'nostrich', '--json');
      expect(listed.code, listed.err).toBe(0);
      expect(listed.out).not.toContain(secret);
      const rows = JSON.parse(listed.out) as Json[];
      expect(rows.map((r) => r.name)).toEqual(['second', 'Alby Go']);
      expect(rows[1]).toMatchObject({ id: c.id, used_msat: '0', budget_msat: '5000000' });
      expect(rows[1].renews_at).toMatch(/T00:00:00\.000Z$/);
      expect(cli('nwc', 'list', 'nostrich').out).toContain(`${c.id}  Alby Go`);

      expect(cli('nwc', 'revoke', 'nostrich').code).toBe(2);
      const unknown = cli('nwc', 'revoke', 'nostrich', '--id', 'nope');
      expect(unknown.code).toBe(1);
      expect(unknown.err).toContain('no connection of this account');
      const revoked = cli('nwc', 'revoke', 'nostrich', '--id', c.id);
      expect(revoked.code, revoked.err).toBe(0);
      expect(revoked.out).toContain(`revoked ${c.id}`);
      expect((await api()).find((x) => x.id === c.id).revoked_at).toBeTypeOf('number');
      // Revoked ones are listed with --all only.
      expect(
        (JSON.parse(cli('nwc', 'list', 'nostrich', '--json').out) as Json[]).map((r) => r.id),
      ).not.toContain(c.id);
      expect(
        (JSON.parse(cli('nwc', 'list', 'nostrich', '--all', '--json').out) as Json[]).map((r) => r.id),
      ).toContain(c.id);
    } finally {
      await rt.close();
    }

    // Bad input: clear refusals, nothing made.
    const badAmount = cli('nwc', 'create', 'nostrich', '--name', 'x', '--budget-msat', '1.5');
    expect(badAmount.code).toBe(2);
    expect(badAmount.err).toContain('--budget-msat must be a whole number of msat');
    const badMethod = cli('nwc', 'create', 'nostrich', '--name', 'x', '--methods', 'steal_all');
    expect(badMethod.code).toBe(1);
    expect(badMethod.err).toContain('unknown method "steal_all"');
    expect(cli('nwc', 'create', 'nostrich').code).toBe(2);
    expect(cli('nwc', 'list', 'nobody_here').code).toBe(1);
    const group = cli('nwc', '--help');
    for (const sub of ['create', 'list', 'revoke']) expect(group.out).toContain(`paytag nwc ${sub}`);

    // Nostr off: said so.
    const { NOSTR_SECRET_KEY: _key, NWC_RELAYS: _relays, ...offEnv } = env;
    const off = runCli(offEnv, 'nwc', 'create', 'nostrich', '--name', 'x');
    expect(off.code).toBe(1);
    expect(off.err).toContain('Nostr Wallet Connect is off on this service');
  });
});
