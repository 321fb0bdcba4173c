import type { Insertable } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  type ChainWithdrawalRow,
  findChainWithdrawalById,
  findChainWithdrawalByKey,
  insertChainWithdrawal,
} from '../../db/repos/chain-withdrawals.ts';
import { type AccountRef, createTransfer, lockAccountsInOrder } from '../../db/repos/ledger.ts';
import type { ChainWithdrawalsTable } from '../../db/schema.ts';
import { abort } from '../../domain/errors.ts';
import type { ChainAsset } from '../../domain/payments/vocabulary.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';

/** Where a withdrawal's reserve waits until it is paid out or given back (btc and usdt). */
export const WITHDRAWAL_ESCROW: AccountRef = { system: 'withdrawal_escrow' };

/** The columns a wallet's withdrawal fills itself; the rest are the queue's. */
export type WithdrawalColumns = Omit<
  Insertable<ChainWithdrawalsTable>,
  | 'public_id'
  | 'account_id'
  | 'status'
  | 'idempotency_key'
  | 'request_hash'
  | 'created_at_ms'
  | 'updated_at_ms'
>;

/**
 * Queues a checked withdrawal of either wallet: in one write unit the `queued` row and the transfer
 * `cw:<id>:escrow` of `reserve` (in `asset`'s ledger unit) from the caller to `withdrawal_escrow`
 * (insufficient_balance: nothing written). With an Idempotency-Key, the first answer is replayed for the
 * same request (`requestHash`) and refused for another; of concurrent requests with one key exactly one
 * writes, the others answer its row.
 */
export async function queueWithdrawal(
  deps: AppDeps,
  caller: Caller,
  w: {
    idempotencyKey: string | null;
    requestHash: string;
    asset: ChainAsset;
    reserve: bigint;
    columns: WithdrawalColumns;
  },
): Promise<Result<ChainWithdrawalRow>> {
  const replay = async (key: string): Promise<Result<ChainWithdrawalRow> | undefined> => {
    const earlier = await findChainWithdrawalByKey(deps.db.read, caller.accountId, key);
    if (earlier === undefined) return undefined;
    if (earlier.request_hash !== w.requestHash) {
      return err(
        'idempotency_conflict',
        'this Idempotency-Key was already used with a different request; use a new key for a new withdrawal',
        'Idempotency-Key',
      );
    }
    return ok(earlier);
  };
  if (w.idempotencyKey !== null) {
    const earlier = await replay(w.idempotencyKey);
    if (earlier !== undefined) return earlier;
  }
  const nowMs = deps.clock.nowMs();
  const created = await runWrite(deps.db, async (trx) => {
    await lockAccountsInOrder(trx, [{ owner: caller.accountId }, WITHDRAWAL_ESCROW], w.asset);
    const id = await insertChainWithdrawal(trx, {
      ...w.columns,
      public_id: deps.ids.publicId(16),
      account_id: caller.accountId,
      status: 'queued',
      idempotency_key: w.idempotencyKey,
      request_hash: w.idempotencyKey === null ? null : w.requestHash,
      created_at_ms: nowMs,
      updated_at_ms: nowMs,
    });
    if (id === undefined) abort('idempotency_conflict', 'a concurrent request with this Idempotency-Key');
    await createTransfer(
      trx,
      {
        id: `cw:${id}:escrow`,
        debit: { owner: caller.accountId },
        credit: WITHDRAWAL_ESCROW,
        asset: w.asset,
        amount: w.reserve,
        code: 'withdrawal_escrow',
        ref: `chain_withdrawal:${id}`,
      },
      nowMs,
    );
    return id!;
  }).catch((e: unknown) => {
    if (isUniqueViolation(e))
      return err('idempotency_conflict', 'a concurrent request with this Idempotency-Key');
    throw e;
  });
  if (!created.ok) {
    // A concurrent request with the same key created it first: answer it as a replay.
    if (created.error.code === 'idempotency_conflict' && w.idempotencyKey !== null) {
      const earlier = await replay(w.idempotencyKey);
      if (earlier !== undefined) return earlier;
    }
    return created;
  }
  const row = await findChainWithdrawalById(deps.db.read, caller.accountId, created.value);
  if (row === undefined) throw new Error(`withdrawal ${created.value} vanished`);
  return ok(row);
}
