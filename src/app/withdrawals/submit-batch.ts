import { base64 } from '@scure/base';
import type { HDKey } from '@scure/bip32';
import { Transaction } from '@scure/btc-signer';
import {
  batchById,
  batchByPublicId,
  batchInputs,
  batchWithdrawals,
  liveBatchByTxid,
  liveBatchesSpending,
  markBroadcast,
  recordBroadcastError,
  recordSigned,
  type WithdrawalBatchRow,
} from '../../db/repos/withdrawal-batches.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { differences, type ExpectedTx, readSigned, scriptOf } from '../../domain/withdrawal-tx.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';
import { btcTransactionsOf, withdrawalKeys } from './batch-keys.ts';
import { batchView, type WithdrawalBatchView } from './batch-view.ts';

/** Largest submitted text (a PSBT of BTC_WITHDRAW_MAX_INPUTS inputs with their previous transactions fits). */
export const MAX_SIGNED_TEXT_CHARS = 16 * 1024 * 1024;

/** What the batch's transaction must spend and pay, from the database. */
async function expectedOf(deps: AppDeps, b: WithdrawalBatchRow): Promise<ExpectedTx> {
  const network = deps.config.lightning.network;
  const [ins, ws] = await Promise.all([
    batchInputs(deps.db.read, b.id),
    batchWithdrawals(deps.db.read, b.id),
  ]);
  const outputs: Array<ExpectedTx['outputs'][number]> = ws.map((w) => ({
    script: Buffer.from(scriptOf(w.address, network)).toString('hex'),
    amountSat: w.amount_sat,
    what: `withdrawal ${w.public_id} to ${w.address}`,
  }));
  if (b.change_address !== null) {
    outputs.push({
      script: Buffer.from(scriptOf(b.change_address, network)).toString('hex'),
      amountSat: b.change_sat,
      what: `the change to ${b.change_address}`,
    });
  }
  return { inputs: ins.map((i) => ({ txid: i.txid, vout: Number(i.vout) })), outputs };
}

/**
 * `paytag payouts submit`: takes the operator's signed PSBT (base64 or hex) or signed raw transaction
 * (hex), finds its batch by the unsigned txid, checks that it spends exactly the batch's inputs and pays
 * exactly its outputs (each withdrawal's address and amount, and its change), finalises it (btc-signer),
 * broadcasts it, and moves the batch and its withdrawals to `broadcast`. The signed transaction is kept
 * before the broadcast, so a crash after it loses nothing (the tracking job sees it on the chain).
 * Submitting the same transaction again answers the batch as it is. A broadcast the chain refuses leaves
 * the batch `signing` with the reason (`broadcastError`) and answers payment_failed with it.
 */
export async function submitSignedWithdrawal(
  deps: AppDeps,
  input: { text: string },
): Promise<Result<WithdrawalBatchView>> {
  if (input.text.length > MAX_SIGNED_TEXT_CHARS) {
    return err('payload_too_large', `a signed transaction of more than ${MAX_SIGNED_TEXT_CHARS} characters`);
  }
  const read = readSigned(input.text);
  if (!read.ok) return read;
  const tx = read.value;
  const batch = await liveBatchByTxid(deps.db.read, tx.txid);
  const keys = withdrawalKeys(deps);
  const origin = keys.ok ? keys.value.origin : undefined;
  if (batch === undefined) {
    // Not the batch's transaction: say what differs from the batch whose inputs it spends.
    const near = await liveBatchesSpending(deps.db.read, tx.inputs);
    if (near.length === 0) {
      return err(
        'invalid_request',
        'this transaction is not one of a withdrawal batch waiting for its signature: it spends none of their inputs',
      );
    }
    const b = near[0]!;
    const why =
      differences(tx, await expectedOf(deps, b)) ?? 'its version, lock time or input sequence differ';
    return err('invalid_request', `this transaction is not batch ${b.public_id}'s: ${why}; nothing was sent`);
  }
  // The txid covers every input and output; this names anything that differs all the same.
  const why = differences(tx, await expectedOf(deps, batch));
  if (why !== null) throw new Error(`batch ${batch.public_id}: same txid but ${why}`);
  if (batch.status === 'broadcast' || batch.status === 'confirmed') {
    return ok(await batchView(deps.db.read, batch, origin));
  }
  if (tx.rawHex === null) {
    return err(
      'invalid_request',
      `the PSBT of batch ${batch.public_id} is not fully signed (${tx.unfinished ?? 'signatures missing'}): sign every input, then submit it again`,
    );
  }
  const chain = btcTransactionsOf(deps);
  if (chain === null) return err('chain_unavailable', 'no Bitcoin chain is set up (BTC_WATCHER off)');
  const rawHex = tx.rawHex;
  await runPlainWrite(deps.db, (trx) => recordSigned(trx, batch.id, rawHex, deps.clock.nowMs()));
  const sent = await chain.broadcast(rawHex);
  if (!sent.ok) {
    return err(
      'chain_unavailable',
      `the transaction was not broadcast (${sent.error.reason}); submit it again`,
    );
  }
  if (!sent.value.accepted) {
    const reason = sent.value.reason;
    await runPlainWrite(deps.db, (trx) => recordBroadcastError(trx, batch.id, reason, deps.clock.nowMs()));
    return err(
      'payment_failed',
      `the chain refused the transaction of batch ${batch.public_id}: ${reason}. The batch stays signing; abandon it (paytag payouts abandon ${batch.public_id}) to build again`,
    );
  }
  await runPlainWrite(deps.db, (trx) => markBroadcast(trx, batch, rawHex, deps.clock.nowMs()));
  const now = await batchById(deps.db.read, batch.id);
  if (now === undefined) throw new Error(`withdrawal batch ${batch.id} vanished`);
  return ok(await batchView(deps.db.read, now, origin));
}

/**
 * Signs a PSBT with the hot seed's master key (btc-signer; each input's bip32_derivation names its key)
 * and finalises it: the raw transaction, or why it could not be signed.
 */
export function signWithMaster(psbtBase64: string, master: HDKey): Result<string> {
  try {
    const tx = Transaction.fromPSBT(base64.decode(psbtBase64), { allowUnknownOutputs: true });
    // btc-signer's signer type is @scure/bip32's HDKey with a non-null public key, which a master key has.
    const signed = tx.sign(master as unknown as Parameters<Transaction['sign']>[0]);
    if (signed !== tx.inputsLength) {
      return err('invalid_request', `the seed signed ${signed} of ${tx.inputsLength} inputs`);
    }
    tx.finalize();
    return ok(tx.hex);
  } catch (e) {
    return err('invalid_request', `the seed could not sign the PSBT: ${(e as Error).message}`);
  }
}

/**
 * Hot-seed mode (the server holds the seed: sandbox, development): signs a batch that is signing with
 * the seed and submits it through the same checks as an operator's signature (`paytag payouts psbt
 * --sign`). Refused when the keys are the operator's (BTC_XPUB).
 */
export async function signAndSubmitWithdrawalBatch(
  deps: AppDeps,
  batchPublicId: string,
): Promise<Result<WithdrawalBatchView>> {
  const keys = withdrawalKeys(deps);
  if (!keys.ok) return keys;
  if (keys.value.master === null) {
    return err(
      'invalid_request',
      'the server does not hold the keys (BTC_XPUB is set): sign the PSBT in your wallet and submit it',
    );
  }
  const batch = await batchByPublicId(deps.db.read, batchPublicId);
  if (batch === undefined) return err('not_found', `no withdrawal batch ${batchPublicId}`);
  const signed = signWithMaster(batch.psbt, keys.value.master);
  if (!signed.ok) return signed;
  return submitSignedWithdrawal(deps, { text: signed.value });
}
