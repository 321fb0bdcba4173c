// The spec's polling guidance for a pending payment or voucher: first check 20 to 25 seconds after the
// transaction starts; then every 3 s for the next 30 s, every 6 s for the next 60 s, every 10 s for the next
// 60 s, every 30 s for the next 60 s, then every minute until the timeout at 10 minutes.

export const POLL_TIMEOUT_MS = 600_000;

const PHASES: ReadonlyArray<readonly [everyMs: number, forMs: number]> = [
  [3_000, 30_000],
  [6_000, 60_000],
  [10_000, 60_000],
  [30_000, 60_000],
];

/**
 * The times of the checks, in ms after the transaction started, given the first check's delay (20 000 to
 * 25 000 ms; clamped into that range). The last one is at most 10 minutes after the start.
 */
export function pollSchedule(firstMs: number): number[] {
  const first = Math.min(25_000, Math.max(20_000, firstMs));
  const times = [first];
  let t = first;
  for (const [every, span] of PHASES) {
    for (let n = 0; n < span / every; n++) {
      t += every;
      times.push(t);
    }
  }
  while (t + 60_000 <= POLL_TIMEOUT_MS) {
    t += 60_000;
    times.push(t);
  }
  return times;
}
