import { listOpenWithdrawals, OPEN_WITHDRAWALS_MAX } from '../../db/repos/operator-withdrawals.ts';
import { MSAT_PER_SAT } from '../../domain/money.ts';
import { formatWalletAmount } from '../../domain/payments/amounts.ts';
import type { ChainAsset } from '../../domain/payments/vocabulary.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';
import { type OperatorActionKind, type OperatorActor, recordOperatorAction } from './actions.ts';

/** An on-chain withdrawal not yet ended, as the operator console lists it. */
export interface OpenWithdrawalView {
  publicId: string;
  usertag: string;
  wallet: ChainAsset;
  /** The EVM network of a usdt withdrawal; null for btc. */
  network: string | null;
  address: string;
  /** "0.0015 BTC", "25.5 USDT". */
  amountText: string;
  status: string;
  /** The recorded transaction hash (usdt) or the batch's txid (btc, once broadcast). */
  transactionHash: string | null;
  createdAtMs: number;
}

const trimmed = (text: string): string => text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

/** Every account's withdrawals still open (queued, signing, broadcast), oldest first. */
export async function openWithdrawals(deps: AppDeps): Promise<OpenWithdrawalView[]> {
  const rows = await listOpenWithdrawals(deps.db.read, OPEN_WITHDRAWALS_MAX);
  return rows.map((w) => ({
    publicId: w.public_id,
    usertag: w.usertag,
    wallet: w.wallet,
    network: w.chain_network ?? null,
    address: w.address,
    amountText:
      w.wallet === 'usdt'
        ? `${trimmed(formatWalletAmount('usdt', w.amount_units ?? 0n))} USDT`
        : `${trimmed(formatWalletAmount('btc', (w.amount_sat ?? 0n) * MSAT_PER_SAT))} BTC`,
    status: w.status,
    transactionHash: w.wallet === 'usdt' ? (w.tx_hash ?? null) : (w.txid ?? null),
    createdAtMs: Number(w.created_at_ms),
  }));
}

/**
 * Notes a withdrawal action taken in the console in the operator log, once the use case has done it (the
 * use cases are shared with `paytag payouts`, which runs as the host's operator): a batch built, signed
 * and sent, or abandoned, or a USDT transaction recorded.
 */
export async function noteWithdrawalAction(
  deps: AppDeps,
  actor: OperatorActor,
  action: Extract<OperatorActionKind, `withdrawal_${string}`>,
  target: string,
  detail: Record<string, string | number | boolean | null>,
): Promise<void> {
  const nowMs = deps.clock.nowMs();
  await runPlainWrite(deps.db, (trx) =>
    recordOperatorAction(trx, actor, { action, targetAccountId: null, target, detail }, nowMs),
  );
}
