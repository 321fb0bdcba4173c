import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { formatPriceE8 } from '../../src/domain/prices.ts';
import { testRuntime } from '../fixtures/runtime.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'paytag-prices-cli-'));
const env = {
  ...process.env,
  DATABASE_URL: `sqlite:${join(dir, 'paytag.sqlite')}`,
  DATA_DIR: dir,
  LOG_LEVEL: 'silent',
};
const paytag = (...args: string[]) =>
  run('./bin/paytag', args, { env, cwd: join(import.meta.dirname, '../..') });

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('paytag prices', () => {
  it('set moves a static price that a running service reads at its next refresh; --unset restores it', async () => {
    const set = await paytag('prices', 'set', 'eth-usdt', '2999.5');
    expect(set.stdout).toBe('ETH-USDT = 2999.5 (static)\n');
    const shown = JSON.parse((await paytag('prices', 'show', '--json')).stdout);
    expect(shown.prices.find((p: { pair: string }) => p.pair === 'ETH-USDT')).toMatchObject({
      price: '2999.5',
      sources: ['static'],
      stale: false,
    });

    // A service already running on that database (another process) reads it at its next refresh.
    const rt = await testRuntime('sqlite', {}, { databaseUrl: env.DATABASE_URL });
    try {
      expect(formatPriceE8(rt.deps.prices.current('ETH-USDT')!.priceE8)).toBe('2999.5');
      await paytag('prices', 'set', 'ETH-USDT', '--unset');
      expect(formatPriceE8(rt.deps.prices.current('ETH-USDT')!.priceE8)).toBe('2999.5');
      await rt.deps.prices.refresh();
      expect(formatPriceE8(rt.deps.prices.current('ETH-USDT')!.priceE8)).toBe('3400');
    } finally {
      await rt.close();
    }
  });

  it('refuses a bad price with exit code 1 and bad usage with 2', async () => {
    await expect(paytag('prices', 'set', 'BTC-USD', '1e5')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('price must be a positive decimal'),
    });
    await expect(paytag('prices', 'set', 'BTC-USD')).rejects.toMatchObject({ code: 2 });
  });
});
