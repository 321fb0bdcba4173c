import { type AccountRef, createTransfer, lockAccountsInOrder } from '../../db/repos/ledger.ts';
import {
  batchesToTrack,
  batchWithdrawals,
  markBroadcast,
  markConfirmed,
  markUnconfirmed,
  setDepth,
  type WithdrawalBatchRow,
} from '../../db/repos/withdrawal-batches.ts';
import { MSAT_PER_SAT } from '../../domain/money.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';
import { btcTransactionsOf } from './batch-keys.ts';
import { WITHDRAWAL_ESCROW } from './queue.ts';

/** Batches one tracking round looks at, at most. */
export const TRACK_BATCHES_PER_ROUND = 50;

export interface TrackRound {
  looked: number;
  broadcast: number;
  confirmed: number;
  reorganised: number;
  rebroadcast: number;
  unavailable: number;
}

/**
 * Posts a batch that reached BTC_CONFIRMATIONS, in one write unit with its move to `confirmed`; per
 * withdrawal (asset btc, msat; ids derive from the withdrawal, so nothing posts twice):
 *   `cw:<id>:sent`  withdrawal_escrow → onchain_settlement  (amount + fee share) × 1000: what left on chain
 *   `cw:<id>:rest`  withdrawal_escrow → payer               (fee reserve − fee share) × 1000, when > 0
 * `onchain_settlement` is where deposits came from (their credit debited it), so it mirrors the wallet.
 */
async function confirmBatch(
  deps: AppDeps,
  b: WithdrawalBatchRow,
  at: { confirmations: number; blockHeight: number; blockHash: string },
): Promise<boolean> {
  const nowMs = deps.clock.nowMs();
  return runPlainWrite(deps.db, async (trx) => {
    const ws = await batchWithdrawals(trx, b.id);
    const accounts: AccountRef[] = [
      ...ws.map((w) => ({ owner: w.account_id })),
      WITHDRAWAL_ESCROW,
      { system: 'onchain_settlement' },
    ];
    await lockAccountsInOrder(trx, accounts, 'btc');
    if (!(await markConfirmed(trx, b.id, at, nowMs))) return false;
    for (const w of ws) {
      const share = w.fee_sat ?? 0n;
      await createTransfer(
        trx,
        {
          id: `cw:${w.id}:sent`,
          debit: WITHDRAWAL_ESCROW,
          credit: { system: 'onchain_settlement' },
          asset: 'btc',
          amount: (w.amount_sat + share) * MSAT_PER_SAT,
          code: 'withdrawal_sent',
          ref: `chain_withdrawal:${w.id}`,
        },
        nowMs,
      );
      const rest = (w.fee_reserve_sat - share) * MSAT_PER_SAT;
      if (rest > 0n) {
        await createTransfer(
          trx,
          {
            id: `cw:${w.id}:rest`,
            debit: WITHDRAWAL_ESCROW,
            credit: { owner: w.account_id },
            asset: 'btc',
            amount: rest,
            code: 'withdrawal_fee_rest',
            ref: `chain_withdrawal:${w.id}`,
          },
          nowMs,
        );
      }
    }
    return true;
  });
}

/**
 * One round of the withdrawal tracking job: for each batch not yet final, asks the chain where its
 * transaction is.
 * - signing, and the chain shows the transaction (the operator's wallet broadcast it, or a crash came
 *   between our broadcast and its record): → broadcast, with the signed transaction from the chain.
 * - broadcast: at BTC_CONFIRMATIONS → confirmed and posted (confirmBatch); shallower: its depth noted;
 *   unknown to the chain (dropped from mempools): broadcast again.
 * - confirmed, while shallower than BTC_CONFIRMATIONS + CHAIN_REORG_RECHECK_BLOCKS: if the chain no
 *   longer shows it in a block (a reorganisation), the batch goes back to `broadcast` and the signed
 *   transaction is broadcast again. Its withdrawals stay `confirmed` and their posting stands: the same
 *   transaction (same txid, same outputs) is valid again in the next blocks, and the batch is followed
 *   until it is buried again (then it is confirmed again without posting twice, the transfer ids being
 *   the withdrawal's). Only the operator's own wallet could spend those inputs otherwise; a batch that
 *   stays `broadcast` is then for the operator to look at (docs/payouts.md).
 */
export async function trackWithdrawalBatches(deps: AppDeps): Promise<TrackRound> {
  const round: TrackRound = {
    looked: 0,
    broadcast: 0,
    confirmed: 0,
    reorganised: 0,
    rebroadcast: 0,
    unavailable: 0,
  };
  const chain = btcTransactionsOf(deps);
  if (chain === null) return round;
  const need = deps.config.chainWatch.btcConfirmations;
  const recheck = need + deps.config.chainWatch.reorgRecheckBlocks;
  const batches = await batchesToTrack(deps.db.read, recheck, TRACK_BATCHES_PER_ROUND);
  for (const b of batches) {
    round.looked += 1;
    const st = await chain.status(b.txid);
    if (!st.ok) {
      round.unavailable += 1;
      continue;
    }
    const s = st.value;
    const nowMs = deps.clock.nowMs();
    if (b.status === 'signing') {
      if (s.state === 'unknown') continue;
      let raw = b.signed_tx;
      if (raw === null) {
        const r = await chain.rawTransaction(b.txid);
        if (!r.ok || r.value === null) continue;
        raw = r.value;
      }
      const signedRaw = raw;
      if (await runPlainWrite(deps.db, (trx) => markBroadcast(trx, b, signedRaw, nowMs)))
        round.broadcast += 1;
      continue;
    }
    if (b.status === 'broadcast') {
      if (s.state === 'confirmed' && s.confirmations >= need) {
        if (await confirmBatch(deps, b, s)) round.confirmed += 1;
      } else if (s.state === 'confirmed') {
        await runPlainWrite(deps.db, (trx) => setDepth(trx, b.id, s, nowMs));
      } else if (s.state === 'unknown' && b.signed_tx !== null) {
        const sent = await chain.broadcast(b.signed_tx);
        if (!sent.ok) round.unavailable += 1;
        else if (sent.value.accepted) round.rebroadcast += 1;
        else
          deps.log.warn(
            { batch: b.public_id, reason: sent.value.reason },
            'withdrawal batch: broadcast again refused',
          );
      }
      continue;
    }
    // confirmed, still within reach of a reorganisation
    if (s.state === 'confirmed') {
      await runPlainWrite(deps.db, (trx) => setDepth(trx, b.id, s, nowMs));
      continue;
    }
    if (await runPlainWrite(deps.db, (trx) => markUnconfirmed(trx, b.id, nowMs))) {
      round.reorganised += 1;
      deps.log.warn(
        { batch: b.public_id, txid: b.txid },
        'withdrawal batch: its confirmed transaction left the chain (reorganisation); broadcasting it again',
      );
      if (s.state === 'unknown' && b.signed_tx !== null) {
        const sent = await chain.broadcast(b.signed_tx);
        if (sent.ok && sent.value.accepted) round.rebroadcast += 1;
      }
    }
  }
  return round;
}
