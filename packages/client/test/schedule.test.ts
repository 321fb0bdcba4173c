import { describe, expect, it } from 'vitest';
import { createPaytagClient, PaytagTimeoutError, pollSchedule } from '../src/index.ts';

const diffs = (xs: number[]) => xs.slice(1).map((x, i) => x - xs[i]!);

describe('pollSchedule', () => {
  it("is the spec's: 20–25 s, then 3 s ×10, 6 s ×10, 10 s ×6, 30 s ×2, then every minute to 10 minutes", () => {
    for (const first of [20_000, 22_500, 25_000]) {
      const s = pollSchedule(first);
      expect(s[0]).toBe(first);
      expect(diffs(s)).toEqual([
        ...Array(10).fill(3_000),
        ...Array(10).fill(6_000),
        ...Array(6).fill(10_000),
        ...Array(2).fill(30_000),
        ...Array(Math.floor((600_000 - (first + 210_000)) / 60_000)).fill(60_000),
      ]);
      expect(s.at(-1)!).toBeLessThanOrEqual(600_000);
      expect(s.at(-1)! + 60_000).toBeGreaterThan(600_000);
    }
    expect(pollSchedule(0)[0]).toBe(20_000);
    expect(pollSchedule(99_000)[0]).toBe(25_000);
  });
});

/** A service whose payment stays pending until `paidAfterChecks` checks; a clock moved only by sleep. */
function fake(paidAfterChecks: number) {
  let t = 1_000_000;
  const checks: number[] = [];
  const fetch = async (req: Request) => {
    checks.push(t - 1_000_000);
    expect(new URL(req.url).pathname).toBe('/lapi/v1/checkPayment');
    const status = checks.length >= paidAfterChecks ? 'paid' : 'pending';
    return Response.json({ status: true, success: true, message: '', data: { tid: 'x', status } });
  };
  const client = createPaytagClient({ baseUrl: 'http://paytag.test', apiKey: 'k', fetch });
  const opts = {
    now: () => t,
    sleep: async (ms: number) => {
      t += ms;
    },
    random: () => 0.5,
  };
  return { client, checks, opts };
}

describe('waitForPayment', () => {
  it('checks on the schedule and returns the payment once it is no longer pending', async () => {
    const f = fake(4);
    const p = await f.client.waitForPayment('x', f.opts);
    expect(p.status).toBe('paid');
    expect(f.checks).toEqual(pollSchedule(22_500).slice(0, 4));
  });

  it('gives up with PaytagTimeoutError after the check at the end of 10 minutes', async () => {
    const f = fake(Number.POSITIVE_INFINITY);
    await expect(f.client.waitForPayment('x', f.opts)).rejects.toBeInstanceOf(PaytagTimeoutError);
    expect(f.checks).toEqual(pollSchedule(22_500));
  });

  it('runs only the latest due check for a transaction that started earlier', async () => {
    const f = fake(Number.POSITIVE_INFINITY);
    const p = f.client.waitForPayment('x', { ...f.opts, startedAtMs: 1_000_000 - 40_000 });
    await expect(p).rejects.toBeInstanceOf(PaytagTimeoutError);
    // 40 s after the start: the check due at 37.5 s runs at once, then the schedule goes on.
    expect(f.checks[0]).toBe(0);
    expect(f.checks[1]).toBe(40_500 - 40_000);
  });

  it('stops when its signal aborts', async () => {
    const f = fake(Number.POSITIVE_INFINITY);
    const ac = new AbortController();
    let n = 0;
    const sleep = async () => {
      n += 1;
      if (n === 3) ac.abort(new Error('stop'));
    };
    await expect(f.client.waitForPayment('x', { ...f.opts, sleep, signal: ac.signal })).rejects.toThrow(
      'stop',
    );
  });
});
