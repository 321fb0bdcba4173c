import {
  anyDue,
  claimDueRowsPerHost,
  type OutboxRow,
  putOffClaimed,
  putOffHost,
  releaseLeases,
} from '../../db/repos/outbox.ts';
import type { AppDeps } from '../deps.ts';
import { attemptEmail } from '../mail/attempt-email.ts';
import { attemptNwcEvent } from '../nwc/attempt-event.ts';
import { NWC_NOTIFICATION_EVENT, NWC_OUTBOX_EVENT } from '../nwc/events.ts';
import { attemptWebhook } from '../webhooks/attempt-webhook.ts';
import { signingSecrets } from '../webhooks/signing-secrets.ts';
import { runPlainWrite } from '../write.ts';
import { attemptZapReceipt } from '../zaps/attempt-receipt.ts';
import { HostBreakers } from './breakers.ts';
import { deliveryHost } from './enqueue.ts';
import { type AttemptResult, recordAttempt, recordNotSent } from './record-attempt.ts';
import { sendRefusal } from './status-sinks.ts';

export interface DispatchRound {
  /** Rows claimed (at most OUTBOX_BATCH_SIZE per `dispatchDue`). */
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
  /** Claimed but given back unattempted (too little lease left). */
  released: number;
  /** Claimed but put off without connecting, because their host's circuit is open. */
  putOff: number;
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid url)';
  }
};

/** The host group a row is limited and broken by (rows from before hosts: their URL's host). */
const hostKey = (row: OutboxRow): string => row.dest_host ?? deliveryHost(row.kind, row.destination);

/**
 * Whether an attempt ended without any answer within its timeout. Webhooks and zap receipts: the
 * `timeout` failure (attemptWebhook and attemptZapReceipt write `<reason>: <message>`); e-mails: the
 * mailer's deadline.
 */
function timedOut(row: OutboxRow, r: AttemptResult): boolean {
  if (r.status !== null || r.error === null) return false;
  return row.kind === 'email' ? r.error.startsWith('no reply within') : r.error.startsWith('timeout:');
}

/**
 * The delivery engine of one worker. Lanes (OUTBOX_CONCURRENCY) are refilled continuously: as soon as
 * one is free, the next due row is claimed, under a lease, in a short write unit, and attempted outside
 * any transaction; there is no round to wait for. A claim takes at most OUTBOX_PER_HOST rows in flight
 * per destination host, counting every worker's leases, so the rows of a slow host wait for their own
 * host's slots while other hosts' rows go out. A host that keeps timing out has its circuit opened
 * (HostBreakers): its rows are put off without connecting, then one probe goes out.
 *
 * Each attempt is recorded in its own write unit as soon as it ends. Whatever happens in between
 * (crash, kill, lost connection), an unrecorded row keeps its pending state and is claimed again once
 * its lease expires: every row is delivered at least once, and exactly once unless a worker dies after
 * the receiver answered and before the answer was recorded (receivers deduplicate by `webhook-id`).
 *
 * When `signal` aborts (shutdown), no new row is claimed and the attempts in flight run to their end
 * (bounded by their timeout) and are recorded, because cutting one short would leave its outcome unknown
 * and send it twice. Rows are claimed only when a lane is free to attempt them at once, so nothing else
 * is held.
 */
export class Dispatcher {
  private readonly breakers: HostBreakers;
  private readonly inFlight = new Set<Promise<void>>();
  /** Attempts ended so far: a claim that found nothing while one ended may have missed a freed slot. */
  private ended = 0;

  constructor(private readonly deps: AppDeps) {
    const { config, log } = deps;
    this.breakers = new HostBreakers(
      config.outbox.breakerTimeouts,
      config.outbox.breakerOpenMs,
      Math.max(config.webhooks.timeoutMs, config.mail.timeoutMs),
      log,
    );
  }

  /**
   * Claims and attempts due rows until nothing more is due and nothing is in flight, or until `maxClaims`
   * rows were claimed, or `signal` aborts; then waits for the attempts in flight. Answers what happened.
   */
  async drain(signal: AbortSignal, maxClaims: number): Promise<DispatchRound> {
    const round = newRound();
    while (!signal.aborted) {
      const endedBefore = this.ended;
      const got = await this.fill(round, maxClaims - round.claimed);
      if (got === 0 && this.inFlight.size === 0) {
        // Nothing claimable and nothing in flight: done, unless an attempt ended during the claim (its
        // host's slot may have been freed after the claim looked).
        if (this.ended === endedBefore) break;
        continue;
      }
      if (got === 0 || this.inFlight.size >= this.deps.config.outbox.concurrency)
        await Promise.race(this.inFlight);
      if (round.claimed >= maxClaims) break;
    }
    await Promise.all(this.inFlight);
    return round;
  }

  /**
   * Runs until `signal` aborts: refills free lanes at once when one frees up, polls every
   * OUTBOX_POLL_INTERVAL_MS while lanes are free and nothing is due; at the end waits for the attempts
   * in flight.
   */
  async run(signal: AbortSignal): Promise<void> {
    const { log, config } = this.deps;
    const round = newRound();
    while (!signal.aborted) {
      const endedBefore = this.ended;
      let got = 0;
      try {
        got = await this.fill(round, Number.POSITIVE_INFINITY);
      } catch (e) {
        log.error({ err: e }, 'outbox claim failed');
        await this.wait(signal, 5_000);
        continue;
      }
      if (got > 0 && this.inFlight.size < config.outbox.concurrency) continue;
      // An attempt that ended while the claim looked may have freed its host's slot: look again.
      if (this.ended !== endedBefore && this.inFlight.size < config.outbox.concurrency) continue;
      await this.wait(
        signal,
        this.inFlight.size >= config.outbox.concurrency
          ? Number.POSITIVE_INFINITY
          : config.outbox.pollIntervalMs,
      );
    }
    await Promise.all(this.inFlight);
  }

  /** Waits until an attempt in flight ends, `ms` pass or `signal` aborts. */
  private async wait(signal: AbortSignal, ms: number): Promise<void> {
    if (signal.aborted) return;
    let timer: NodeJS.Timeout | undefined;
    let onAbort = () => {};
    const aborted = new Promise<void>((resolve) => {
      onAbort = resolve;
      signal.addEventListener('abort', onAbort, { once: true });
    });
    const waits: Promise<unknown>[] = [aborted, ...this.inFlight];
    if (Number.isFinite(ms)) waits.push(new Promise((resolve) => (timer = setTimeout(resolve, ms))));
    try {
      await Promise.race(waits);
    } finally {
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
    }
  }

  /** Claims rows for the free lanes (at most `budget`) and starts their attempts; answers how many. */
  private async fill(round: DispatchRound, budget: number): Promise<number> {
    const { db, config, clock } = this.deps;
    const free = Math.min(config.outbox.concurrency - this.inFlight.size, budget);
    if (free <= 0) return 0;
    const claimedAtMs = clock.nowMs();
    if (!(await anyDue(db.read, claimedAtMs))) return 0;
    // A fresh owner per claim: a lease names exactly one claim of one worker.
    const owner = `w_${this.deps.ids.hex(8)}`;
    const rows = await runPlainWrite(db, (trx) =>
      claimDueRowsPerHost(trx, owner, claimedAtMs, config.outbox.leaseMs, free, config.outbox.perHost),
    );
    if (rows.length === 0) return 0;
    round.claimed += rows.length;

    // Rows of hosts whose circuit is open are put off at once, without connecting.
    const putOff = new Map<number, bigint[]>();
    const go: Array<{ row: OutboxRow; probe: boolean }> = [];
    for (const row of rows) {
      const d = this.breakers.decide(hostKey(row), claimedAtMs);
      if (d.go) go.push({ row, probe: d.probe });
      else putOff.set(d.untilMs, [...(putOff.get(d.untilMs) ?? []), row.id]);
    }
    for (const [untilMs, ids] of putOff) {
      round.putOff += await runPlainWrite(db, (trx) => putOffClaimed(trx, owner, ids, untilMs));
    }

    const webhookAccounts = go.flatMap(({ row: r }) =>
      r.kind === 'webhook' && r.account_id !== null ? [r.account_id] : [],
    );
    const secrets =
      webhookAccounts.length === 0 ? new Map() : await signingSecrets(db.read, webhookAccounts, claimedAtMs);
    const leaseUntilMs = claimedAtMs + config.outbox.leaseMs;
    for (const { row, probe } of go) {
      const p: Promise<void> = this.attemptOne(row, owner, probe, leaseUntilMs, secrets, round).finally(
        () => {
          this.ended += 1;
          this.inFlight.delete(p);
        },
      );
      this.inFlight.add(p);
    }
    return rows.length;
  }

  private async attemptOne(
    row: OutboxRow,
    owner: string,
    probe: boolean,
    leaseUntilMs: number,
    secrets: Map<bigint, string[]>,
    round: DispatchRound,
  ): Promise<void> {
    const { db, config, clock, log } = this.deps;
    const host = hostKey(row);
    const timeoutMs = row.kind === 'email' ? config.mail.timeoutMs : config.webhooks.timeoutMs;
    try {
      // Never start an attempt that could outlive the lease (another worker might then send it too).
      if (clock.nowMs() + timeoutMs >= leaseUntilMs) {
        if (probe) this.breakers.cancelProbe(host);
        await runPlainWrite(db, (trx) => releaseLeases(trx, owner, [row.id]));
        round.released += 1;
        return;
      }
      // A target may refuse to be delivered now (a voucher e-mail once the voucher no longer pays):
      // checked at every attempt, the first included; such a row is recorded as not sent.
      const refusal = await sendRefusal(db.read, this.deps.hooks, row, clock.nowMs());
      if (refusal !== null) {
        if (probe) this.breakers.cancelProbe(host);
        if (
          await runPlainWrite(db, (trx) =>
            recordNotSent(trx, row, owner, refusal.message, clock.nowMs(), this.deps),
          )
        ) {
          round.failed += 1;
          log.info(
            { outboxId: String(row.id), kind: row.kind, eventType: row.event_type, reason: refusal.code },
            'outbox delivery not sent: its target refused it',
          );
        }
        return;
      }
      const result =
        row.kind === 'email'
          ? await attemptEmail(this.deps, row)
          : row.kind === 'nostr'
            ? row.event_type === NWC_OUTBOX_EVENT || row.event_type === NWC_NOTIFICATION_EVENT
              ? await attemptNwcEvent(this.deps, row)
              : await attemptZapReceipt(this.deps, row)
            : await attemptWebhook(
                this.deps,
                row,
                (row.account_id === null ? undefined : secrets.get(row.account_id)) ?? [],
              );
      const outcome = await runPlainWrite(db, (trx) =>
        recordAttempt(trx, row, owner, result, clock.nowMs(), this.deps),
      );
      const openUntilMs = this.breakers.record(host, timedOut(row, result), probe, clock.nowMs());
      if (openUntilMs !== null) {
        const n = await runPlainWrite(db, (trx) => putOffHost(trx, host, clock.nowMs(), openUntilMs));
        round.putOff += n;
        if (n > 0)
          log.warn(
            { host, rows: n, untilMs: openUntilMs },
            'outbox rows of a host put off while its circuit is open',
          );
      }
      if (outcome === null) {
        log.warn(
          { outboxId: String(row.id) },
          'outbox row was taken over by another worker during its attempt',
        );
        return;
      }
      if (outcome === 'delivered') round.delivered += 1;
      else if (outcome === 'retrying') round.retrying += 1;
      else {
        round.failed += 1;
        log.warn(
          {
            outboxId: String(row.id),
            kind: row.kind,
            eventType: row.event_type,
            destination: row.kind === 'webhook' ? hostOf(row.destination) : undefined,
            status: result.status,
            error: result.error,
          },
          'outbox delivery failed for good',
        );
      }
    } catch (e) {
      if (probe) this.breakers.cancelProbe(host);
      // The row keeps its lease and is attempted again after it expires.
      log.error({ outboxId: String(row.id), err: e }, 'outbox delivery failed for one row');
    }
  }
}

const newRound = (): DispatchRound => ({
  claimed: 0,
  delivered: 0,
  retrying: 0,
  failed: 0,
  released: 0,
  putOff: 0,
});

/**
 * Delivers what is due now, with a dispatcher of its own (tests, tools): claims up to OUTBOX_BATCH_SIZE
 * rows as lanes free up, at most OUTBOX_PER_HOST in flight per host, and resolves once nothing more is
 * due and every attempt is recorded. On abort, attempts in flight end and are recorded, nothing new is
 * claimed.
 */
export async function dispatchDue(deps: AppDeps, signal: AbortSignal): Promise<DispatchRound> {
  if (signal.aborted) return newRound();
  return new Dispatcher(deps).drain(signal, deps.config.outbox.batchSize);
}
