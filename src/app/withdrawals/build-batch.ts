import { base64 } from '@scure/base';
import { isUniqueViolation } from '../../db/errors.ts';
import {
  allocateChangeIndex,
  batchById,
  insertBatch,
  insertInputs,
  moveToSigning,
  queuedBtcWithdrawals,
  spendableChange,
  spendableDeposits,
} from '../../db/repos/withdrawal-batches.ts';
import { abort } from '../../domain/errors.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import {
  buildPsbt,
  type Coin,
  feeShares,
  outputBytes,
  type Payment,
  type PsbtInput,
  scriptOf,
  selectCoins,
} from '../../domain/withdrawal-tx.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';
import { btcTransactionsOf, withdrawalKeys } from './batch-keys.ts';
import { batchView, type WithdrawalBatchView } from './batch-view.ts';

/** The lowest fee rate a batch is built at: Bitcoin Core's default minimum relay fee, 1 sat/vB. */
export const MIN_FEE_RATE_SAT_PER_KVB = 1000n;

/**
 * The fee rate for a batch when none is given: the chain's estimate for BTC_WITHDRAW_FEE_TARGET_BLOCKS
 * (Esplora's /fee-estimates, sat per 1000 vbytes); where that target has no entry, the nearest faster
 * one (a higher rate), else the slowest there is. Never below 1 sat/vB.
 */
export function pickFeeRate(estimates: ReadonlyMap<number, bigint>, targetBlocks: number): bigint | null {
  const targets = [...estimates.keys()].sort((a, b) => a - b);
  if (targets.length === 0) return null;
  const faster = targets.filter((t) => t <= targetBlocks);
  const target = faster.length > 0 ? faster[faster.length - 1]! : targets[0]!;
  const rate = estimates.get(target)!;
  return rate < MIN_FEE_RATE_SAT_PER_KVB ? MIN_FEE_RATE_SAT_PER_KVB : rate;
}

/**
 * `paytag payouts psbt`: one PSBT paying every queued BTC withdrawal (the oldest
 * BTC_WITHDRAW_MAX_OUTPUTS), spending credited deposits and confirmed change (largest first, see
 * domain/withdrawal-tx.ts selectCoins), change to the next address of `…/1/i`. In one write unit the
 * withdrawals move queued → signing with their fee share and the batch, and its inputs are recorded: a
 * withdrawal cancelled, or an output taken by a concurrent build, meanwhile makes the whole build a
 * state_conflict with nothing recorded (build again). Money does not move: the reserves stay in escrow
 * until the transaction confirms.
 */
export async function buildWithdrawalBatch(
  deps: AppDeps,
  opts: { feeRateSatPerKvb?: bigint } = {},
): Promise<Result<WithdrawalBatchView>> {
  const chain = btcTransactionsOf(deps);
  if (chain === null) {
    return err(
      'chain_unavailable',
      'no Bitcoin chain is set up (BTC_WATCHER off): nothing can be built or sent',
    );
  }
  const keys = withdrawalKeys(deps);
  if (!keys.ok) return keys;
  const cfg = deps.config.payouts;
  const network = deps.config.lightning.network;
  let rate = opts.feeRateSatPerKvb;
  if (rate !== undefined && (rate < MIN_FEE_RATE_SAT_PER_KVB || rate > cfg.withdrawMaxFeeRateSatPerKvb)) {
    return err(
      'invalid_request',
      `the fee rate must be from 1 to ${cfg.withdrawMaxFeeRateSatPerKvb / 1000n} sat/vB (BTC_WITHDRAW_MAX_FEE_RATE_SAT_VB)`,
      'fee_rate',
    );
  }
  const withdrawals = await queuedBtcWithdrawals(deps.db.read, cfg.withdrawMaxOutputs);
  if (withdrawals.length === 0) return err('state_conflict', 'no BTC withdrawal is queued: nothing to build');
  if (rate === undefined) {
    const estimates = await chain.feeEstimates();
    if (!estimates.ok) return err('chain_unavailable', `fee estimates: ${estimates.error.reason}`);
    const picked = pickFeeRate(estimates.value, cfg.withdrawFeeTargetBlocks);
    if (picked === null) return err('chain_unavailable', 'the chain gave no fee estimate; give --fee-rate');
    if (picked > cfg.withdrawMaxFeeRateSatPerKvb) {
      return err(
        'invalid_request',
        `the estimated fee rate ${picked} sat/kvB is above BTC_WITHDRAW_MAX_FEE_RATE_SAT_VB; give --fee-rate or raise the limit`,
      );
    }
    rate = picked;
  }
  const payments: Payment[] = withdrawals.map((w) => ({
    address: w.address,
    amountSat: w.amount_sat,
    outputSize: outputBytes(scriptOf(w.address, network).length),
  }));
  const rows = [
    ...(await spendableDeposits(deps.db.read, cfg.withdrawMaxInputs)),
    ...(await spendableChange(deps.db.read, cfg.withdrawMaxInputs)),
  ];
  const coins: Coin[] = rows.map((r) => ({
    txid: r.txid,
    vout: Number(r.vout),
    amountSat: r.amountSat,
    keyChain: r.keyChain,
    index: r.derivationIndex,
  }));
  // The previous transactions (non_witness_utxo): network calls, before the write unit. A coin whose
  // transaction the chain does not know (a sandbox deposit from before its chain kept transactions, one
  // reorganised away since) is left out and the selection made again without it.
  const raw = new Map<string, string>();
  const unknown = new Set<string>();
  let picked = selectCoins(coins, payments, rate, cfg.withdrawMaxInputs);
  while (picked.ok) {
    const missing = [...new Set(picked.coins.map((c) => c.txid))].filter((txid) => !raw.has(txid));
    if (missing.length === 0) break;
    for (const txid of missing) {
      const r = await chain.rawTransaction(txid);
      if (!r.ok) return err('chain_unavailable', `transaction ${txid}: ${r.error.reason}`);
      if (r.value === null) unknown.add(txid);
      else raw.set(txid, r.value);
    }
    if (unknown.size > 0) {
      picked = selectCoins(
        coins.filter((c) => !unknown.has(c.txid)),
        payments,
        rate,
        cfg.withdrawMaxInputs,
      );
    }
  }
  if (unknown.size > 0) {
    deps.log.warn(
      { txids: [...unknown].slice(0, 10) },
      'withdrawal batch: credited deposits whose transaction the chain does not know were left out',
    );
  }
  if (!picked.ok) {
    return err(
      'insufficient_balance',
      `the wallet's confirmed outputs do not cover the ${withdrawals.length} queued withdrawal(s) and the fee at ${rate} sat/kvB: ${picked.missingSat} sat missing` +
        (picked.limitedByInputs ? ` within BTC_WITHDRAW_MAX_INPUTS (${cfg.withdrawMaxInputs}) inputs` : ''),
    );
  }
  const shares = feeShares(
    picked.feeSat,
    rate,
    payments.map((p) => p.outputSize),
  );
  const over = withdrawals.filter((w, i) => shares[i]! > w.fee_reserve_sat);
  if (over.length > 0) {
    const w = over[0]!;
    const share = shares[withdrawals.indexOf(w)]!;
    return err(
      'amount_out_of_range',
      `withdrawal ${w.public_id}'s share of the fee (${share} sat at ${rate} sat/kvB) is above its fee reserve of ${w.fee_reserve_sat} sat` +
        (over.length > 1 ? ` (and ${over.length - 1} more)` : '') +
        ': build at a lower --fee-rate, or cancel it',
    );
  }
  const rowOf = (c: Coin) => rows.find((r) => r.txid === c.txid && Number(r.vout) === c.vout)!;
  const inputs: PsbtInput[] = picked.coins.map((c) => ({ ...c, rawTxHex: raw.get(c.txid)! }));
  const outputSat = payments.reduce((a, p) => a + p.amountSat, 0n);
  const inputSat = picked.coins.reduce((a, c) => a + c.amountSat, 0n);
  const nowMs = deps.clock.nowMs();
  const publicId = deps.ids.publicId(16);
  const built = await runWrite(deps.db, async (trx) => {
    const changeIndex = picked.changeSat > 0n ? await allocateChangeIndex(trx) : null;
    const psbt = buildPsbt(
      {
        inputs,
        payments: payments.map((p) => ({ address: p.address, amountSat: p.amountSat })),
        change: changeIndex === null ? null : { index: changeIndex, amountSat: picked.changeSat },
      },
      keys.value.account,
      keys.value.origin,
      network,
    );
    const id = await insertBatch(trx, {
      public_id: publicId,
      status: 'signing',
      psbt: base64.encode(psbt.psbt),
      txid: psbt.txid,
      fee_sat: picked.feeSat,
      fee_rate_sat_per_kvb: rate,
      vsize: BigInt(picked.vsize),
      input_sat: inputSat,
      output_sat: outputSat,
      change_sat: picked.changeSat,
      change_vout: psbt.changeVout === null ? null : BigInt(psbt.changeVout),
      change_address: psbt.changeAddress,
      change_derivation_index: changeIndex,
      created_at_ms: nowMs,
      updated_at_ms: nowMs,
    });
    await insertInputs(
      trx,
      picked.coins.map((c) => {
        const r = rowOf(c);
        return {
          batch_id: id,
          txid: c.txid,
          vout: BigInt(c.vout),
          amount_sat: c.amountSat,
          source: r.source,
          deposit_id: r.depositId,
          change_batch_id: r.changeBatchId,
          key_chain: BigInt(c.keyChain),
          derivation_index: c.index,
        };
      }),
    );
    const moved = await moveToSigning(
      trx,
      withdrawals.map((w, i) => ({ id: w.id, feeSat: shares[i]! })),
      id,
      nowMs,
    );
    if (moved !== withdrawals.length) {
      abort(
        'state_conflict',
        'a withdrawal left the queue while the batch was built (cancelled, or taken by another build): build again',
      );
    }
    return id;
  }).catch((e: unknown) => {
    if (isUniqueViolation(e)) {
      return err(
        'state_conflict',
        'an output the batch would spend was taken by another build meanwhile: build again',
      );
    }
    throw e;
  });
  if (!built.ok) return built;
  const row = await batchById(deps.db.read, built.value);
  if (row === undefined) throw new Error(`withdrawal batch ${built.value} vanished`);
  return ok(await batchView(deps.db.read, row, keys.value.origin));
}
