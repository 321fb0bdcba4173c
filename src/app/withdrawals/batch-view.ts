import type { Kysely } from 'kysely';
import { batchInputs, batchWithdrawals, type WithdrawalBatchRow } from '../../db/repos/withdrawal-batches.ts';
import type { DB } from '../../db/schema.ts';
import type { KeyOrigin } from '../../domain/withdrawal-tx.ts';
import { pathText } from '../../domain/withdrawal-tx.ts';

/** A withdrawal batch as the CLI and the console show it. */
export interface WithdrawalBatchView {
  id: string;
  status: WithdrawalBatchRow['status'];
  txid: string;
  /** The unsigned PSBT as built (base64), for the operator's wallet. */
  psbtBase64: string;
  feeSat: bigint;
  feeRateSatPerKvb: bigint;
  vsize: bigint;
  inputSat: bigint;
  outputSat: bigint;
  changeSat: bigint;
  changeVout: bigint | null;
  changeAddress: string | null;
  /** The chain's reason when it refused the signed transaction (the batch stays signing). */
  broadcastError: string | null;
  confirmations: bigint;
  createdAtMs: bigint;
  withdrawals: Array<{
    id: string;
    status: string;
    address: string;
    amountSat: bigint;
    feeReserveSat: bigint;
    feeShareSat: bigint | null;
  }>;
  inputs: Array<{ txid: string; vout: bigint; amountSat: bigint; source: string; path: string | null }>;
}

export async function batchView(
  exec: Kysely<DB>,
  b: WithdrawalBatchRow,
  origin?: KeyOrigin,
): Promise<WithdrawalBatchView> {
  const [ws, ins] = await Promise.all([batchWithdrawals(exec, b.id), batchInputs(exec, b.id)]);
  return {
    id: b.public_id,
    status: b.status,
    txid: b.txid,
    psbtBase64: b.psbt,
    feeSat: b.fee_sat,
    feeRateSatPerKvb: b.fee_rate_sat_per_kvb,
    vsize: b.vsize,
    inputSat: b.input_sat,
    outputSat: b.output_sat,
    changeSat: b.change_sat,
    changeVout: b.change_vout,
    changeAddress: b.change_address,
    broadcastError: b.broadcast_error,
    confirmations: b.confirmations,
    createdAtMs: b.created_at_ms,
    withdrawals: ws.map((w) => ({
      id: w.public_id,
      status: w.status,
      address: w.address,
      amountSat: w.amount_sat,
      feeReserveSat: w.fee_reserve_sat,
      feeShareSat: w.fee_sat,
    })),
    inputs: ins.map((i) => ({
      txid: i.txid,
      vout: i.vout,
      amountSat: i.amount_sat,
      source: i.source,
      path:
        origin === undefined
          ? null
          : pathText([...origin.accountPath, Number(i.key_chain), Number(i.derivation_index)]),
    })),
  };
}
