import { describe, expect, it } from 'vitest';
import { budgetPeriodStartMs, budgetRenewsAtMs, connectionUri } from '../../src/domain/nostr/nwc.ts';

describe('NWC budget periods (UTC calendar)', () => {
  // Wednesday 2026-03-04 23:59:59.999 UTC
  const t = Date.UTC(2026, 2, 4, 23, 59, 59, 999);
  it('starts each period at its UTC calendar boundary and renews at the next', () => {
    expect(new Date(budgetPeriodStartMs('daily', t)).toISOString()).toBe('2026-03-04T00:00:00.000Z');
    expect(new Date(budgetRenewsAtMs('daily', t)!).toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(new Date(budgetPeriodStartMs('weekly', t)).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    expect(new Date(budgetRenewsAtMs('weekly', t)!).toISOString()).toBe('2026-03-09T00:00:00.000Z');
    expect(new Date(budgetPeriodStartMs('monthly', t)).toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(new Date(budgetRenewsAtMs('monthly', t)!).toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(new Date(budgetPeriodStartMs('yearly', t)).toISOString()).toBe('2026-01-01T00:00:00.000Z');
    expect(new Date(budgetRenewsAtMs('yearly', t)!).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(budgetPeriodStartMs('total', t)).toBe(0);
    expect(budgetRenewsAtMs('total', t)).toBeNull();
  });
  it('a Sunday belongs to the week that began the Monday before; December rolls into January', () => {
    const sunday = Date.UTC(2026, 2, 8, 12);
    expect(new Date(budgetPeriodStartMs('weekly', sunday)).toISOString()).toBe('2026-03-02T00:00:00.000Z');
    const dec = Date.UTC(2026, 11, 31, 12);
    expect(new Date(budgetRenewsAtMs('monthly', dec)!).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
  it('builds the connection URI with every relay encoded', () => {
    expect(connectionUri('ab'.repeat(32), ['wss://r.example/a?b', 'wss://s.example'], 'cd'.repeat(32))).toBe(
      `nostr+walletconnect://${'ab'.repeat(32)}?relay=wss%3A%2F%2Fr.example%2Fa%3Fb&relay=wss%3A%2F%2Fs.example&secret=${'cd'.repeat(32)}`,
    );
  });
});
