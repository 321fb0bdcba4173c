import { describe, expect, it } from 'vitest';
import { timeOrderedPaymentIds } from '../../src/adapters/runtime/system.ts';

describe('time-ordered payment ids and tids', () => {
  it('ids grow with time and within one 4 ms slot, each unique', () => {
    let ms = Date.UTC(2026, 10, 27, 12);
    const ids = timeOrderedPaymentIds(() => ms);
    const seen: number[] = [];
    for (let i = 0; i < 5000; i += 1) seen.push(ids.id());
    ms += 4;
    seen.push(ids.id());
    for (let i = 1; i < seen.length; i += 1) expect(seen[i]!).toBeGreaterThan(seen[i - 1]!);
    // The clock stepping back does not make an id repeat.
    ms -= 60_000;
    expect(ids.id()).toBeGreaterThan(seen.at(-1)!);
  });

  it("the serving process's ids never equal another process's, even in the same slot", () => {
    const ms = Date.UTC(2026, 10, 27, 12);
    const server = timeOrderedPaymentIds(() => ms);
    server.servesAlone();
    const command = timeOrderedPaymentIds(() => ms);
    const mine = new Set(Array.from({ length: 4000 }, () => server.id()));
    for (let i = 0; i < 4000; i += 1) expect(mine.has(command.id())).toBe(false);
  });

  it('a server restarted with its clock set back continues after the ids already made', () => {
    let ms = Date.UTC(2026, 10, 27, 12);
    const before = timeOrderedPaymentIds(() => ms);
    before.servesAlone();
    const made = Array.from({ length: 3000 }, () => before.id());
    // The next process starts with the clock 10 s behind: without the ids of the database it would
    // draw ids in slots the previous process already used.
    ms -= 10_000;
    const after = timeOrderedPaymentIds(() => ms);
    after.servesAlone();
    const { from, to } = after.recentRange();
    const newest = Math.max(...made.filter((id) => id >= from && id < to));
    after.continueAfter(newest);
    const next = after.id();
    expect(next).toBeGreaterThan(Math.max(...made));
    expect(next % 2).toBe(0);
    // An id far outside the last day (an old random id) is not followed: ids keep following time.
    const fresh = timeOrderedPaymentIds(() => ms);
    fresh.continueAfter(2 ** 52);
    expect(fresh.id()).toBeLessThan(to);
  });

  it('ids stay safe JSON numbers until 2089', () => {
    const ids = timeOrderedPaymentIds(() => Date.UTC(2089, 0, 1));
    const id = ids.id();
    expect(Number.isSafeInteger(id) && id > 0).toBe(true);
  });

  it('tids are 16 characters of [a-z0-9] whose order follows the second they were made', () => {
    let ms = Date.UTC(2026, 10, 27, 12);
    const ids = timeOrderedPaymentIds(() => ms);
    const a = ids.tid();
    ms += 1000;
    const b = ids.tid();
    expect(a).toMatch(/^[a-z0-9]{16}$/);
    expect(b).toMatch(/^[a-z0-9]{16}$/);
    expect(a < b).toBe(true);
    expect(a.slice(0, 6) < b.slice(0, 6)).toBe(true);
    // Ten random characters follow: two tids of the same second differ.
    expect(new Set(Array.from({ length: 1000 }, () => ids.tid())).size).toBe(1000);
  });
});
