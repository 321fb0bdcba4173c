import { isUniqueViolation } from '../../db/errors.ts';
import {
  type ChainWithdrawalRow,
  findChainWithdrawalByPublicId,
  findChainWithdrawalByTxHash,
  listBroadcastUsdtWithdrawals,
  noteUsdtCheck,
  recordUsdtTransaction,
  requeueUsdtWithdrawal,
} from '../../db/repos/chain-withdrawals.ts';
import { type AccountRef, createTransfer, lockAccountsInOrder } from '../../db/repos/ledger.ts';
import {
  type EvmReceipt,
  type ExpectedTransfer,
  matchTransfer,
  parseEvmAddress,
  usdtUnitsToRaw,
} from '../../domain/evm-transfer.ts';
import { INT64_MAX, parseAssetAmount } from '../../domain/money.ts';
import { EVM_NETWORKS, type EvmNetwork } from '../../domain/payments/vocabulary.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import { sandboxEvmReceipts } from '../chain/sandbox-usdt-transfer.ts';
import type { AppDeps } from '../deps.ts';
import { requestHash } from '../payments/engine/idempotency.ts';
import type { EvmReceipts } from '../ports.ts';
import { runPlainWrite, runWrite } from '../write.ts';
import { queueWithdrawal, WITHDRAWAL_ESCROW } from './queue.ts';

/**
 * Withdrawals of USDT (docs/payouts.md, "Withdrawing USDT"): the service reserves and queues, the
 * operator pays from their own wallet and records the transaction hash; the withdrawal is posted only
 * once that transaction's receipt shows the payment in a final block.
 *
 * Ledger (asset `usdt`, 10^-6 USDT; transfer ids derive from the withdrawal, so a replayed step moves nothing):
 *   creation  payer → withdrawal_escrow    amount   `cw:<id>:escrow`  ref chain_withdrawal:<id>
 *   cancel    withdrawal_escrow → payer    amount   `cw:<id>:cancel`  (app/withdrawals/withdrawals.ts)
 *   confirmed withdrawal_escrow → evm_settlement  amount  `cw:<id>:paid`
 * No fee reserve: the operator pays the gas from their own wallet, in the network's coin, not in USDT.
 * Only the write unit whose conditional update moves the row to `confirmed` makes the `paid` transfer
 * (and its id is unique): a withdrawal is posted once however often or concurrently it is recorded.
 */

const EVM_SETTLEMENT: AccountRef = { system: 'evm_settlement' };

export interface UsdtWithdrawCommand {
  chainNetwork: unknown;
  address: unknown;
  amount: unknown;
  idempotencyKey: string | null;
}

/**
 * The receipt reader of an EVM network this service watches (EVM_WATCHER sandbox: the sandbox chain;
 * evm-rpc: the networks with an EVM_RPC_URL_<NET>); null: not watched, so no payment on it can be checked.
 */
export function evmReceiptsFor(deps: AppDeps, network: EvmNetwork): EvmReceipts | null {
  if (deps.config.chainWatch.evmWatcher === 'sandbox') return sandboxEvmReceipts(deps, network);
  return deps.evmReceipts.find((r) => r.network === network) ?? null;
}

function watchedNetwork(deps: AppDeps, input: unknown): Result<EvmNetwork> {
  const network = EVM_NETWORKS.find((n) => n === input);
  if (network === undefined) {
    return err(
      'invalid_request',
      `chain_network must be one of ${EVM_NETWORKS.join(', ')} for a USDT withdrawal`,
      'chain_network',
    );
  }
  if (evmReceiptsFor(deps, network) === null) {
    return err(
      'invalid_request',
      `USDT on ${network} is not watched by this service (EVM_WATCHER, EVM_RPC_URL_${network}): its payment could not be checked`,
      'chain_network',
    );
  }
  return ok(network);
}

/** Reserves the amount from the caller's usdt balance and queues the withdrawal. */
export async function createUsdtWithdrawal(
  deps: AppDeps,
  caller: Caller,
  cmd: UsdtWithdrawCommand,
): Promise<Result<ChainWithdrawalRow>> {
  const network = watchedNetwork(deps, cmd.chainNetwork);
  if (!network.ok) return network;
  const token = deps.config.chain.usdt[network.value];
  const address = parseEvmAddress(cmd.address);
  if (!address.ok) return address;
  const contract = token.contract.toLowerCase();
  if (address.value.lower === contract) {
    return err(
      'invalid_request',
      `address is the USDT contract on ${network.value} itself: tokens sent there are lost`,
      'address',
    );
  }
  if (cmd.amount === undefined || cmd.amount === null || cmd.amount === '') {
    return err('invalid_request', 'amount is required: USDT, at most 6 decimals', 'amount');
  }
  const units = parseAssetAmount('usdt', cmd.amount, 'amount');
  if (!units.ok) return units;
  if (units.value <= 0n) return err('invalid_request', 'amount must be more than 0', 'amount');
  if (units.value > INT64_MAX) return err('invalid_request', 'amount is too large', 'amount');
  const amountRaw = usdtUnitsToRaw(units.value, token.decimals);
  const hash = requestHash('withdraw', {
    wallet: 'usdt',
    network: network.value,
    address: address.value.lower,
    units: units.value,
  });
  return queueWithdrawal(deps, caller, {
    idempotencyKey: cmd.idempotencyKey,
    requestHash: hash,
    asset: 'usdt',
    reserve: units.value,
    columns: {
      wallet: 'usdt',
      address: address.value.checksummed,
      chain_network: network.value,
      amount_units: units.value,
      token_contract: contract,
      token_decimals: token.decimals,
      amount_raw: amountRaw.toString(),
    },
  });
}

/** What recording a hash did: `confirmed` (posted now), `broadcast` (matches, block not final yet), `already` (confirmed earlier with this hash). */
export interface UsdtRecorded {
  withdrawal: ChainWithdrawalRow;
  outcome: 'confirmed' | 'broadcast' | 'already';
}

const HASH = /^0x[0-9a-f]{64}$/;

const expectedOf = (w: ChainWithdrawalRow): ExpectedTransfer => ({
  contract: w.token_contract!,
  to: w.address.toLowerCase(),
  amountRaw: BigInt(w.amount_raw!),
  decimals: Number(w.token_decimals),
  network: w.chain_network!,
});

/** The receipt of `txHash` judged against the withdrawal: null when the node has none. */
async function judge(
  deps: AppDeps,
  w: ChainWithdrawalRow,
  txHash: string,
): Promise<Result<{ receipt: EvmReceipt; verdict: Result<void> } | null>> {
  const reader = evmReceiptsFor(deps, w.chain_network!);
  if (reader === null) {
    return err(
      'chain_unavailable',
      `USDT on ${w.chain_network} is not watched by this service now (EVM_WATCHER, EVM_RPC_URL_${w.chain_network})`,
    );
  }
  const r = await reader.receipt(txHash);
  if (!r.ok)
    return err('chain_unavailable', `the ${w.chain_network} node could not be read: ${r.error.reason}`);
  if (r.value === null) return ok(null);
  return ok({ receipt: r.value, verdict: matchTransfer(r.value, expectedOf(w)) });
}

/**
 * Moves the withdrawal to `broadcast` or `confirmed` with this hash, in one write unit with the posting
 * (escrow → evm_settlement, `cw:<id>:paid`) when confirmed. False when a concurrent call moved it first.
 */
async function moveTo(
  deps: AppDeps,
  w: ChainWithdrawalRow,
  txHash: string,
  receipt: EvmReceipt,
): Promise<Result<boolean>> {
  const nowMs = deps.clock.nowMs();
  const from = { status: w.status as 'queued' | 'broadcast', txHash: w.tx_hash };
  return runWrite(deps.db, async (trx) => {
    if (receipt.final) await lockAccountsInOrder(trx, [WITHDRAWAL_ESCROW, EVM_SETTLEMENT], 'usdt');
    const moved = await recordUsdtTransaction(
      trx,
      w.id,
      from,
      {
        status: receipt.final ? 'confirmed' : 'broadcast',
        txHash,
        blockNumber: receipt.blockNumber,
        lastCheck: receipt.final ? null : `in block ${receipt.blockNumber}, not final yet`,
      },
      nowMs,
    );
    if (!moved) return false;
    if (receipt.final) {
      await createTransfer(
        trx,
        {
          id: `cw:${w.id}:paid`,
          debit: WITHDRAWAL_ESCROW,
          credit: EVM_SETTLEMENT,
          asset: 'usdt',
          amount: w.amount_units!,
          code: 'withdrawal_paid',
          ref: `chain_withdrawal:${w.id}`,
        },
        nowMs,
      );
    }
    return true;
  }).catch((e: unknown) => {
    if (isUniqueViolation(e)) {
      return err(
        'invalid_request',
        `transaction ${txHash} is already recorded for another withdrawal`,
        'tx_hash',
      );
    }
    throw e;
  });
}

/**
 * `paytag payouts record <id> <hash>` (and the operator console): the operator paid a queued USDT
 * withdrawal from their own wallet and records the transaction. Its receipt must show status 0x1 and a
 * Transfer log of the withdrawal's contract to its address for exactly its amount; then it is
 * `confirmed` and posted when the block is final, else `broadcast` (the chain-withdrawals job confirms
 * it later). A receipt that does not match, no receipt, a hash recorded for another withdrawal, a
 * withdrawal that is not a queued usdt one: refused with the reason, nothing recorded or posted.
 * A broadcast withdrawal may be given another hash only while its recorded one does not pay it (the
 * transaction was dropped or replaced, e.g. sped up with a higher fee).
 */
export async function recordUsdtWithdrawal(
  deps: AppDeps,
  input: { id: string; txHash: string },
): Promise<Result<UsdtRecorded>> {
  const txHash = input.txHash.trim().toLowerCase();
  if (!HASH.test(txHash)) {
    return err('invalid_request', 'the transaction hash must be 0x followed by 64 hex digits', 'tx_hash');
  }
  const id = input.id.trim().toLowerCase();
  const w = /^[a-z0-9]{16}$/.test(id) ? await findChainWithdrawalByPublicId(deps.db.read, id) : undefined;
  if (w === undefined) return err('not_found', `no withdrawal ${input.id}`, 'id');
  if (w.wallet !== 'usdt') {
    return err('invalid_request', `withdrawal ${w.public_id} is a ${w.wallet} withdrawal, not USDT`, 'id');
  }
  if (w.status === 'confirmed') {
    return w.tx_hash === txHash
      ? ok({ withdrawal: w, outcome: 'already' })
      : err('state_conflict', `withdrawal ${w.public_id} is already confirmed with transaction ${w.tx_hash}`);
  }
  if (w.status !== 'queued' && w.status !== 'broadcast') {
    return err('state_conflict', `withdrawal ${w.public_id} is ${w.status}: only a queued one can be paid`);
  }
  const other = await findChainWithdrawalByTxHash(deps.db.read, w.chain_network!, txHash);
  if (other !== undefined && other.id !== w.id) {
    return err(
      'invalid_request',
      `transaction ${txHash} is already recorded for another withdrawal (${other.public_id})`,
      'tx_hash',
    );
  }
  if (w.status === 'broadcast' && w.tx_hash !== null && w.tx_hash !== txHash) {
    const current = await judge(deps, w, w.tx_hash);
    if (!current.ok) return current;
    if (current.value?.verdict.ok) {
      return err(
        'state_conflict',
        `withdrawal ${w.public_id} is already paid by transaction ${w.tx_hash}, which the chain shows; it is confirmed once final`,
      );
    }
  }
  const judged = await judge(deps, w, txHash);
  if (!judged.ok) return judged;
  if (judged.value === null) {
    return err(
      'invalid_request',
      `no receipt for ${txHash} on ${w.chain_network}: the node does not know it (not mined yet, or on another network)`,
      'tx_hash',
    );
  }
  if (!judged.value.verdict.ok) return judged.value.verdict;
  const moved = await moveTo(deps, w, txHash, judged.value.receipt);
  if (!moved.ok) return moved;
  const now = await findChainWithdrawalByPublicId(deps.db.read, w.public_id);
  if (now === undefined) throw new Error(`withdrawal ${w.public_id} vanished`);
  if (moved.value)
    return ok({ withdrawal: now, outcome: now.status === 'confirmed' ? 'confirmed' : 'broadcast' });
  // A concurrent call moved it first: the same hash is its answer; another is a conflict.
  if (now.tx_hash === txHash && (now.status === 'confirmed' || now.status === 'broadcast')) {
    return ok({ withdrawal: now, outcome: now.status === 'confirmed' ? 'already' : 'broadcast' });
  }
  return err('state_conflict', `withdrawal ${w.public_id} changed meanwhile (now ${now.status}); look again`);
}

/** Broadcast usdt withdrawals one round checks at most. */
export const USDT_CHECKS_PER_ROUND = 100;

export interface UsdtRoundReport {
  checked: number;
  confirmed: number;
  requeued: number;
  unavailable: string[];
}

/**
 * One round of the chain-withdrawals job: each broadcast usdt withdrawal's receipt read again. Final and
 * still paying it → confirmed and posted once. No receipt (reorganised away, or dropped) → it stays
 * broadcast, noted, and is looked at again next round (the transaction usually is mined again; were it
 * cancelled instead, a withdrawal moved back to queued could be cancelled and paid twice). A receipt
 * that no longer pays it (mined again and reverted this time) → back to queued with the reason: no
 * money left on that transaction. A node that cannot be read → nothing changes, a report line.
 */
export async function usdtWithdrawalsRound(deps: AppDeps): Promise<UsdtRoundReport> {
  const report: UsdtRoundReport = { checked: 0, confirmed: 0, requeued: 0, unavailable: [] };
  let after = 0n;
  for (;;) {
    const rows = await listBroadcastUsdtWithdrawals(deps.db.read, after, USDT_CHECKS_PER_ROUND);
    for (const w of rows) {
      after = w.id;
      const txHash = w.tx_hash;
      if (txHash === null) continue;
      report.checked += 1;
      const judged = await judge(deps, w, txHash);
      const nowMs = deps.clock.nowMs();
      if (!judged.ok) {
        report.unavailable.push(`${w.public_id}: ${judged.error.message}`);
        continue;
      }
      if (judged.value === null) {
        await runPlainWrite(deps.db, (trx) =>
          noteUsdtCheck(
            trx,
            w.id,
            txHash,
            { blockNumber: null, lastCheck: 'no receipt now (reorganised away or dropped); still watched' },
            nowMs,
          ),
        );
        continue;
      }
      const { receipt, verdict } = judged.value;
      if (!verdict.ok) {
        const reason = `transaction ${txHash} no longer pays it: ${verdict.error.message}`;
        if (await runPlainWrite(deps.db, (trx) => requeueUsdtWithdrawal(trx, w.id, txHash, reason, nowMs))) {
          report.requeued += 1;
          deps.log.warn({ withdrawal: w.public_id, txHash, reason }, 'usdt withdrawal back to queued');
        }
        continue;
      }
      if (!receipt.final) {
        await runPlainWrite(deps.db, (trx) =>
          noteUsdtCheck(
            trx,
            w.id,
            txHash,
            { blockNumber: receipt.blockNumber, lastCheck: `in block ${receipt.blockNumber}, not final yet` },
            nowMs,
          ),
        );
        continue;
      }
      const moved = await moveTo(deps, w, txHash, receipt);
      if (moved.ok && moved.value) report.confirmed += 1;
    }
    if (rows.length < USDT_CHECKS_PER_ROUND) break;
  }
  return report;
}
