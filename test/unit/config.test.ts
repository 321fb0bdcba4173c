import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nip19 } from 'nostr-tools';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig, SECRET_VARIABLES } from '../../src/config/index.ts';

describe('configuration', () => {
  it('has working defaults for the embedded set-up', () => {
    const c = loadConfig({});
    expect(c.port).toBe(8080);
    expect(c.databaseUrl).toBe('sqlite:./data/paytag.sqlite');
    expect(c.publicUrl).toBe('http://localhost:8080');
    expect(c.lightning.backend).toBe('sandbox');
    expect(c.sqliteSynchronous).toBe('FULL');
    expect(Object.isFrozen(c.lightning)).toBe(true);
  });

  it('reports every problem at once, by variable name', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        LIGHTNING_BACKEND: 'eclair',
        PUBLIC_URL: 'ftp://x',
        RATE_LIMIT_ENABLED: 'maybe',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const name of ['PORT', 'LIGHTNING_BACKEND', 'PUBLIC_URL', 'RATE_LIMIT_ENABLED'])
      expect(problems).toContain(name);
  });

  it('requires the credentials of a real Lightning node', () => {
    expect(() => loadConfig({ LIGHTNING_BACKEND: 'lnd' })).toThrow(/LND_URL and LND_MACAROON_HEX/);
  });

  it('reads an optional JSON file, the environment winning', () => {
    const dir = mkdtempSync(join(tmpdir(), 'paytag-cfg-'));
    const file = join(dir, 'paytag.json');
    writeFileSync(file, JSON.stringify({ PORT: 9000, HOST: '0.0.0.0' }));
    try {
      const c = loadConfig({ CONFIG_FILE: file, PORT: '9100' });
      expect(c.port).toBe(9100);
      expect(c.host).toBe('0.0.0.0');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never describes secrets', () => {
    const c = loadConfig({
      DATABASE_URL: 'postgres://user:hunter2@db:5432/paytag',
      SMTP_URL: 'smtp://u:pw@mail:587',
    });
    const text = JSON.stringify(describeConfig(c));
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('pw@');
  });

  it('lists the problems of every section together, each with its variable and its bad value', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: '70000',
        SQLITE_MAX_BATCH: '0',
        SANDBOX_FEE_PPM: 'x',
        GST_PERCENT: '101',
        VOUCHER_EXPIRY_DEFAULT_MIN: '9',
        VOUCHER_EXPIRY_MAX_MIN: '8',
        RATE_LIMIT_STORE: 'redis',
        SMTP_URL: 'http://mail',
        WEBHOOK_TIMEOUT_MS: '5',
        OUTBOX_CONCURRENCY: '1000',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "70000")',
      'SQLITE_MAX_BATCH must be a whole number from 1 to 10000 (got "0")',
      'SANDBOX_FEE_PPM must be a whole number from 0 to 100000 (got "x")',
      'GST_PERCENT must be a percentage from 0 to 100 with at most 4 decimals (got "101")',
      'VOUCHER_EXPIRY_DEFAULT_MIN must not exceed VOUCHER_EXPIRY_MAX_MIN',
      'RATE_LIMIT_STORE must be one of memory, database (got "redis")',
      'SMTP_URL must be a smtp: or smtps: URL',
      'WEBHOOK_TIMEOUT_MS must be a whole number from 100 to 120000 (got "5")',
      'OUTBOX_CONCURRENCY must be a whole number from 1 to 256 (got "1000")',
    ]);
  });

  it('names the variable of a TLS file that cannot be read (LND_TLS_CERT_PATH, CLN_TLS_CA_PATH)', () => {
    expect(() =>
      loadConfig({
        LIGHTNING_BACKEND: 'lnd',
        LND_URL: 'https://127.0.0.1:8080',
        LND_MACAROON_HEX: 'ab',
        LND_TLS_CERT_PATH: '/nonexistent/tls.cert',
      }),
    ).toThrow(/LND_TLS_CERT_PATH \/nonexistent\/tls\.cert cannot be read \(ENOENT\)/);
    expect(() =>
      loadConfig({
        LIGHTNING_BACKEND: 'cln',
        CLN_URL: 'https://127.0.0.1:3010',
        CLN_RUNE: 'r',
        CLN_TLS_CA_PATH: '/nonexistent/ca.pem',
      }),
    ).toThrow(/CLN_TLS_CA_PATH \/nonexistent\/ca\.pem cannot be read \(ENOENT\)/);
  });

  it('checks across sections: the outbox lease outlasts two delivery attempts', () => {
    expect(() =>
      loadConfig({ OUTBOX_LEASE_MS: '50000', WEBHOOK_TIMEOUT_MS: '30000', MAIL_TIMEOUT_MS: '20000' }),
    ).toThrow(/OUTBOX_LEASE_MS must be at least 60000 ms/);
  });

  it('groups mail and webhook settings in their own frozen sections', () => {
    const c = loadConfig({
      SMTP_URL: 'smtp://mail:587',
      MAIL_FROM: 'shop <pay@example.com>',
      MAIL_TIMEOUT_MS: '5000',
      WEBHOOK_ALLOW_PRIVATE: 'yes',
      WEBHOOK_TIMEOUT_MS: '2000',
      WEBHOOK_RESPONSE_MAX_BYTES: '0',
    });
    expect(c.mail).toEqual({
      smtpUrl: 'smtp://mail:587',
      smtpCaFile: null,
      smtpRequireTls: false,
      from: 'shop <pay@example.com>',
      timeoutMs: 5000,
    });
    expect(c.webhooks).toEqual({ allowPrivate: true, timeoutMs: 2000, responseMaxBytes: 0 });
    expect(Object.isFrozen(c)).toBe(true);
    expect(Object.isFrozen(c.mail)).toBe(true);
    expect(Object.isFrozen(c.webhooks)).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db/paytag' }).rateLimit.store).toBe('database');
    expect(loadConfig({}).rateLimit.store).toBe('memory');
  });

  it('never shows a secret variable, neither in the description nor in a problem', () => {
    const values: Record<string, string> = {
      DATABASE_URL: 'postgres://paytag:s3cret-db@db:5432/paytag',
      SANDBOX_NODE_KEY: 'ab'.repeat(32),
      LND_MACAROON_HEX: 'cafe0123456789',
      CLN_RUNE: 'rune-s3cret-value',
      SMTP_URL: 'smtps://mailer:s3cret-mail@mail:465',
      METRICS_TOKEN: 's3cret-metrics-token-of-enough-length',
      BTC_XPUB:
        'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs',
      EVM_XPUB:
        'xpub6DCoCpSuQZB2jawqnGMEPS63ePKWkwWPH4TU45Q7LPXWuNd8TMtVxRrgjtEshuqpK3mdhaWHPFsBngh5GFZaM6si3yZdUsT8ddYM3PwnATt',
      ESPLORA_URL: 'https://esplora.example/s3cret-esplora-key/api',
      EVM_RPC_URL_ERC20: 'https://eth.example/v2/s3cret-erc20-key',
      EVM_RPC_URL_BEP20: 'https://bsc.example/s3cret-bep20-key',
      EVM_RPC_URL_MATIC: 'https://polygon.example/s3cret-matic-key',
      VERIFY_HMAC_KEY: 'hmac-s3cret-key-of-at-least-32-characters',
      TRADE_TOKEN_KEY: 'trade-s3cret-key-of-at-least-32-characters',
      NOSTR_SECRET_KEY: 'cd'.repeat(32),
    };
    expect(new Set(Object.keys(values))).toEqual(SECRET_VARIABLES);
    const text = JSON.stringify(describeConfig(loadConfig(values)));
    for (const secret of [
      's3cret-db',
      'ab'.repeat(32),
      'cafe0123456789',
      's3cret-value',
      's3cret-mail',
      's3cret-metrics',
      'zpub6rFR7y4Q2Aij',
      'xpub6DCoCpSuQZB2',
      's3cret-esplora-key',
      's3cret-erc20-key',
      's3cret-bep20-key',
      's3cret-matic-key',
      'hmac-s3cret',
      'trade-s3cret',
      'cd'.repeat(32),
    ])
      expect(text).not.toContain(secret);
    expect(text).toContain('db:5432/paytag');
    expect(text).toContain('"payTimeoutSec":30');
    let error: unknown;
    try {
      loadConfig({
        SANDBOX_NODE_KEY: 'not-hex-s3cret',
        SMTP_URL: 'nope-s3cret',
        METRICS_TOKEN: 'short s3cret',
        NOSTR_SECRET_KEY: 'nsec1-s3cret',
      });
    } catch (e) {
      error = e;
    }
    expect((error as ConfigError).problems).toEqual([
      'SANDBOX_NODE_KEY must be 64 hex characters',
      'SMTP_URL must be a URL',
      'METRICS_TOKEN must be at least 32 characters without spaces',
      'NOSTR_SECRET_KEY must be 64 hex digits or an nsec1… key',
    ]);
  });

  it('reads the Nostr key as hex or nsec, and the NWC relays as a list of ws(s) URLs', () => {
    const hex = '7f'.repeat(32);
    const nsec = nip19.nsecEncode(Uint8Array.from(Buffer.from(hex, 'hex')));
    for (const key of [hex, nsec]) {
      expect(loadConfig({ NOSTR_SECRET_KEY: key }).nostr.secretKeyHex).toBe(hex);
    }
    expect(loadConfig({}).nostr).toEqual({
      secretKeyHex: null,
      nwcRelays: [],
      allowPrivate: false,
      nwcConnectionsPerAccount: 50,
      nwcListMax: 100,
      nwcRequestsPerMinute: 120,
      nwcRefusalsPerMinute: 300,
      nwcRequestRetentionDays: 30,
      zapMaxRelays: 10,
    });
    expect(() => loadConfig({ NWC_LIST_MAX: '0' })).toThrow(/NWC_LIST_MAX/);
    expect(() => loadConfig({ NWC_REFUSALS_PER_MINUTE: '0' })).toThrow(/NWC_REFUSALS_PER_MINUTE/);
    expect(() => loadConfig({ NWC_REQUEST_RETENTION_DAYS: '0' })).toThrow(/NWC_REQUEST_RETENTION_DAYS/);
    expect(
      loadConfig({ NWC_RELAYS: 'wss://a.example, wss://b.example wss://a.example' }).nostr.nwcRelays,
    ).toEqual(['wss://a.example', 'wss://b.example']);
    expect(() => loadConfig({ NWC_RELAYS: 'https://relay.example' })).toThrow(
      /NWC_RELAYS must be wss:\/\/ URLs/,
    );
  });
});
