import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTradeCredential,
  listTradeCredentials,
  revokeTradeCredential,
} from '../../src/app/trading/credentials.ts';
import { applyFamily } from '../../src/http/family.ts';
import { requireTradeTokens, traderOf } from '../../src/http/trade/auth.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const b64json = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

describe.each(DIALECTS)('trade API credentials and access tokens on %s', (dialect) => {
  let t: TestRuntime;
  let alice: TestAccount;
  let bob: TestAccount;
  /** A scope of the trade family with one token-protected route, on the same deps. */
  let guarded: FastifyInstance;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await testRuntime(dialect, {}, { clock });
    alice = await makeAccount(t.deps);
    bob = await makeAccount(t.deps);
    guarded = Fastify();
    await guarded.register(
      async (scope) => {
        applyFamily(scope, { deps: t.deps, shape: 'bare' });
        requireTradeTokens(scope, t.deps);
        scope.get('/whoami', { config: { tradeToken: true } }, async (request) => {
          const who = traderOf(request);
          return {
            usertag: who.usertag,
            account: String(who.accountId),
            credential: String(who.credentialId),
          };
        });
      },
      { prefix: '/trade/v1' },
    );
    await guarded.ready();
  });
  afterAll(async () => {
    await guarded?.close();
    await t?.close();
  });

  const credential = async (account: TestAccount) => {
    const r = await createTradeCredential(t.deps, { usertag: account.usertag, label: 'bot' });
    if (!r.ok) throw new Error(r.error.message);
    return r.value;
  };
  const token = (body: unknown) =>
    t.app.inject({ method: 'POST', url: '/trade/v1/auth/token', payload: body as Record<string, unknown> });
  const whoami = (authorization?: string) =>
    guarded.inject({
      method: 'GET',
      url: '/trade/v1/whoami',
      headers: authorization === undefined ? {} : { authorization },
    });
  const tokenFor = async (account: TestAccount) => {
    const c = await credential(account);
    const res = await token({ api_key: c.apiKey, api_secret: c.apiSecret });
    expect(res.statusCode, res.body).toBe(200);
    return { c, jwt: res.json().access_token as string };
  };

  it('answers the bare {access_token, expires_in} with a signed RFC 9068 access token', async () => {
    const c = await credential(alice);
    expect(c.apiKey).toMatch(/^tk_[A-Za-z0-9]{24}$/);
    const res = await token({ api_key: c.apiKey, api_secret: c.apiSecret });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['access_token', 'expires_in']);
    expect(body.expires_in).toBe(86_400);
    const [header, payload, signature] = (body.access_token as string).split('.');
    expect(b64json(header!)).toEqual({ alg: 'HS256', typ: 'at+jwt' });
    const claims = b64json(payload!);
    expect(claims).toMatchObject({
      iss: 'http://paytag.test',
      aud: 'http://paytag.test/trade/v1',
      sub: String(alice.id),
      client_id: c.apiKey,
    });
    expect(claims.exp - claims.iat).toBe(86_400);
    expect(claims.iat).toBe(Math.floor(clock.nowMs() / 1000));
    expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(signature!.length).toBeGreaterThan(40);

    const me = await whoami(`Bearer ${body.access_token}`);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toEqual({
      usertag: alice.usertag,
      account: String(alice.id),
      credential: String(c.id),
    });
  });

  it('gives each token a fresh jti and tells the owner the credential was used', async () => {
    const c = await credential(alice);
    const a = await token({ api_key: c.apiKey, api_secret: c.apiSecret });
    const b = await token({ api_key: c.apiKey, api_secret: c.apiSecret });
    expect(b64json(a.json().access_token.split('.')[1]).jti).not.toBe(
      b64json(b.json().access_token.split('.')[1]).jti,
    );
    const listed = await listTradeCredentials(t.deps, alice.usertag);
    if (!listed.ok) throw new Error(listed.error.message);
    const row = listed.value.find((r) => r.apiKey === c.apiKey)!;
    expect(row.lastUsedAtMs).toBe(BigInt(clock.nowMs()));
    expect(row.label).toBe('bot');
    expect(JSON.stringify(listed.value, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(
      c.apiSecret,
    );
  });

  it('keeps the secret only as a keyed hash', async () => {
    const c = await credential(alice);
    const row = await t.deps.db.read
      .selectFrom('trade_credentials')
      .selectAll()
      .where('api_key', '=', c.apiKey)
      .executeTakeFirstOrThrow();
    expect(row.secret_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))).not.toContain(
      c.apiSecret,
    );
  });

  it('refuses bad, unknown, missing and revoked credentials with one 401 and WWW-Authenticate', async () => {
    const c = await credential(alice);
    const cases: unknown[] = [
      { api_key: c.apiKey, api_secret: `${c.apiSecret}x` },
      { api_key: c.apiKey, api_secret: c.apiSecret.slice(1) },
      { api_key: 'tk_AAAAAAAAAAAAAAAAAAAAAAAA', api_secret: c.apiSecret },
      { api_key: 'not-a-key', api_secret: 'x' },
      // Numbers are read as their digits, as everywhere in the API: still no such credential.
      { api_key: 1, api_secret: 2 },
    ];
    for (const body of cases) {
      const res = await token(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Bearer realm="paytag-trade", error="invalid_client"');
      expect(res.json()).toEqual({
        success: false,
        message: 'invalid API credentials',
        code: 'unauthorized',
      });
    }
    for (const body of [{}, { api_key: c.apiKey }, { api_secret: c.apiSecret }]) {
      const res = await token(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(401);
      expect(res.headers['www-authenticate']).toContain('Bearer realm="paytag-trade"');
      expect(res.json().message, JSON.stringify(body)).toContain('missing API credentials');
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/trade/v1/auth/token',
      headers: { 'content-type': 'application/json' },
      payload: '{"api_key":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ success: false, code: 'invalid_request' });

    const revoked = await revokeTradeCredential(t.deps, { usertag: alice.usertag, apiKey: c.apiKey });
    expect(revoked.ok).toBe(true);
    const after = await token({ api_key: c.apiKey, api_secret: c.apiSecret });
    expect(after.statusCode).toBe(401);
    expect(after.json().message).toBe('invalid API credentials');
  });

  it('protects trade routes: missing, malformed, tampered and foreign tokens are 401 with WWW-Authenticate', async () => {
    const { jwt } = await tokenFor(alice);
    const missing = await whoami();
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="paytag-trade"');
    expect(missing.json()).toMatchObject({ success: false, code: 'unauthorized' });
    expect(missing.json().message).toContain('Authorization: Bearer');

    // An API key is not a trade token.
    expect((await whoami(alice.adminKey)).statusCode).toBe(401);
    expect((await whoami(`Bearer ${alice.adminKey}`)).statusCode).toBe(401);

    const [h, p, s] = jwt.split('.') as [string, string, string];
    const claims = b64json(p);
    const forged = (c: Record<string, unknown>) =>
      `${h}.${Buffer.from(JSON.stringify(c)).toString('base64url')}.${s}`;
    const noneAlg = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'at+jwt' })).toString('base64url')}.${p}.`;
    for (const bad of [
      forged({ ...claims, sub: String(bob.id) }),
      forged({ ...claims, exp: claims.exp + 1000 }),
      noneAlg,
      `${h}.${p}.${s.slice(0, -2)}AA`,
      'a.b.c',
    ]) {
      const res = await whoami(`Bearer ${bad}`);
      expect(res.statusCode, bad).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="paytag-trade", error="invalid_token"/);
      expect(res.json().message).toBe('invalid access token');
    }
  });

  it('ends a token at its expiry, and every token of a credential the moment it is revoked', async () => {
    const { c, jwt } = await tokenFor(bob);
    const { jwt: other } = await tokenFor(bob);
    expect((await whoami(`Bearer ${jwt}`)).statusCode).toBe(200);

    clock.advance(86_400_000 - 1000);
    expect((await whoami(`Bearer ${jwt}`)).statusCode).toBe(200);
    clock.advance(1000);
    const expired = await whoami(`Bearer ${jwt}`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toBe('the access token has expired');

    const { c: c2, jwt: fresh } = await tokenFor(bob);
    expect((await whoami(`Bearer ${fresh}`)).statusCode).toBe(200);
    const r = await revokeTradeCredential(t.deps, { usertag: bob.usertag, apiKey: c2.apiKey });
    expect(r.ok).toBe(true);
    const revoked = await whoami(`Bearer ${fresh}`);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().message).toBe('the access token was revoked');
    // The other credential's token is untouched (until its own expiry).
    expect(c.apiKey).not.toBe(c2.apiKey);
    expect((await whoami(`Bearer ${other}`)).statusCode).toBe(401); // issued before the clock moved: expired
  });

  it("cannot revoke another account's credential", async () => {
    const c = await credential(alice);
    const r = await revokeTradeCredential(t.deps, { usertag: bob.usertag, apiKey: c.apiKey });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatchObject({ code: 'not_found', field: 'api_key' });
    expect((await token({ api_key: c.apiKey, api_secret: c.apiSecret })).statusCode).toBe(200);
  });

  it("lets a second instance on the same database verify the first one's tokens", async () => {
    const second = await testRuntime(dialect, {}, { clock, databaseUrl: t.databaseUrl });
    try {
      const c = await credential(alice);
      const res = await second.app.inject({
        method: 'POST',
        url: '/trade/v1/auth/token',
        payload: { api_key: c.apiKey, api_secret: c.apiSecret },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await whoami(`Bearer ${res.json().access_token}`)).statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

describe('trade token settings and limits', () => {
  it('honours TRADE_TOKEN_TTL_S and limits token requests per credential and per address', async () => {
    const t = await testRuntime('sqlite', {
      TRADE_TOKEN_TTL_S: '600',
      RATE_LIMIT_ENABLED: 'true',
      TRADE_TOKEN_PER_CREDENTIAL_PER_MINUTE: '3',
      TRADE_TOKEN_PER_ADDRESS_PER_MINUTE: '5',
    });
    try {
      const alice = await makeAccount(t.deps);
      const c = await createTradeCredential(t.deps, { usertag: alice.usertag });
      if (!c.ok) throw new Error(c.error.message);
      const ask = (body: Record<string, unknown>) =>
        t.app.inject({ method: 'POST', url: '/trade/v1/auth/token', payload: body });
      const good = { api_key: c.value.apiKey, api_secret: c.value.apiSecret };
      const first = await ask(good);
      expect(first.json().expires_in).toBe(600);
      const claims = b64json(first.json().access_token.split('.')[1]);
      expect(claims.exp - claims.iat).toBe(600);
      expect((await ask(good)).statusCode).toBe(200);
      expect((await ask({ ...good, api_secret: 'wrong' })).statusCode).toBe(401);
      const limited = await ask(good);
      expect(limited.statusCode).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.json()).toMatchObject({ success: false, code: 'rate_limited' });
      expect(limited.json().message).toContain('for this api_key');
      // Made-up keys do not escape the address's limit.
      expect((await ask({ api_key: 'tk_BBBBBBBBBBBBBBBBBBBBBBBB', api_secret: 'x' })).statusCode).toBe(401);
      const byAddress = await ask({ api_key: 'tk_CCCCCCCCCCCCCCCCCCCCCCCC', api_secret: 'x' });
      expect(byAddress.statusCode).toBe(429);
      expect(byAddress.json().message).toContain('from your address');
    } finally {
      await t.close();
    }
  });

  it('refuses a short TRADE_TOKEN_KEY at start, naming it without echoing it', async () => {
    await expect(testRuntime('sqlite', { TRADE_TOKEN_KEY: 'short-secret-value' })).rejects.toThrow(
      /TRADE_TOKEN_KEY must be at least 32 characters/,
    );
    await expect(testRuntime('sqlite', { TRADE_TOKEN_KEY: 'short-secret-value' })).rejects.not.toThrow(
      /short-secret-value/,
    );
  });
});
