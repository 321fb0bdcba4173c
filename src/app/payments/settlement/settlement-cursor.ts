import type { Kysely } from 'kysely';
import { advanceKvCounter, getKv, putKv } from '../../../db/repos/kv.ts';
import type { DB } from '../../../db/schema.ts';
import { err, ok, type Result } from '../../../domain/result.ts';
import type { AppDeps } from '../../deps.ts';
import type { InvoiceSettlement, LightningBackend } from '../../ports.ts';
import { runPlainWrite } from '../../write.ts';
import { reportSettlement, type SettleOutcome, settleInUnit } from './settle-incoming.ts';

// Where the backend's settlement stream resumes after a restart. Each settlement carries the backend's
// position after it (LND settle_index, CLN pay_index); that position is stored in the write unit that
// credits the settlement, and the next subscription asks the node for everything after it. Crediting is
// idempotent by payment hash, so replaying too much is harmless; the stored position only moves forward.

/** Canonical decimal integer: digits, no sign, no leading zeros. */
const CANONICAL = /^(0|[1-9][0-9]*)$/;

export function isCursor(v: string): boolean {
  return CANONICAL.test(v);
}

/** A cursor from a backend in canonical form, or null when it is not a decimal integer. */
function canonicalCursor(v: string): string | null {
  return /^[0-9]{1,30}$/.test(v) ? BigInt(v).toString() : null;
}

/** Per backend kind and node, so a cursor of one node is never used with another. */
export function settlementCursorKey(kind: LightningBackend['kind'], pubkey: string): string {
  return `lightning.settlement_cursor:${kind}:${pubkey}`;
}

export interface SettlementStreamStart {
  /** The kv key this node's cursor lives under. */
  key: string;
  /** The stored cursor, or null: the stream then starts where the backend starts it. */
  fromCursor: string | null;
}

/** Asks the node who it is and reads where its settlement stream left off. */
export async function openSettlementStream(
  deps: AppDeps,
  backend: LightningBackend,
): Promise<Result<SettlementStreamStart>> {
  let pubkey: string;
  try {
    pubkey = (await backend.nodeInfo()).pubkey;
  } catch (e) {
    deps.log.warn({ err: e }, 'Lightning node did not answer getinfo');
    return err('lightning_unavailable', 'the Lightning node could not be reached');
  }
  const key = settlementCursorKey(backend.kind, pubkey);
  const stored = await getKv(deps.db.read, key);
  if (stored !== undefined && !isCursor(stored)) {
    deps.log.warn({ key, stored }, 'stored settlement cursor is not a decimal integer; ignored');
    return ok({ key, fromCursor: null });
  }
  return ok({ key, fromCursor: stored ?? null });
}

/**
 * Stores `cursor` under key unless a later one is stored already; answers whether it moved. A cursor
 * that is not a decimal integer is not stored (logged): the stream then resumes from an earlier one.
 */
async function advanceCursorInUnit(
  deps: AppDeps,
  trx: Kysely<DB>,
  key: string,
  cursor: string,
  nowMs: number,
): Promise<boolean> {
  const value = canonicalCursor(cursor);
  if (value === null) {
    deps.log.warn({ key, cursor }, 'settlement cursor is not a decimal integer; not stored');
    return false;
  }
  const current = await getKv(trx, key);
  if (current !== undefined && !isCursor(current)) {
    // Not something this service wrote: replace it rather than compare with it.
    await putKv(trx, key, value, nowMs);
    return true;
  }
  return advanceKvCounter(trx, key, value, nowMs);
}

/**
 * Credits a settlement and moves the stored cursor past it, in one write unit: the cursor never passes
 * a settlement that was not credited, and a crash loses neither. Settlements of invoices that are not
 * this service's move the cursor too. Throws when crediting fails, so the backend delivers the
 * settlement again; the cursor stays where it was.
 */
export async function creditSettlement(
  deps: AppDeps,
  key: string,
  s: InvoiceSettlement,
): Promise<SettleOutcome> {
  const nowMs = deps.clock.nowMs();
  const outcome = await runPlainWrite(deps.db, async (trx) => {
    const outcome = await settleInUnit(deps, trx, s, nowMs);
    if (s.cursor !== undefined) await advanceCursorInUnit(deps, trx, key, s.cursor, nowMs);
    return outcome;
  });
  reportSettlement(deps, s, outcome);
  return outcome;
}
