import { anyDue, claimDueRows, type OutboxRow, releaseLeases } from '../../db/repos/outbox.ts';
import type { AppDeps } from '../deps.ts';
import { attemptEmail } from '../mail/attempt-email.ts';
import { attemptWebhook } from '../webhooks/attempt-webhook.ts';
import { signingSecrets } from '../webhooks/signing-secrets.ts';
import { type AttemptResult, recordAttempt } from './record-attempt.ts';

export interface DispatchRound {
  /** Rows claimed this round (at most OUTBOX_BATCH_SIZE). */
  claimed: number;
  delivered: number;
  retrying: number;
  failed: number;
  /** Claimed but given back unattempted (shutdown, or too little lease left). */
  released: number;
}

/** Runs fn over items with at most `limit` calls in flight. */
async function forEachLimited<T>(items: readonly T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    for (let i = next++; i < items.length; i = next++) await fn(items[i] as T);
  });
  await Promise.all(lanes);
}

const hostOf = (url: string): string => {
  try {
    return new URL(url).host;
  } catch {
    return '(invalid url)';
  }
};

/**
 * One round of the delivery engine: claims due outbox rows under a lease (one short write unit), makes
 * the attempts outside any transaction with bounded concurrency, and records each attempt in its own
 * write unit as soon as it ends. Whatever happens in between (crash, kill, lost connection), an
 * unrecorded row keeps its pending state and is claimed again once its lease expires: every row is
 * delivered at least once, and exactly once unless a worker dies after the receiver answered and
 * before the answer was recorded (receivers deduplicate by `webhook-id`).
 *
 * When `signal` aborts (shutdown), attempts in flight run to their end (bounded by their timeout) and
 * are recorded, because cutting one short would leave its outcome unknown and send it twice; rows not
 * started yet are given back at once.
 */
export async function dispatchDue(
  deps: AppDeps,
  signal: AbortSignal,
  opts: { owner?: string } = {},
): Promise<DispatchRound> {
  const round: DispatchRound = { claimed: 0, delivered: 0, retrying: 0, failed: 0, released: 0 };
  if (signal.aborted) return round;
  const { db, config, clock, log } = deps;
  const claimedAtMs = clock.nowMs();
  if (!(await anyDue(db.read, claimedAtMs))) return round;

  // A fresh owner per round: a lease names exactly one round of one worker.
  const owner = opts.owner ?? `w_${deps.ids.hex(8)}`;
  const rows = await db.write((trx) =>
    claimDueRows(trx, db.dialect, owner, claimedAtMs, config.outbox.leaseMs, config.outbox.batchSize),
  );
  round.claimed = rows.length;
  if (rows.length === 0) return round;

  const leaseUntilMs = claimedAtMs + config.outbox.leaseMs;
  const webhookAccounts = rows.flatMap((r) =>
    r.kind === 'webhook' && r.account_id !== null ? [r.account_id] : [],
  );
  const secrets = await signingSecrets(db.read, webhookAccounts, claimedAtMs);
  const unattempted: bigint[] = [];

  const attempt = (row: OutboxRow): Promise<AttemptResult> => {
    if (row.kind === 'email') return attemptEmail(deps, row);
    const own = row.account_id === null ? undefined : secrets.get(row.account_id);
    return attemptWebhook(deps, row, own ?? []);
  };

  await forEachLimited(rows, config.outbox.concurrency, async (row) => {
    const timeoutMs = row.kind === 'email' ? config.mail.timeoutMs : config.webhooks.timeoutMs;
    // Never start an attempt after shutdown began, or one that could outlive the lease (another worker
    // might then send it too).
    if (signal.aborted || clock.nowMs() + timeoutMs >= leaseUntilMs) {
      unattempted.push(row.id);
      return;
    }
    try {
      const result = await attempt(row);
      const outcome = await db.write((trx) => recordAttempt(trx, row, owner, result, clock.nowMs(), log));
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
      // The row keeps its lease and is attempted again after it expires.
      log.error({ outboxId: String(row.id), err: e }, 'outbox delivery round failed for one row');
    }
  });

  if (unattempted.length > 0) {
    await db.write((trx) => releaseLeases(trx, owner, unattempted));
    round.released = unattempted.length;
  }
  return round;
}
