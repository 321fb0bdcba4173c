import {
  type ChainAddressRow,
  chainAddressByAddress,
  chainAddressOfPayment,
} from '../../db/repos/chain-addresses.ts';
import { findPaymentById, findPaymentByPublicId, type PaymentRow } from '../../db/repos/payments.ts';
import {
  findSandboxDepositByTx,
  insertSandboxDeposit,
  updateSandboxDeposits,
} from '../../db/repos/sandbox-chain.ts';
import { parseAssetAmount } from '../../domain/money.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';
import { sandboxChainWatcher } from './sandbox-watcher.ts';
import { watchOneAddress } from './watch-round.ts';

/**
 * The watcher's work for the one address a sandbox action changed: its scan and the check of its
 * credits, booked as a round books them. Not a whole round: a form post costs the same however many
 * addresses are watched (the chain-deposits job's rounds do the rest).
 */
const watchSandboxAddress = (deps: AppDeps, owner: ChainAddressRow) =>
  watchOneAddress(deps, sandboxChainWatcher(deps, [owner.network]), owner);

export interface SandboxDepositInput {
  /** The request: its integer tid (/sapi) or its checkout id. */
  tid: string;
  /** In the request's asset (BTC or USDT, decimal text); default: what is still missing. */
  amount?: string | undefined;
  /** Default: SANDBOX_CHAIN_CONFIRMATIONS (final at once). */
  confirmations?: number | undefined;
}

export interface SandboxDepositDone {
  txHash: string;
  confirmations: number;
  status: string;
  receivedUnits: bigint;
}

const sandboxNetwork = (deps: AppDeps, network: string): boolean =>
  network === 'BTC'
    ? deps.config.chainWatch.btcWatcher === 'sandbox'
    : deps.config.chainWatch.evmWatcher === 'sandbox';

async function findRequest(deps: AppDeps, tid: string): Promise<PaymentRow | undefined> {
  const byPublic = /^[a-z0-9]{16}$/.test(tid) ? await findPaymentByPublicId(deps.db.read, tid) : undefined;
  if (byPublic !== undefined || !/^[1-9]\d{0,15}$/.test(tid)) return byPublic;
  return findPaymentById(deps.db.read, BigInt(tid));
}

/**
 * A deposit on the sandbox's chain to an on-chain request's address, with a fake transaction hash, then
 * the watcher's work for that address, so it is booked as a node's deposit would be (stored, and
 * credited once final).
 * Refused unless that network's watcher is `sandbox`.
 */
export async function sandboxDeposit(
  deps: AppDeps,
  input: SandboxDepositInput,
): Promise<Result<SandboxDepositDone>> {
  const row = await findRequest(deps, input.tid.trim().toLowerCase());
  if (row === undefined || row.direction !== 'in')
    return err('not_found', `no payment request with tid ${input.tid}`, 'tid');
  if (row.payment_mode !== 'onchain' || row.chain_network === null) {
    return err('invalid_request', 'this payment request is paid by Lightning, not on chain', 'tid');
  }
  if (!sandboxNetwork(deps, row.chain_network)) {
    return err('sandbox_only', `deposits are made up only when the ${row.chain_network} watcher is sandbox`);
  }
  const address = await chainAddressOfPayment(deps.db.read, row.id);
  if (address === undefined) return err('not_found', 'this payment request has no address', 'tid');
  const asset = address.asset;
  let units: bigint;
  if (input.amount === undefined) {
    units = row.amount_units > row.received_units ? row.amount_units - row.received_units : row.amount_units;
  } else {
    const parsed = parseAssetAmount(asset, input.amount, 'amount');
    if (!parsed.ok) return parsed;
    units = parsed.value;
  }
  // Ledger units → the chain's: sat (BTC, sub-sat dropped) or the token's base unit.
  const decimals = asset === 'btc' ? 8 : deps.config.chain.usdt[row.chain_network as 'ERC20'].decimals;
  const amountRaw = asset === 'btc' ? units / 1000n : units * 10n ** BigInt(decimals - 6);
  if (amountRaw <= 0n) return err('invalid_request', 'amount must be at least one satoshi', 'amount');
  const confirmations = input.confirmations ?? deps.config.chainWatch.sandboxConfirmations;
  if (!Number.isSafeInteger(confirmations) || confirmations < 0 || confirmations > 1000) {
    return err('invalid_request', 'confirmations must be a whole number from 0 to 1000', 'confirmations');
  }
  const hex = deps.ids.hex(32);
  const txHash = row.chain_network === 'BTC' ? hex : `0x${hex}`;
  const nowMs = deps.clock.nowMs();
  await runPlainWrite(deps.db, (trx) =>
    insertSandboxDeposit(
      trx,
      {
        network: row.chain_network!,
        asset,
        address: address.address,
        txHash,
        amountRaw,
        decimals,
        confirmations,
      },
      nowMs,
    ),
  );
  await watchSandboxAddress(deps, address);
  const after = (await findPaymentById(deps.db.read, row.id))!;
  return ok({ txHash, confirmations, status: after.status, receivedUnits: after.received_units });
}

/**
 * Moves a sandbox deposit deeper (more confirmations) or reorganises it away (a credited one is then
 * reversed), then the watcher's work for its address; one already reorganised away is not found.
 */
export async function sandboxDepositChange(
  deps: AppDeps,
  txHash: string,
  change: { confirmations: number } | { removed: true },
): Promise<Result<void>> {
  const hash = txHash.trim().toLowerCase();
  const changed = await runPlainWrite(deps.db, (trx) => updateSandboxDeposits(trx, { txHash: hash }, change));
  if (changed === 0)
    return err('not_found', `no sandbox deposit ${txHash} on the sandbox chain`, 'transaction_hash');
  const dep = await findSandboxDepositByTx(deps.db.read, hash);
  const owner = dep && (await chainAddressByAddress(deps.db.read, dep.network, dep.address));
  if (owner) await watchSandboxAddress(deps, owner);
  return ok(undefined);
}

/**
 * Moves every sandbox deposit to one request's address deeper, or reorganises them away, then the
 * watcher's work for that address: how many deposits it changed (none is not_found).
 */
export async function sandboxRequestDepositsChange(
  deps: AppDeps,
  tid: string,
  change: { confirmations: number } | { removed: true },
): Promise<Result<{ changed: number }>> {
  const row = await findRequest(deps, tid.trim().toLowerCase());
  if (row === undefined || row.direction !== 'in' || row.chain_network === null)
    return err('not_found', `no on-chain payment request with tid ${tid}`, 'tid');
  const address = await chainAddressOfPayment(deps.db.read, row.id);
  if (address === undefined) return err('not_found', 'this payment request has no address', 'tid');
  const changed = await runPlainWrite(deps.db, (trx) =>
    updateSandboxDeposits(trx, { network: address.network, address: address.address }, change),
  );
  if (changed === 0) return err('not_found', `no sandbox deposit to the address of ${tid}`, 'tid');
  await watchSandboxAddress(deps, address);
  return ok({ changed });
}
