import { hex } from '@scure/base';
import {
  type ChainAddressRow,
  chainAddressByAddress,
  chainAddressOfPayment,
} from '../../db/repos/chain-addresses.ts';
import { findPaymentById, findPaymentByPublicId, type PaymentRow } from '../../db/repos/payments.ts';
import {
  findSandboxDepositByTx,
  insertSandboxDeposit,
  removeSandboxDescendants,
  sandboxBroadcastAddresses,
  sandboxDepositTxidsTo,
  updateSandboxBroadcast,
  updateSandboxDeposits,
} from '../../db/repos/sandbox-chain.ts';
import { sandboxDepositTx } from '../../domain/btc-tx.ts';
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
 * A deposit on the sandbox's chain to an on-chain request's address, then
 * the watcher's work for that address, so it is booked as a node's deposit would be (stored, and
 * credited once final). A BTC deposit is a real Bitcoin transaction (`sandboxDepositTx`: a coinbase-like
 * input, one output paying the address; its hash is its txid and its raw hex is kept, so a withdrawal can
 * spend it); a USDT deposit has a random transaction hash.
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
  let txHash: string;
  let rawHex: string | null = null;
  if (row.chain_network === 'BTC') {
    const tx = sandboxDepositTx(address.address, amountRaw, hex.decode(deps.ids.hex(32)));
    if (tx === null) return err('invalid_request', "this request's address cannot be paid on chain", 'tid');
    txHash = tx.txid;
    rawHex = tx.rawHex;
  } else {
    txHash = `0x${deps.ids.hex(32)}`;
  }
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
        rawHex,
      },
      nowMs,
    ),
  );
  await watchSandboxAddress(deps, address);
  const after = (await findPaymentById(deps.db.read, row.id))!;
  return ok({ txHash, confirmations, status: after.status, receivedUnits: after.received_units });
}

/** The watcher's work for the BTC addresses of the service that these broadcast transactions pay. */
async function watchBroadcastAddresses(deps: AppDeps, txids: readonly string[]): Promise<void> {
  for (const a of await sandboxBroadcastAddresses(deps.db.read, txids)) {
    const owner = await chainAddressByAddress(deps.db.read, 'BTC', a);
    if (owner) await watchSandboxAddress(deps, owner);
  }
}

/**
 * Moves a transaction of the sandbox chain deeper (more confirmations) or reorganises it away, then the
 * watcher's work for the addresses it pays: a deposit (a credited one reorganised away is then
 * reversed), or a transaction accepted by the sandbox's `broadcast` (app/chain/sandbox-transactions.ts).
 * Reorganising a transaction away removes the broadcast transactions that spend its outputs too (and
 * theirs), and frees the outputs it spent. One already reorganised away is not found.
 */
export async function sandboxDepositChange(
  deps: AppDeps,
  txHash: string,
  change: { confirmations: number } | { removed: true },
): Promise<Result<void>> {
  const hash = txHash.trim().toLowerCase();
  const done = await runPlainWrite(deps.db, async (trx) => {
    let found = (await updateSandboxDeposits(trx, { txHash: hash }, change)) > 0;
    if (!found) found = await updateSandboxBroadcast(trx, hash, change);
    const descendants = found && 'removed' in change ? await removeSandboxDescendants(trx, [hash]) : [];
    return { found, descendants };
  });
  if (!done.found)
    return err('not_found', `no transaction ${txHash} on the sandbox chain`, 'transaction_hash');
  const dep = await findSandboxDepositByTx(deps.db.read, hash);
  const owner = dep && (await chainAddressByAddress(deps.db.read, dep.network, dep.address));
  if (owner) await watchSandboxAddress(deps, owner);
  await watchBroadcastAddresses(deps, [hash, ...done.descendants]);
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
  const { changed, descendants } = await runPlainWrite(deps.db, async (trx) => {
    const txids =
      'removed' in change ? await sandboxDepositTxidsTo(trx, address.network, address.address) : [];
    const n = await updateSandboxDeposits(
      trx,
      { network: address.network, address: address.address },
      change,
    );
    return { changed: n, descendants: await removeSandboxDescendants(trx, txids) };
  });
  if (changed === 0) return err('not_found', `no sandbox deposit to the address of ${tid}`, 'tid');
  await watchSandboxAddress(deps, address);
  await watchBroadcastAddresses(deps, descendants);
  return ok({ changed });
}
