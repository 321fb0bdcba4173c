import { type Insertable, type Kysely, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { isPostgres } from '../dialect.ts';
import type { DB, OutboxAttemptsTable, OutboxTable } from '../schema.ts';

/**
 * Query module of the outbox tables (`outbox`, `outbox_attempts`): enqueueing, claiming due rows under a
 * lease, giving leases back, recording attempts, redelivery, listings and retention. Functions taking
 * `trx` run inside the caller's write unit.
 */

type Exec = Kysely<DB>;
export type OutboxRow = Selectable<OutboxTable>;
export type NewOutboxRow = Insertable<OutboxTable>;
export type OutboxAttemptRow = Selectable<OutboxAttemptsTable>;
export type NewOutboxAttempt = Insertable<OutboxAttemptsTable>;

/** Inserts a row to deliver; a row with the same event_id already there makes this a no-op. */
export async function insertOutboxRow(trx: Exec, row: NewOutboxRow): Promise<void> {
  await trx
    .insertInto('outbox')
    .values(row)
    .onConflict((oc) => oc.column('event_id').doNothing())
    .execute();
}

/**
 * A row is due when pending, its time has come and nobody holds a live lease on it (an expired lease
 * is a crashed or stalled worker's: its rows are taken over).
 */
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

/** Stores the record of one attempt. */
export async function insertAttempt(trx: Exec, attempt: NewOutboxAttempt): Promise<void> {
  await trx.insertInto('outbox_attempts').values(attempt).execute();
}

/** A row's state after an attempt (its lease is given up with it). */
export interface AttemptedState {
  state: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAtMs: number | bigint;
  lastStatus: number | null;
  lastError: string | null;
  deliveredAtMs: number | null;
}

/**
 * Sets the row's state after an attempt and ends the lease, only while `owner` still holds it. False when
 * another worker took the row over meanwhile (nothing was changed).
 */
export async function setAttemptedState(
  trx: Exec,
  id: bigint,
  owner: string,
  s: AttemptedState,
): Promise<boolean> {
  const updated = await trx
    .updateTable('outbox')
    .set({
      state: s.state,
      attempts: s.attempts,
      next_attempt_at_ms: s.nextAttemptAtMs,
      lease_owner: null,
      lease_until_ms: null,
      last_status: s.lastStatus,
      last_error: s.lastError,
      delivered_at_ms: s.deliveredAtMs,
    })
    .where('id', '=', id)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return updated.numUpdatedRows !== 0n;
}

// Deliveries (webhooks and e-mails) as the account sees them, and redelivery.

export type DeliveryRow = Pick<
  OutboxRow,
  | 'id'
  | 'kind'
  | 'event_id'
  | 'event_type'
  | 'destination'
  | 'state'
  | 'attempts'
  | 'last_status'
  | 'last_error'
  | 'next_attempt_at_ms'
  | 'created_at_ms'
  | 'delivered_at_ms'
>;

/** The account's newest rows of every kind (webhooks and e-mails), newest first. */
export const listAccountDeliveries = (exec: Exec, accountId: bigint, limit: number): Promise<DeliveryRow[]> =>
  exec
    .selectFrom('outbox')
    .select([
      'id',
      'kind',
      'event_id',
      'event_type',
      'destination',
      'state',
      'attempts',
      'last_status',
      'last_error',
      'next_attempt_at_ms',
      'created_at_ms',
      'delivered_at_ms',
    ])
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** The newest `perRow` attempts of each of the rows `outboxIds` (not empty), newest first. */
export const listLatestAttempts = (
  exec: Exec,
  outboxIds: readonly bigint[],
  perRow: number,
): Promise<OutboxAttemptRow[]> =>
  exec
    .selectFrom((eb) =>
      eb
        .selectFrom('outbox_attempts')
        .selectAll()
        .select(sql<bigint>`row_number() over (partition by outbox_id order by id desc)`.as('rn'))
        .where('outbox_id', 'in', outboxIds)
        .as('a'),
    )
    .selectAll()
    .where('rn', '<=', BigInt(perRow))
    .orderBy('id', 'desc')
    .execute();

/** The account's row (webhook or e-mail) with that event id: its kind, lease and target. */
export const findAccountDelivery = (
  exec: Exec,
  accountId: bigint,
  eventId: string,
): Promise<Pick<OutboxRow, 'id' | 'kind' | 'target_kind' | 'target_id'> | undefined> =>
  exec
    .selectFrom('outbox')
    .select(['id', 'kind', 'target_kind', 'target_id'])
    .where('event_id', '=', eventId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();

/** When the latest attempt of a row started (ms), or null before the first. */
export async function latestAttemptAtMs(exec: Exec, outboxId: bigint): Promise<number | null> {
  const r = await exec
    .selectFrom('outbox_attempts')
    .select((eb) => eb.fn.max('started_at_ms').as('at'))
    .where('outbox_id', '=', outboxId)
    .executeTakeFirst();
  return r?.at == null ? null : Number(r.at);
}

/**
 * Makes the row pending again, due at `nowMs`, with a fresh retry schedule, unless a worker holds a live
 * lease on it (an attempt in flight): then nothing changes and the answer is false.
 */
export async function rescheduleDelivery(trx: Exec, id: bigint, nowMs: number): Promise<boolean> {
  const r = await trx
    .updateTable('outbox')
    .set({
      state: 'pending',
      attempts: 0,
      next_attempt_at_ms: nowMs,
      lease_owner: null,
      lease_until_ms: null,
      delivered_at_ms: null,
    })
    .where('id', '=', id)
    // A worker that claimed the row meanwhile keeps it: the claim and this update exclude each other.
    .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', BigInt(nowMs))]))
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

// Retention: deleting delivered and failed rows with their attempts.

/**
 * PostgreSQL: locks the selected rows for the rest of the unit, skipping rows another transaction holds
 * (a redelivery, another process pruning), so concurrent units never wait on each other or delete the
 * same rows. SQLite has one writer, so the select and the delete that follows see no one in between.
 */
export function lockedForDelete<TB extends keyof DB, O>(
  trx: Exec,
  q: SelectQueryBuilder<DB, TB, O>,
): SelectQueryBuilder<DB, TB, O> {
  return isPostgres(trx) ? q.forUpdate().skipLocked() : q;
}

/**
 * Ids of up to `limit` rows in a final state (delivered or failed) whose last change came before
 * `beforeMs`: no attempt ended at or after it, nor was the row delivered then. Pending rows are never
 * chosen. `next_attempt_at_ms` is at most the time of the row's last attempt, so it narrows the search
 * to the `outbox_due` index (state, next_attempt_at_ms) without excluding any row that qualifies.
 */
export async function finishedRowsBefore(trx: Exec, beforeMs: number, limit: number): Promise<bigint[]> {
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
  const rows = await lockedForDelete(trx, q).execute();
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

// Fair claiming: at most a few rows in flight per destination host, across every worker.

/** Key of the PostgreSQL advisory lock that makes fair claims take turns (they are short). */
const FAIR_CLAIM_LOCK = 7_302_114_551n;

/** A row's host group: its `dest_host`, or the row alone when it has none (rows from before hosts). */
const hostGroup = sql<string>`coalesce(dest_host, 'row:' || cast(id as text))`;

/**
 * Claims up to `limit` due rows for `owner` until `nowMs + leaseMs`, oldest due first, such that no host
 * has more than `perHost` rows under a live lease (in flight) afterwards, counting every worker's. So
 * rows of a slow host wait for their host's slots while other hosts' rows are claimed. PostgreSQL:
 * claims take turns on an advisory lock, each seeing the leases the ones before it committed, and skip
 * rows other units hold (FOR UPDATE SKIP LOCKED); SQLite has one writer. The update repeats the due
 * conditions, so two claims never take one row.
 */
export async function claimDueRowsPerHost(
  trx: Exec,
  owner: string,
  nowMs: number,
  leaseMs: number,
  limit: number,
  perHost: number,
): Promise<OutboxRow[]> {
  if (limit <= 0) return [];
  const now = BigInt(nowMs);
  const postgres = isPostgres(trx);
  if (postgres) await sql`select pg_advisory_xact_lock(${FAIR_CLAIM_LOCK})`.execute(trx);
  const lock = postgres ? sql`for update skip locked` : sql``;
  const picked = await sql<{ id: bigint }>`
    select o.id from outbox o
    where o.id in (
      select d.id from (
        select id, ${hostGroup} as host,
          row_number() over (partition by ${hostGroup} order by next_attempt_at_ms, id) as rn
        from outbox
        where state = 'pending' and next_attempt_at_ms <= ${now}
          and (lease_until_ms is null or lease_until_ms < ${now})
      ) d
      left join (
        select ${hostGroup} as host, count(*) as n from outbox
        where lease_until_ms >= ${now} and state = 'pending'
        group by ${hostGroup}
      ) b on b.host = d.host
      where d.rn + coalesce(b.n, 0) <= ${perHost}
    )
    order by o.next_attempt_at_ms, o.id
    limit ${limit}
    ${lock}`.execute(trx);
  const ids = picked.rows.map((r) => BigInt(r.id));
  if (ids.length === 0) return [];
  const rows = await trx
    .updateTable('outbox')
    .set({ lease_owner: owner, lease_until_ms: nowMs + leaseMs })
    .where('id', 'in', ids)
    .where('state', '=', 'pending')
    .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', now)]))
    .returningAll()
    .execute();
  return rows.sort((a, b) =>
    a.next_attempt_at_ms === b.next_attempt_at_ms
      ? Number(a.id - b.id)
      : Number(a.next_attempt_at_ms - b.next_attempt_at_ms),
  );
}

/**
 * Puts off rows this owner claimed and will not attempt now (their host's circuit is open): due at
 * `untilMs`, lease given back, attempts unchanged (no attempt was made).
 */
export async function putOffClaimed(
  trx: Exec,
  owner: string,
  ids: readonly bigint[],
  untilMs: number,
): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await trx
    .updateTable('outbox')
    .set({ next_attempt_at_ms: untilMs, lease_owner: null, lease_until_ms: null })
    .where('id', 'in', ids)
    .where('lease_owner', '=', owner)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Puts off every pending row of `host` due before `untilMs` that no worker holds: due at `untilMs`,
 * attempts unchanged. Answers how many.
 */
export async function putOffHost(trx: Exec, host: string, nowMs: number, untilMs: number): Promise<number> {
  const r = await trx
    .updateTable('outbox')
    .set({ next_attempt_at_ms: untilMs })
    .where('dest_host', '=', host)
    .where('state', '=', 'pending')
    .where('next_attempt_at_ms', '<', BigInt(untilMs))
    .where((eb) => eb.or([eb('lease_until_ms', 'is', null), eb('lease_until_ms', '<', BigInt(nowMs))]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// The operator console's view of the outbox.

/** Rows per kind and state. */
export const countOutboxByKindAndState = (exec: Exec) =>
  exec
    .selectFrom('outbox')
    .select(['kind', 'state', (eb) => eb.fn.countAll<bigint>().as('n')])
    .groupBy(['kind', 'state'])
    .orderBy('kind')
    .orderBy('state')
    .execute();

/** Pending rows whose time has come (leased or not). */
export async function countDueNow(exec: Exec, nowMs: number): Promise<number> {
  const due = await exec
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('state', '=', 'pending')
    .where('next_attempt_at_ms', '<=', BigInt(nowMs))
    .executeTakeFirst();
  return Number(due?.n ?? 0);
}

/** When the oldest pending row was enqueued; null when none is pending. */
export async function oldestPendingAtMs(exec: Exec): Promise<number | null> {
  const oldest = await exec
    .selectFrom('outbox')
    .select((eb) => eb.fn.min('created_at_ms').as('at'))
    .where('state', '=', 'pending')
    .executeTakeFirst();
  const at = oldest?.at as bigint | number | null | undefined;
  return at === null || at === undefined ? null : Number(at);
}

/** Failed rows, newest first, keyset paged by id (`beforeId`). */
export function listFailedRows(exec: Exec, beforeId: bigint | undefined, limit: number) {
  let q = exec
    .selectFrom('outbox')
    .select([
      'id',
      'kind',
      'event_type',
      'destination',
      'attempts',
      'last_status',
      'last_error',
      'created_at_ms',
    ])
    .where('state', '=', 'failed');
  if (beforeId !== undefined) q = q.where('id', '<', beforeId);
  return q.orderBy('id', 'desc').limit(limit).execute();
}
