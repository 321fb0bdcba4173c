import {
  type ChainWithdrawalRow,
  cancelQueuedChainWithdrawal,
  findChainWithdrawal,
  findChainWithdrawalById,
  listChainWithdrawals,
} from '../../db/repos/chain-withdrawals.ts';
import { createTransfer, lockAccountsInOrder } from '../../db/repos/ledger.ts';
import { DUST_LIMIT_SAT, parseBtcAddress } from '../../domain/btc-address.ts';
import { MAX_BTC_MSAT, MSAT_PER_SAT, parseBtcToMsat } from '../../domain/money.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { requestHash } from '../payments/engine/idempotency.ts';
import { runWrite } from '../write.ts';
import { queueWithdrawal, WITHDRAWAL_ESCROW } from './queue.ts';
import { createUsdtWithdrawal } from './usdt.ts';

/**
 * Withdrawals of on-chain BTC (docs/payouts.md): the service reserves and queues, a later step builds one
 * PSBT paying every queued withdrawal for the operator's wallet to sign (the server holds no private key).
 *
 * Ledger (asset `btc`, msat; transfer ids derive from the withdrawal, so a replayed step moves nothing):
 *   creation  payer → withdrawal_escrow   (amount + fee reserve) × 1000   `cw:<id>:escrow`  ref chain_withdrawal:<id>
 *   cancel    withdrawal_escrow → payer   the same                        `cw:<id>:cancel`  ref chain_withdrawal:<id>
 * The cancel transfer is made only by the one write unit whose conditional update moved the row from
 * `queued` to `cancelled`, and its id is unique: the escrow comes back once.
 */

/** A withdrawal as the HTTP layer shows it: its row. */
export type Withdrawal = ChainWithdrawalRow;

export interface WithdrawCommand {
  wallet: unknown;
  /** usdt: the EVM network (ERC20, BEP20, MATIC); btc: none. */
  chainNetwork?: unknown;
  address: unknown;
  amount: unknown;
  idempotencyKey: string | null;
}

const ID = /^[a-z0-9]{16}$/;

/** Reserves amount + fee reserve from the caller's btc balance and queues the withdrawal. */
export async function createWithdrawal(
  deps: AppDeps,
  caller: Caller,
  cmd: WithdrawCommand,
): Promise<Result<ChainWithdrawalRow>> {
  if (cmd.wallet === 'usdt')
    return createUsdtWithdrawal(deps, caller, { ...cmd, chainNetwork: cmd.chainNetwork });
  if (cmd.wallet !== 'btc') {
    return err(
      'invalid_request',
      'wallet must be "btc" (on-chain BTC) or "usdt" (USDT on an EVM network)',
      'wallet',
    );
  }
  const address = parseBtcAddress(cmd.address, deps.config.lightning.network);
  if (!address.ok) return address;
  if (cmd.amount === undefined || cmd.amount === null || cmd.amount === '') {
    return err('invalid_request', 'amount is required: BTC, at most 8 decimals', 'amount');
  }
  const msat = parseBtcToMsat(cmd.amount, 'amount');
  if (!msat.ok) return msat;
  const amountSat = msat.value / MSAT_PER_SAT;
  const dust = DUST_LIMIT_SAT[address.value.type];
  if (amountSat < dust) {
    return err(
      'invalid_request',
      `amount must be at least ${dust} sat for a ${address.value.type} address (below it the output is dust no node relays)`,
      'amount',
    );
  }
  const feeReserveSat = deps.config.payouts.withdrawFeeReserveSat;
  const reservedMsat = (amountSat + feeReserveSat) * MSAT_PER_SAT;
  if (reservedMsat > MAX_BTC_MSAT) return err('invalid_request', 'amount exceeds 21,000,000 BTC', 'amount');
  const hash = requestHash('withdraw', { wallet: 'btc', address: address.value.text, amountSat });
  return queueWithdrawal(deps, caller, {
    idempotencyKey: cmd.idempotencyKey,
    requestHash: hash,
    asset: 'btc',
    reserve: reservedMsat,
    columns: {
      wallet: 'btc',
      address: address.value.text,
      address_type: address.value.type,
      amount_sat: amountSat,
      fee_reserve_sat: feeReserveSat,
      reserved_msat: reservedMsat,
    },
  });
}

/** One withdrawal of the caller; another account's is not_found, as an unknown id. */
export async function getWithdrawal(
  deps: AppDeps,
  caller: Caller,
  publicId: string,
): Promise<Result<ChainWithdrawalRow>> {
  const row = ID.test(publicId)
    ? await findChainWithdrawal(deps.db.read, caller.accountId, publicId)
    : undefined;
  return row === undefined ? err('not_found', 'no withdrawal with this id') : ok(row);
}

/** A page of the caller's withdrawals, newest first, and the `before` of the next page (null: none). */
export async function listWithdrawals(
  deps: AppDeps,
  caller: Caller,
  cmd: { limit: number; before: string | null },
): Promise<Result<{ withdrawals: ChainWithdrawalRow[]; next: string | null }>> {
  let beforeId: bigint | null = null;
  if (cmd.before !== null) {
    const from = ID.test(cmd.before)
      ? await findChainWithdrawal(deps.db.read, caller.accountId, cmd.before)
      : undefined;
    if (from === undefined)
      return err('invalid_request', 'before is not a withdrawal id of this account', 'before');
    beforeId = from.id;
  }
  const rows = await listChainWithdrawals(deps.db.read, caller.accountId, beforeId, cmd.limit + 1);
  const page = rows.slice(0, cmd.limit);
  return ok({
    withdrawals: page,
    next: rows.length > cmd.limit ? (page[page.length - 1]?.public_id ?? null) : null,
  });
}

/**
 * Cancels a queued withdrawal and gives its reserve back, once: of concurrent cancels exactly one moves
 * the row and the money; the others (and any later cancel) answer the cancelled withdrawal. One that has
 * left `queued` (it is in a PSBT being signed, or later) is a state_conflict.
 */
export async function cancelWithdrawal(
  deps: AppDeps,
  caller: Caller,
  publicId: string,
): Promise<Result<ChainWithdrawalRow>> {
  const found = await getWithdrawal(deps, caller, publicId);
  if (!found.ok) return found;
  const w = found.value;
  const nowMs = deps.clock.nowMs();
  // What the escrow took: btc (amount + fee reserve) in msat, usdt the amount in 10^-6 USDT.
  const asset = w.wallet;
  const reserved = w.wallet === 'usdt' ? w.amount_units : w.reserved_msat;
  if (reserved === null) throw new Error(`withdrawal ${w.id} without its reserve`);
  const done = await runWrite(deps.db, async (trx) => {
    await lockAccountsInOrder(trx, [{ owner: caller.accountId }, WITHDRAWAL_ESCROW], asset);
    if (!(await cancelQueuedChainWithdrawal(trx, w.id, nowMs))) return false;
    await createTransfer(
      trx,
      {
        id: `cw:${w.id}:cancel`,
        debit: WITHDRAWAL_ESCROW,
        credit: { owner: caller.accountId },
        asset,
        amount: reserved,
        code: 'withdrawal_cancel',
        ref: `chain_withdrawal:${w.id}`,
      },
      nowMs,
    );
    return true;
  });
  if (!done.ok) return done;
  const now = await findChainWithdrawalById(deps.db.read, caller.accountId, w.id);
  if (now === undefined) throw new Error(`withdrawal ${w.id} vanished`);
  if (now.status !== 'cancelled') {
    return err(
      'state_conflict',
      `the withdrawal is ${now.status}: it can be cancelled only while queued, before it joins a transaction (or, for USDT, before its transaction is recorded)`,
    );
  }
  return ok(now);
}
