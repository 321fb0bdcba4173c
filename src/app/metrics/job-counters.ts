/**
 * Rounds of each background job in this process since it started, for /metrics (jobs/runner.ts counts
 * them). A job whose rounds fail keeps its last success time, so an alert can ask "no success for N
 * minutes" as well as "errors rising".
 */
export interface JobStats {
  runs: number;
  errors: number;
  /** Unix ms of the last round that ended without an error; null before the first. */
  lastSuccessMs: number | null;
}

export interface JobCounters {
  record(job: string, outcome: 'ok' | 'error', atMs: number): void;
  snapshot(): ReadonlyMap<string, Readonly<JobStats>>;
}

export function createJobCounters(): JobCounters {
  const stats = new Map<string, JobStats>();
  return {
    record(job, outcome, atMs) {
      let s = stats.get(job);
      if (s === undefined) {
        s = { runs: 0, errors: 0, lastSuccessMs: null };
        stats.set(job, s);
      }
      s.runs += 1;
      if (outcome === 'error') s.errors += 1;
      else s.lastSuccessMs = atMs;
    },
    snapshot: () => stats,
  };
}
