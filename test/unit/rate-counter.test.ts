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

  it('101,000 junk keys do not flush a live window', async () => {
    const c = memoryRateCounter();
    for (let i = 0; i < 20; i++) await c.hit('mail:victim@example.com', 3_600_000, 1_000 + i);
    for (let i = 0; i < 101_000; i++) await c.hit(`junk:${i}`, 600_000, 2_000);
    expect((await c.hit('mail:victim@example.com', 3_600_000, 3_000)).count).toBe(21);
  });

  it('past its bound, new keys count together in one overflow window instead of evicting live ones', async () => {
    const c = memoryRateCounter(2);
    await c.hit('a', 60_000, 0);
    await c.hit('b', 60_000, 1);
    expect(await c.hit('c', 60_000, 2)).toEqual({ count: 1, resetAtMs: 60_002 });
    expect(await c.hit('d', 60_000, 3)).toEqual({ count: 2, resetAtMs: 60_002 });
    expect((await c.hit('c', 60_000, 4)).count).toBe(3); // still in the shared window
    expect((await c.hit('a', 60_000, 5)).count).toBe(2);
    expect((await c.hit('b', 60_000, 6)).count).toBe(2);
  });

  it('windows that have ended make room for new keys', async () => {
    const c = memoryRateCounter(2);
    await c.hit('a', 1_000, 0);
    await c.hit('b', 60_000, 0);
    // "a" has ended: "c" takes its place with a window of its own.
    expect(await c.hit('c', 60_000, 5_000)).toEqual({ count: 1, resetAtMs: 65_000 });
    expect(await c.hit('c', 60_000, 5_001)).toEqual({ count: 2, resetAtMs: 65_000 });
    expect((await c.hit('b', 60_000, 5_002)).count).toBe(2);
  });
});
