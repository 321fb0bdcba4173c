import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { cursorIndex, sleepUnlessAborted } from '../../../src/adapters/lightning/rest.ts';

describe('helpers shared by the LND and CLN backends', () => {
  it('a reconnect wait that runs out leaves no abort listener behind', async () => {
    const stop = new AbortController();
    for (let i = 0; i < 20; i++) await sleepUnlessAborted(1, stop.signal);
    expect(getEventListeners(stop.signal, 'abort')).toHaveLength(0);
  });

  it('a reconnect wait ends early when the signal aborts', async () => {
    const stop = new AbortController();
    const started = Date.now();
    const waiting = sleepUnlessAborted(60_000, stop.signal);
    stop.abort();
    await waiting;
    expect(Date.now() - started).toBeLessThan(1_000);
    await sleepUnlessAborted(60_000, stop.signal);
  });

  it('settlement cursors are decimal indexes, named in the error', () => {
    expect(cursorIndex('42', 'pay_index')).toBe(42n);
    expect(() => cursorIndex('-1', 'pay_index')).toThrow(/decimal pay_index/);
    expect(() => cursorIndex('x1', 'settle_index')).toThrow(/decimal settle_index/);
  });
});
