import type { Logger } from '../ports.ts';

/** Hosts whose circuit state one process keeps at most; closed ones are forgotten first. */
const MAX_TRACKED_HOSTS = 10_000;
/** A circuit stays open at most this many times its first open period. */
const MAX_OPEN_FACTOR = 16;

interface HostCircuit {
  /** Timeouts in a row, since the host last answered. */
  timeouts: number;
  /** While set, the circuit is open until then; after it, half-open (one probe at a time). */
  openUntilMs: number | null;
  /** Open periods in a row (each failed probe doubles the next one). */
  opens: number;
  probing: boolean;
}

/** What to do with a claimed row of a host now. */
export type CircuitDecision = { go: true; probe: boolean } | { go: false; untilMs: number };

/**
 * Circuit breakers per destination host, in one process. After `threshold` timeouts in a row the
 * circuit opens: rows of the host are put off without connecting until the open period ends. Then one
 * attempt goes out as a probe (half-open): an answer of any kind closes the circuit; another timeout
 * opens it again for twice as long, at most MAX_OPEN_FACTOR times the first period. Every change is
 * logged (warn when it opens, info when it closes). Memory is bounded by MAX_TRACKED_HOSTS.
 */
export class HostBreakers {
  private readonly circuits = new Map<string, HostCircuit>();

  constructor(
    private readonly threshold: number,
    private readonly openMs: number,
    private readonly probeMs: number,
    private readonly log: Logger,
  ) {}

  /** Whether a claimed row of `host` may be attempted now (and whether it is the half-open probe). */
  decide(host: string, nowMs: number): CircuitDecision {
    const c = this.circuits.get(host);
    if (c === undefined || c.openUntilMs === null) return { go: true, probe: false };
    if (nowMs < c.openUntilMs) return { go: false, untilMs: c.openUntilMs };
    // Half-open: one probe at a time; other rows wait about as long as the probe may take.
    if (c.probing) return { go: false, untilMs: nowMs + this.probeMs };
    c.probing = true;
    return { go: true, probe: true };
  }

  /**
   * Records how an attempt to `host` ended. Answers the time until which the host's rows are to be put
   * off when this result opened (or reopened) the circuit, else null.
   */
  record(host: string, timedOut: boolean, probe: boolean, nowMs: number): number | null {
    const c = this.circuits.get(host);
    if (!timedOut) {
      if (c === undefined) return null;
      // A probe's answer closes the circuit; another attempt's answer only while it is closed (an
      // attempt that started before the circuit opened says nothing about the host now).
      if (c.openUntilMs !== null && !probe) return null;
      this.circuits.delete(host);
      if (c.openUntilMs !== null) this.log.info({ host }, 'outbox circuit closed: the host answered');
      return null;
    }
    const circuit = c ?? { timeouts: 0, openUntilMs: null, opens: 0, probing: false };
    if (c === undefined) this.remember(host, circuit);
    circuit.timeouts += 1;
    if (circuit.openUntilMs !== null && !probe) return null;
    if (circuit.openUntilMs === null && circuit.timeouts < this.threshold) return null;
    circuit.opens += 1;
    circuit.probing = false;
    const openMs = Math.min(this.openMs * 2 ** (circuit.opens - 1), this.openMs * MAX_OPEN_FACTOR);
    circuit.openUntilMs = nowMs + openMs;
    this.log.warn(
      { host, timeouts: circuit.timeouts, openMs, probe },
      'outbox circuit opened: the host keeps timing out; its deliveries are put off without connecting',
    );
    return circuit.openUntilMs;
  }

  /** A probe that was not attempted after all (shutdown, lease): another may go. */
  cancelProbe(host: string): void {
    const c = this.circuits.get(host);
    if (c !== undefined) c.probing = false;
  }

  private remember(host: string, circuit: HostCircuit): void {
    this.circuits.set(host, circuit);
    if (this.circuits.size <= MAX_TRACKED_HOSTS) return;
    for (const [h, c] of this.circuits) {
      if (c.openUntilMs === null && h !== host) {
        this.circuits.delete(h);
        return;
      }
    }
    // Every tracked host is open: forget the oldest (its rows are attempted again, and reopen it).
    const oldest = this.circuits.keys().next();
    if (!oldest.done && oldest.value !== host) this.circuits.delete(oldest.value);
  }
}
