import { type Kysely, sql } from 'kysely';
import type { BudgetRenewal } from '../../domain/nostr/nwc.ts';
import { isPostgres } from '../dialect.ts';
import type { DB } from '../schema.ts';

type Exec = Kysely<DB>;

/** A position in the walk over nwc_requests, oldest first: after this row (time, then id). */
export interface NwcRequestPosition {
  createdAtMs: bigint;
  id: bigint;
}

export interface OldNwcRequest extends NwcRequestPosition {
  /** Its payment still counts toward its connection's budget (see nwcSpentSince): the row must stay. */
  counted: boolean;
}

/**
 * The next `limit` requests taken before `beforeMs`, after `after`, oldest first, each with whether the
 * budget still counts it: a request whose payment is paid or pending, of a connection not revoked,
 * taken in the budget period that holds now (`periodStartMs` per renewal; 0 for a total budget) — the
 * rows `nwcSpentSince` sums. Two steps, so that the walk is a range of the (created_at_ms, id) index
 * alone whatever join order a planner would choose; the second looks the picked rows up by id. On
 * PostgreSQL the picked rows are locked and rows another unit holds are skipped, so concurrent sweeps
 * never wait on each other; SQLite has one writer.
 */
export async function oldNwcRequests(
  trx: Exec,
  q: {
    beforeMs: number;
    after: NwcRequestPosition | null;
    periodStartMs: Record<BudgetRenewal, number>;
    limit: number;
  },
): Promise<OldNwcRequest[]> {
  let s = trx
    .selectFrom('nwc_requests')
    .select(['id', 'created_at_ms'])
    .where('created_at_ms', '<', BigInt(q.beforeMs));
  const after = q.after;
  if (after !== null) {
    s = s.where((eb) =>
      eb.or([
        eb('created_at_ms', '>', after.createdAtMs),
        eb.and([eb('created_at_ms', '=', after.createdAtMs), eb('id', '>', after.id)]),
      ]),
    );
  }
  s = s.orderBy('created_at_ms').orderBy('id').limit(q.limit);
  const picked = await (isPostgres(trx) ? s.forUpdate().skipLocked() : s).execute();
  if (picked.length === 0) return [];
  const p = q.periodStartMs;
  // Typed for PostgreSQL, which would take an untyped parameter in a CASE as text.
  const ms = (v: number) => sql`CAST(${BigInt(v)} AS BIGINT)`;
  const periodStart = sql<bigint>`CASE c.budget_renewal WHEN 'daily' THEN ${ms(p.daily)} WHEN 'weekly' THEN ${ms(p.weekly)} WHEN 'monthly' THEN ${ms(p.monthly)} WHEN 'yearly' THEN ${ms(p.yearly)} ELSE ${ms(p.total)} END`;
  const counted = await trx
    .selectFrom('nwc_requests as r')
    .innerJoin('nwc_connections as c', 'c.id', 'r.connection_id')
    .innerJoin('payments as p', 'p.id', 'r.payment_id')
    .select('r.id')
    .where(
      'r.id',
      'in',
      picked.map((r) => r.id),
    )
    .where('c.revoked_at_ms', 'is', null)
    .where('p.status', 'in', ['paid', 'pending'])
    .where(sql<boolean>`r.created_at_ms >= ${periodStart}`)
    .execute();
  const keep = new Set(counted.map((r) => r.id));
  return picked.map((r) => ({ id: r.id, createdAtMs: r.created_at_ms, counted: keep.has(r.id) }));
}

export async function deleteNwcRequests(trx: Exec, ids: readonly bigint[]): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await trx.deleteFrom('nwc_requests').where('id', 'in', ids).executeTakeFirst();
  return Number(r.numDeletedRows);
}
