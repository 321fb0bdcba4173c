import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, describeConfig, loadConfig } from '../../src/config/index.ts';

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
    const c = loadConfig({ CONFIG_FILE: file, PORT: '9100' });
    expect(c.port).toBe(9100);
    expect(c.host).toBe('0.0.0.0');
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
});
