import { chainAddressByAddress } from '../../db/repos/chain-addresses.ts';
import { findSandboxDepositByHash, insertSandboxDeposit } from '../../db/repos/sandbox-chain.ts';
import { parseEvmAddress, TRANSFER_TOPIC, usdtUnitsToRaw } from '../../domain/evm-transfer.ts';
import { parseAssetAmount } from '../../domain/money.ts';
import { EVM_NETWORKS, type EvmNetwork } from '../../domain/payments/vocabulary.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import type { EvmReceipts } from '../ports.ts';
import { runPlainWrite } from '../write.ts';
import { sandboxChainWatcher } from './sandbox-watcher.ts';
import { watchOneAddress } from './watch-round.ts';

/**
 * The operator's own wallet on the sandbox chain: the `from` of the USDT transfers made with
 * `paytag sandbox usdt-transfer` (a made-up address; nothing is spent from it).
 */
export const SANDBOX_OPERATOR_WALLET = '0x5a4d000000000000000000000000000000000001';

/** The block every mined sandbox transaction is in (the sandbox watcher's tip). */
const SANDBOX_BLOCK = 100;

const word = (hex40: string) => `0x${'0'.repeat(24)}${hex40.slice(2)}`;

/**
 * Receipts of the sandbox's chain (EVM_WATCHER=sandbox): a USDT transfer written there by
 * `paytag sandbox usdt-transfer` is a successful transaction with one Transfer log of the configured
 * contract to its address for its amount; it has no receipt while at 0 confirmations (pending, as a
 * node answers null) or once removed (`paytag sandbox confirm <hash> --reorg`), and it is final at
 * SANDBOX_CHAIN_CONFIRMATIONS.
 */
export function sandboxEvmReceipts(deps: AppDeps, network: EvmNetwork): EvmReceipts {
  return {
    network,
    async receipt(txHash) {
      const h = txHash.toLowerCase();
      const row = await findSandboxDepositByHash(deps.db.read, network, h);
      if (row === undefined || row.asset !== 'usdt' || row.confirmations === 0n)
        return { ok: true, value: null };
      const to = row.address.toLowerCase();
      return {
        ok: true,
        value: {
          txHash: h,
          success: true,
          blockNumber: SANDBOX_BLOCK,
          blockHash: `0x${h.slice(2, 58)}${'0'.repeat(8)}`,
          logs: [
            {
              address: deps.config.chain.usdt[network].contract.toLowerCase(),
              topics: [TRANSFER_TOPIC, word(SANDBOX_OPERATOR_WALLET), word(to)],
              data: `0x${BigInt(row.amount_raw).toString(16).padStart(64, '0')}`,
              logIndex: 0,
              removed: false,
            },
          ],
          final: Number(row.confirmations) >= deps.config.chainWatch.sandboxConfirmations,
        },
      };
    },
  };
}

export interface SandboxUsdtTransferInput {
  network: string;
  address: string;
  /** USDT, at most 6 decimals. */
  amount: string;
  /** Default: SANDBOX_CHAIN_CONFIRMATIONS (final at once); 0: pending (no receipt yet). */
  confirmations?: number | undefined;
}

/**
 * A USDT transfer from the operator's wallet on the sandbox chain (how the operator "pays" a USDT
 * withdrawal there), with a fake transaction hash, so `paytag payouts record <id> <hash>` finds its
 * receipt. A transfer to one of this service's own deposit addresses is also booked as a deposit, as on
 * a real chain. Refused unless EVM_WATCHER=sandbox.
 */
export async function sandboxUsdtTransfer(
  deps: AppDeps,
  input: SandboxUsdtTransferInput,
): Promise<Result<{ txHash: string; confirmations: number; amountRaw: bigint }>> {
  if (deps.config.chainWatch.evmWatcher !== 'sandbox') {
    return err('sandbox_only', 'USDT transfers are made up only when EVM_WATCHER is sandbox');
  }
  const network = EVM_NETWORKS.find((n) => n === input.network.trim().toUpperCase());
  if (network === undefined) {
    return err('invalid_request', `network must be one of ${EVM_NETWORKS.join(', ')}`, 'network');
  }
  const address = parseEvmAddress(input.address);
  if (!address.ok) return address;
  const units = parseAssetAmount('usdt', input.amount, 'amount');
  if (!units.ok) return units;
  if (units.value <= 0n) return err('invalid_request', 'amount must be more than 0', 'amount');
  const confirmations = input.confirmations ?? deps.config.chainWatch.sandboxConfirmations;
  if (!Number.isSafeInteger(confirmations) || confirmations < 0 || confirmations > 1000) {
    return err('invalid_request', 'confirmations must be a whole number from 0 to 1000', 'confirmations');
  }
  const decimals = deps.config.chain.usdt[network].decimals;
  const amountRaw = usdtUnitsToRaw(units.value, decimals);
  const txHash = `0x${deps.ids.hex(32)}`;
  await runPlainWrite(deps.db, (trx) =>
    insertSandboxDeposit(
      trx,
      {
        network,
        asset: 'usdt',
        address: address.value.checksummed,
        txHash,
        amountRaw,
        decimals,
        confirmations,
      },
      deps.clock.nowMs(),
    ),
  );
  const owner = await chainAddressByAddress(deps.db.read, network, address.value.checksummed);
  if (owner !== undefined) await watchOneAddress(deps, sandboxChainWatcher(deps, [network]), owner);
  return ok({ txHash, confirmations, amountRaw });
}
