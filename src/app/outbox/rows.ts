import type { Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import type { Dialect } from '../../db/database.ts';
import type { DB, OutboxTable } from '../../db/schema.ts';
import { RETRY_DELAYS_MS, retryDelayMs } from '../../domain/webhooks.ts';
import type { Logger } from '../ports.ts';
import { type DeliveryReport, deliveryStatusSink } from './status-sinks.ts';

// Queries of the outbox delivery engine: claiming due rows under a lease, giving leases back, and
// recording an attempt together with the row's next state and the target's status.

export type OutboxRow = Selectable<OutboxTable>;

/** Longest response or server reply kept per attempt. */
export const RESPONSE_EXCERPT_MAX_CHARS = 1024;
/** Longest error text kept per attempt. */
const ERROR_MAX_CHARS = 500;

type Exec = Kysely<DB>;

function dueRows(exec: Exec, nowMs: number) {
  const now = BigInt(nowMs);
  return exec
    .selectFrom('outbox')
    .where('state', '=', 'pending')
    .where('next_attempt_at_ms', '<=', now)
    .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', now)]));
}

/** Whether anything is due: a cheap read that spares an idle process a write transaction per poll. */
export async function anyDue(exec: Exec, nowMs: number): Promise<boolean> {
  const row = await dueRows(exec, nowMs).select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

/**
 * Claims up to `limit` due rows for `owner` until `nowMs + leaseMs`, oldest due first. A row is due
 * when pending, its time has come and nobody holds a live lease on it (an expired lease is a crashed or
 * stalled worker: its rows are taken over). PostgreSQL: concurrent claimers skip each other's locked
 * rows (FOR UPDATE SKIP LOCKED). SQLite: the claim runs inside the single writer's transaction, and the
 * update repeats the conditions, so two claims can never take the same row.
 */
export async function claimDueRows(
  trx: Exec,
  dialect: Dialect,
  owner: string,
  nowMs: number,
  leaseMs: number,
  limit: number,
): Promise<OutboxRow[]> {
  let candidates = dueRows(trx, nowMs).select('id').orderBy('next_attempt_at_ms').orderBy('id').limit(limit);
  if (dialect === 'postgres') candidates = candidates.forUpdate().skipLocked();
  const rows = await trx
    .updateTable('outbox')
    .set({ lease_owner: owner, lease_until_ms: nowMs + leaseMs })
    .where('id', 'in', candidates)
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', BigInt(nowMs))]))
    .returningAll()
    .execute();
  return rows.sort((a, b) =>
    a.next_attempt_at_ms === b.next_attempt_at_ms
      ? Number(a.id - b.id)
      : Number(a.next_attempt_at_ms - b.next_attempt_at_ms),
  );
}

/** Gives back leases of rows this owner will not attempt (shutdown), so any worker may take them now. */
export async function releaseLeases(trx: Exec, owner: string, ids: readonly bigint[]): Promise<void> {
  if (ids.length === 0) return;
  await trx
    .updateTable('outbox')
    .set({ lease_owner: null, lease_until_ms: null })
    .where('id', 'in', ids)
    .where('lease_owner', '=', owner)
    .execute();
}

/** What one attempt found out, before it is recorded. */
export interface AttemptResult {
  startedAtMs: number;
  durationMs: number;
  /** delivered; retry: worth trying again later; failed: never worth trying again. */
  verdict: 'delivered' | 'retry' | 'failed';
  status: number | null;
  error: string | null;
  responseExcerpt: string | null;
  /** The least wait the receiver asked for (Retry-After), if any. */
  minRetryDelayMs: number | null;
}

const clip = (s: string | null, max: number): string | null =>
  s === null ? null : s.length > max ? `${s.slice(0, max)}…` : s;

/**
 * Records one attempt in one write unit: the attempt row, the outbox row's next state (delivered;
 * pending with the next retry time; or failed when the schedule is used up) and the target's status via
 * its registered sink. Applies only while `owner` still holds the lease: if another worker took the row
 * over meanwhile, only the attempt row is kept (it did happen) and the other worker decides the state.
 * Returns the outcome, or null when the lease had been lost.
 */
export async function recordAttempt(
  trx: Exec,
  row: OutboxRow,
  owner: string,
  a: AttemptResult,
  nowMs: number,
  log: Logger,
): Promise<DeliveryReport['outcome'] | null> {
  await trx
    .insertInto('outbox_attempts')
    .values({
      outbox_id: row.id,
      started_at_ms: a.startedAtMs,
      duration_ms: a.durationMs,
      outcome: a.verdict,
      status: a.status,
      error: clip(a.error, ERROR_MAX_CHARS),
      response_excerpt: clip(a.responseExcerpt, RESPONSE_EXCERPT_MAX_CHARS),
    })
    .execute();

  const attempts = Number(row.attempts) + 1;
  const delayMs = a.verdict === 'retry' ? retryDelayMs(attempts) : null;
  const outcome: DeliveryReport['outcome'] =
    a.verdict === 'delivered' ? 'delivered' : delayMs === null ? 'failed' : 'retrying';
  const lastError =
    outcome === 'failed' && a.verdict === 'retry'
      ? `gave up after ${attempts} attempts: ${a.error}`
      : a.error;
  // A receiver's Retry-After may lengthen the wait, up to the schedule's longest step.
  const longestMs = RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1] ?? 0;
  const waitMs = delayMs === null ? 0 : Math.max(delayMs, Math.min(a.minRetryDelayMs ?? 0, longestMs));

  const updated = await trx
    .updateTable('outbox')
    .set({
      state: outcome === 'delivered' ? 'delivered' : outcome === 'failed' ? 'failed' : 'pending',
      attempts,
      next_attempt_at_ms: outcome === 'retrying' ? nowMs + waitMs : row.next_attempt_at_ms,
      lease_owner: null,
      lease_until_ms: null,
      last_status: a.status,
      last_error: clip(lastError, ERROR_MAX_CHARS),
      delivered_at_ms: outcome === 'delivered' ? nowMs : null,
    })
    .where('id', '=', row.id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return null;

  if (row.target_kind !== null && row.target_id !== null) {
    const sink = deliveryStatusSink(row.target_kind);
    if (sink === undefined) {
      log.error(
        { outboxId: String(row.id), targetKind: row.target_kind },
        'no delivery status sink registered for this target kind; its status was not updated',
      );
    } else {
      await sink(trx, row.target_id, {
        channel: row.kind,
        outcome,
        status: a.status,
        attemptedAtMs: a.startedAtMs,
        error: outcome === 'delivered' ? null : lastError,
      });
    }
  }
  return outcome;
}

// Retention: deleting delivered and failed rows with their attempts, and old dev mailbox messages.

/**
 * PostgreSQL: locks the selected rows for the rest of the unit, skipping rows another transaction holds
 * (a redelivery, another process pruning), so concurrent units never wait on each other or delete the
 * same rows. SQLite has one writer, so the select and the delete that follows see no one in between.
 */
function lockedForDelete<TB extends keyof DB, O>(
  q: SelectQueryBuilder<DB, TB, O>,
  dialect: Dialect,
): SelectQueryBuilder<DB, TB, O> {
  return dialect === 'postgres' ? q.forUpdate().skipLocked() : q;
}

/**
 * Ids of up to `limit` rows in a final state (delivered or failed) whose last change came before
 * `beforeMs`: no attempt ended at or after it, nor was the row delivered then. Pending rows are never
 * chosen. `next_attempt_at_ms` is at most the time of the row's last attempt, so it narrows the search
 * to the `outbox_due` index (state, next_attempt_at_ms) without excluding any row that qualifies.
 */
export async function finishedRowsBefore(
  trx: Exec,
  dialect: Dialect,
  beforeMs: number,
  limit: number,
): Promise<bigint[]> {
  const before = BigInt(beforeMs);
  const q = trx
    .selectFrom('outbox')
    .select('id')
    .where('state', 'in', ['delivered', 'failed'])
    .where('next_attempt_at_ms', '<', before)
    .where((eb) => eb.or([eb('delivered_at_ms', 'is', null), eb('delivered_at_ms', '<', before)]))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('outbox_attempts')
            .select('outbox_attempts.id')
            .whereRef('outbox_attempts.outbox_id', '=', 'outbox.id')
            .where((ab) =>
              ab(
                ab('outbox_attempts.started_at_ms', '+', ab.ref('outbox_attempts.duration_ms')),
                '>=',
                before,
              ),
            ),
        ),
      ),
    )
    .limit(limit);
  const rows = await lockedForDelete(q, dialect).execute();
  return rows.map((r) => r.id);
}

/** Deletes outbox rows and their attempts (attempts first: they reference the rows). */
export async function deleteOutboxRows(
  trx: Exec,
  ids: readonly bigint[],
): Promise<{ rows: number; attempts: number }> {
  if (ids.length === 0) return { rows: 0, attempts: 0 };
  const attempts = await trx.deleteFrom('outbox_attempts').where('outbox_id', 'in', ids).executeTakeFirst();
  const rows = await trx.deleteFrom('outbox').where('id', 'in', ids).executeTakeFirst();
  return { rows: Number(rows.numDeletedRows), attempts: Number(attempts.numDeletedRows) };
}

/** Deletes up to `limit` dev mailbox messages stored before `beforeMs`, oldest first; returns how many. */
export async function deleteMailboxBefore(
  trx: Exec,
  dialect: Dialect,
  beforeMs: number,
  limit: number,
): Promise<number> {
  const old = trx
    .selectFrom('dev_mailbox')
    .select('id')
    .where('created_at_ms', '<', BigInt(beforeMs))
    .orderBy('id')
    .limit(limit);
  const deleted = await trx
    .deleteFrom('dev_mailbox')
    .where('id', 'in', lockedForDelete(old, dialect))
    .executeTakeFirst();
  return Number(deleted.numDeletedRows);
}
