import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { abandonWithdrawalBatch } from '../../app/withdrawals/abandon-batch.ts';
import type { WithdrawalBatchView } from '../../app/withdrawals/batch-view.ts';
import { buildWithdrawalBatch } from '../../app/withdrawals/build-batch.ts';
import {
  MAX_SIGNED_TEXT_CHARS,
  signAndSubmitWithdrawalBatch,
  submitSignedWithdrawal,
} from '../../app/withdrawals/submit-batch.ts';
import { parseFeeRateSatPerVb } from '../../domain/withdrawal-tx.ts';
import { type Command, fail, json, opts, print, UsageError, withRuntime } from '../command.ts';

const summaryOf = (b: WithdrawalBatchView): string =>
  [
    `batch ${b.id}: ${b.status}, transaction ${b.txid}`,
    `  ${b.withdrawals.length} withdrawal(s) paying ${b.outputSat} sat; inputs ${b.inputSat} sat (${b.inputs.length}); change ${b.changeSat} sat${b.changeAddress === null ? '' : ` to ${b.changeAddress}`}; fee ${b.feeSat} sat (${b.vsize} vB at ${b.feeRateSatPerKvb} sat/kvB)`,
    ...b.withdrawals.map(
      (w) => `  ${w.id}  ${w.amountSat} sat to ${w.address}  fee share ${w.feeShareSat ?? '-'} sat`,
    ),
  ].join('\n');

const jsonOf = (b: WithdrawalBatchView, withPsbt: boolean) => {
  const { psbtBase64, ...rest } = b;
  return withPsbt ? { ...rest, psbt: psbtBase64 } : rest;
};

export const payoutsPsbt: Command = {
  name: 'payouts psbt',
  help: `Usage: paytag payouts psbt [--fee-rate SAT_PER_VB] [--out FILE] [--sign] [--json]

Builds one BIP174 PSBT paying every queued on-chain BTC withdrawal (the oldest BTC_WITHDRAW_MAX_OUTPUTS),
spending the wallet's confirmed, credited deposits and the change of earlier batches (largest first),
with change to the next internal address (.../1/i). The fee rate is --fee-rate (sat/vB, up to 3
decimals), else the chain's estimate for BTC_WITHDRAW_FEE_TARGET_BLOCKS. The withdrawals move to
"signing" (they can no longer be cancelled; 'paytag payouts abandon' gives them back to the queue).

Writes the PSBT (base64) to standard output, or to FILE with --out (the summary then goes to standard
error). Sign it in Sparrow or Electrum (docs/payouts.md), then: paytag payouts submit <signed file>.
--sign: where the server holds the seed (hot seed, sandbox), sign with it and submit at once.`,
  async run(args) {
    const { values } = opts(args, {
      'fee-rate': { type: 'string' },
      out: { type: 'string' },
      sign: { type: 'boolean' },
    });
    let feeRateSatPerKvb: bigint | undefined;
    const fr = values['fee-rate'];
    if (typeof fr === 'string') {
      const r = parseFeeRateSatPerVb(fr);
      if (!r.ok) throw new UsageError(r.error.message);
      feeRateSatPerKvb = r.value;
    }
    const out = typeof values['out'] === 'string' ? values['out'] : null;
    const r = await withRuntime(async (rt) => {
      const built = await buildWithdrawalBatch(
        rt.deps,
        feeRateSatPerKvb === undefined ? {} : { feeRateSatPerKvb },
      );
      if (!built.ok || !values['sign']) return built;
      return signAndSubmitWithdrawalBatch(rt.deps, built.value.id);
    });
    if (!r.ok) fail(r.error);
    const b = r.value;
    if (out !== null) writeFileSync(out, `${b.psbtBase64}\n`, { mode: 0o600 });
    if (values['json']) json(jsonOf(b, out === null));
    else if (out === null && !values['sign']) {
      print(b.psbtBase64);
      process.stderr.write(`${summaryOf(b)}\n`);
    } else {
      print(`${summaryOf(b)}${out === null ? '' : `\nPSBT written to ${out}`}`);
    }
    return 0;
  },
};

/** The argument of submit: a file (a binary PSBT as Sparrow and Electrum save it, or text), or the text. */
function submittedText(arg: string): string {
  if (arg.length < 4096 && existsSync(arg)) {
    if (statSync(arg).size > MAX_SIGNED_TEXT_CHARS)
      throw new UsageError(`${arg} is larger than a signed transaction can be`);
    const bytes = readFileSync(arg);
    // BIP174 magic "psbt" 0xff: a binary PSBT file.
    if (bytes.subarray(0, 5).equals(Buffer.from([0x70, 0x73, 0x62, 0x74, 0xff])))
      return bytes.toString('base64');
    return bytes.toString('utf8');
  }
  return arg;
}

export const payoutsSubmit: Command = {
  name: 'payouts submit',
  help: `Usage: paytag payouts submit <FILE | base64 PSBT | raw transaction hex> [--json]

Takes what your wallet signed: a PSBT file (binary or base64, as Sparrow and Electrum save it), a base64
PSBT, or a finalised raw transaction in hex. Finds its batch by the transaction id, checks that it spends
exactly the batch's inputs and pays exactly the batch's outputs (each withdrawal's address and amount,
and the change) and nothing else, finalises it and broadcasts it; the withdrawals turn "broadcast" and
are posted when the transaction has BTC_CONFIRMATIONS. Submitting the same transaction again answers
the batch as it is. A transaction that differs is refused with the difference, and nothing is sent.`,
  async run(args) {
    const { values, positionals } = opts(args, {});
    const arg = positionals[0];
    if (arg === undefined)
      throw new UsageError('give the signed PSBT or transaction: paytag payouts submit <FILE | PSBT | hex>');
    const text = submittedText(arg);
    const r = await withRuntime((rt) => submitSignedWithdrawal(rt.deps, { text }));
    if (!r.ok) fail(r.error);
    if (values['json']) json(jsonOf(r.value, false));
    else print(summaryOf(r.value));
    return 0;
  },
};

export const payoutsAbandon: Command = {
  name: 'payouts abandon',
  help: `Usage: paytag payouts abandon <batch> [--json]

Gives up a withdrawal batch that is still "signing" (not broadcast, and its transaction not on the
chain): its withdrawals go back to "queued" (they can be cancelled again, or built into the next PSBT)
and the outputs it would have spent are free again. Do not broadcast the abandoned PSBT afterwards.`,
  async run(args) {
    const { values, positionals } = opts(args, {});
    const id = positionals[0];
    if (id === undefined) throw new UsageError('give the batch: paytag payouts abandon <batch>');
    const r = await withRuntime((rt) => abandonWithdrawalBatch(rt.deps, id.trim()));
    if (!r.ok) fail(r.error);
    if (values['json']) json(jsonOf(r.value, false));
    else print(summaryOf(r.value));
    return 0;
  },
};
