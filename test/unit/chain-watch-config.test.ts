import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../src/config/index.ts';

const problemsOf = (env: Record<string, string>): string[] => {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e.problems;
    throw e;
  }
  return [];
};

describe('EVM scan lookback settings', () => {
  it('default to 20,000 blocks on every network and take a value per network', () => {
    expect(loadConfig({}).chainWatch.evmLookbackBlocks).toEqual({
      ERC20: 20_000,
      BEP20: 20_000,
      MATIC: 20_000,
    });
    const c = loadConfig({ EVM_LOOKBACK_BLOCKS_BEP20: '250000', EVM_LOOKBACK_BLOCKS_MATIC: ' 1 ' });
    expect(c.chainWatch.evmLookbackBlocks).toEqual({ ERC20: 20_000, BEP20: 250_000, MATIC: 1 });
  });

  it('refuse anything but a positive whole number up to 5,000,000, naming the variable and the value', () => {
    for (const bad of ['0', '-5', '1.5', '2e4', 'twenty', '5000001', '0x10']) {
      const problems = problemsOf({ EVM_LOOKBACK_BLOCKS_ERC20: bad });
      expect(problems, bad).toHaveLength(1);
      expect(problems[0]).toContain('EVM_LOOKBACK_BLOCKS_ERC20');
      expect(problems[0]).toContain('must be a whole number from 1 to 5000000');
      expect(problems[0]).toContain(`"${bad}"`);
    }
    expect(problemsOf({ EVM_LOOKBACK_BLOCKS_ERC20: '5000000' })).toEqual([]);
  });
});

describe('chain watcher limits', () => {
  it('default to 2,000 blocks per eth_getLogs, 300 Esplora requests a round, 4 at a time, 16 MiB an answer', () => {
    const w = loadConfig({}).chainWatch;
    expect([w.evmLogsMaxBlocks, w.esploraRequestsPerRound, w.esploraConcurrency, w.responseMaxBytes]).toEqual(
      [2_000, 300, 4, 16 * 1024 * 1024],
    );
  });

  it('refuse a value out of range, naming the variable', () => {
    for (const [name, bad] of [
      ['EVM_LOGS_MAX_BLOCKS', '0'],
      ['EVM_LOGS_MAX_BLOCKS', '100001'],
      ['ESPLORA_REQUESTS_PER_ROUND', '9'],
      ['ESPLORA_CONCURRENCY', '65'],
      ['CHAIN_RESPONSE_MAX_BYTES', '65535'],
    ] as const) {
      const problems = problemsOf({ [name]: bad });
      expect(problems, `${name}=${bad}`).toHaveLength(1);
      expect(problems[0]).toContain(name);
      expect(problems[0]).toContain(`"${bad}"`);
    }
  });
});
