import type { Kysely } from 'kysely';
import { insertOperatorAction, listOperatorActionRows } from '../../db/repos/operator-actions.ts';
import type { DB } from '../../db/schema.ts';
import type { AppDeps } from '../deps.ts';

/** Who did an operator action: an operator's account (console), or a system user (command line). */
export interface OperatorActor {
  accountId: bigint | null;
  /** As people read it: the operator's usertag, or `operator:<system user>`. */
  name: string;
}

export type OperatorActionKind =
  | 'account_disable'
  | 'account_enable'
  | 'kyc_review'
  | 'operator_create'
  | 'withdrawal_batch_build'
  | 'withdrawal_batch_submit'
  | 'withdrawal_batch_abandon'
  | 'withdrawal_usdt_record';

export interface OperatorActionInput {
  action: OperatorActionKind;
  targetAccountId: bigint | null;
  target: string;
  detail: Record<string, string | number | boolean | null>;
}

/** Records an operator action; call it inside the write unit of the change it describes. */
export async function recordOperatorAction(
  trx: Kysely<DB>,
  actor: OperatorActor,
  a: OperatorActionInput,
  nowMs: number,
): Promise<void> {
  await insertOperatorAction(trx, {
    actor_account_id: actor.accountId,
    actor: actor.name,
    action: a.action,
    target_account_id: a.targetAccountId,
    target: a.target,
    detail: JSON.stringify(a.detail),
    at_ms: nowMs,
  });
}

export interface OperatorActionView {
  id: bigint;
  actor: string;
  action: string;
  target: string;
  detail: Record<string, unknown>;
  atMs: number;
}

/** Most operator actions a page lists. */
const ACTIONS_PAGE_MAX = 100;

/** Operator actions, newest first, keyset paged by id (`beforeId`); of one account with `targetAccountId`. */
export async function listOperatorActions(
  deps: AppDeps,
  q: { targetAccountId?: bigint; beforeId?: bigint; limit?: number } = {},
): Promise<OperatorActionView[]> {
  const limit = Math.min(Math.max(q.limit ?? 50, 1), ACTIONS_PAGE_MAX);
  const rows = await listOperatorActionRows(deps.db.read, { ...q, limit });
  return rows.map((r) => ({
    id: r.id,
    actor: r.actor,
    action: r.action,
    target: r.target,
    detail: parseDetail(r.detail),
    atMs: Number(r.at_ms),
  }));
}

function parseDetail(json: string): Record<string, unknown> {
  try {
    const o: unknown = JSON.parse(json);
    return o !== null && typeof o === 'object' ? (o as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
