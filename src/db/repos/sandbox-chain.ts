import type { Kysely, Selectable } from 'kysely';
import type { ChainAsset, ChainNetwork } from '../../domain/payments/vocabulary.ts';
import type { DB } from '../schema.ts';

/**
 * Query module of `sandbox_chain_deposits`: the sandbox's own chain, which its chain watcher reads as a
 * node's API would be asked. `trx`: inside the caller's write unit.
 */

type Exec = Kysely<DB>;

export interface NewSandboxDeposit {
  network: ChainNetwork;
  asset: ChainAsset;
  address: string;
  txHash: string;
  amountRaw: bigint;
  decimals: number;
  confirmations: number;
}

export async function insertSandboxDeposit(trx: Exec, d: NewSandboxDeposit, nowMs: number): Promise<void> {
  await trx
    .insertInto('sandbox_chain_deposits')
    .values({
      network: d.network,
      asset: d.asset,
      address: d.address,
      tx_hash: d.txHash,
      amount_raw: d.amountRaw.toString(),
      decimals: d.decimals,
      confirmations: d.confirmations,
      created_at_ms: nowMs,
    })
    .execute();
}

/**
 * Sets the confirmations of sandbox deposits still on the sandbox chain, or removes them from it (a
 * reorg): the one with this transaction hash, or every one to this address. How many it changed; a
 * deposit already removed is not changed again.
 */
export async function updateSandboxDeposits(
  trx: Exec,
  which: { txHash: string } | { network: ChainNetwork; address: string },
  change: { confirmations: number } | { removed: true },
): Promise<number> {
  let q = trx
    .updateTable('sandbox_chain_deposits')
    .set('removed' in change ? { removed: 1 } : { confirmations: change.confirmations })
    .where('removed', '=', 0n);
  q =
    'txHash' in which
      ? q.where('tx_hash', '=', which.txHash)
      : q.where('network', '=', which.network).where('address', '=', which.address);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Addresses per query of the sandbox chain: far below SQLite's and PostgreSQL's bound values. */
const SANDBOX_ADDRESSES_PER_QUERY = 500;

/**
 * Deposits on the sandbox chain to these addresses, read as a node's API would be asked: a bounded
 * number of addresses per query, however many the caller passes.
 */
export async function listSandboxDeposits(
  exec: Exec,
  network: ChainNetwork,
  addresses: readonly string[],
): Promise<Selectable<DB['sandbox_chain_deposits']>[]> {
  const out: Selectable<DB['sandbox_chain_deposits']>[] = [];
  for (let i = 0; i < addresses.length; i += SANDBOX_ADDRESSES_PER_QUERY) {
    const chunk = addresses.slice(i, i + SANDBOX_ADDRESSES_PER_QUERY);
    const rows = await exec
      .selectFrom('sandbox_chain_deposits')
      .selectAll()
      .where('network', '=', network)
      .where('address', 'in', chunk)
      .where('removed', '=', 0n)
      .orderBy('id')
      .execute();
    out.push(...rows);
  }
  return out;
}

/**
 * Of these transaction hashes, those the sandbox chain had and no longer has (removed: reorganised
 * away). A hash it never had is not listed. At most 500 per query.
 */
export async function sandboxHashesRemoved(
  exec: Exec,
  network: ChainNetwork,
  txHashes: readonly string[],
): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < txHashes.length; i += SANDBOX_ADDRESSES_PER_QUERY) {
    const rows = await exec
      .selectFrom('sandbox_chain_deposits')
      .select('tx_hash')
      .where('network', '=', network)
      .where('tx_hash', 'in', txHashes.slice(i, i + SANDBOX_ADDRESSES_PER_QUERY))
      .where('removed', '<>', 0n)
      .execute();
    for (const r of rows) out.add(r.tx_hash);
  }
  return out;
}

export const findSandboxDepositByHash = (exec: Exec, network: ChainNetwork, txHash: string) =>
  exec
    .selectFrom('sandbox_chain_deposits')
    .selectAll()
    .where('network', '=', network)
    .where('tx_hash', '=', txHash)
    .where('removed', '=', 0n)
    .executeTakeFirst();

/** The network and address of the deposit with this transaction hash on the sandbox chain (removed or not). */
export const findSandboxDepositByTx = (exec: Exec, txHash: string) =>
  exec
    .selectFrom('sandbox_chain_deposits')
    .select(['network', 'address'])
    .where('tx_hash', '=', txHash)
    .executeTakeFirst();
