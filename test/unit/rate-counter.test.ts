import { describe, expect, it } from 'vitest';
import { memoryRateCounter } from '../../src/app/rate-limits/counters.ts';

describe('the in-process rate counter', () => {
  it('counts hits per key in a window that starts with the first hit', async () => {
    const c = memoryRateCounter();
    expect(await c.hit('a', 1000, 5_000)).toEqual({ count: 1, resetAtMs: 6_000 });
    expect(await c.hit('a', 1000, 5_500)).toEqual({ count: 2, resetAtMs: 6_000 });
    expect(await c.hit('b', 1000, 5_500)).toEqual({ count: 1, resetAtMs: 6_500 });
    expect(await c.hit('a', 1000, 5_999)).toEqual({ count: 3, resetAtMs: 6_000 });
    // The window has ended: the next hit starts a new one.
    expect(await c.hit('a', 1000, 6_000)).toEqual({ count: 1, resetAtMs: 7_000 });
  });

  it('forgets the least recently hit key beyond its bound', async () => {
    const c = memoryRateCounter(2);
    await c.hit('old', 60_000, 0);
    await c.hit('old', 60_000, 1);
    await c.hit('kept', 60_000, 2);
    await c.hit('old', 60_000, 3); // now the most recent
    await c.hit('new', 60_000, 4); // evicts "kept"
    expect((await c.hit('old', 60_000, 5)).count).toBe(4);
    expect((await c.hit('kept', 60_000, 6)).count).toBe(1);
  });
});
