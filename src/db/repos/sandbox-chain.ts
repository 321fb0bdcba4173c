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
  /** The serialised transaction (BTC); null or absent for a USDT deposit. */
  rawHex?: string | null;
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
      raw_hex: d.rawHex ?? null,
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

// ---------------------------------------------------------------- the sandbox chain's Bitcoin transactions
// (migration 034): BTC deposits' raw transactions, broadcast transactions, their outputs and spends.

/** A transaction of the sandbox's Bitcoin chain, deposit or broadcast, removed (reorganised away) or not. */
export interface SandboxBtcTx {
  source: 'deposit' | 'broadcast';
  txid: string;
  /** Null for a deposit made before migration 034 (it had a made-up hash, no transaction). */
  rawHex: string | null;
  confirmations: number;
  removed: boolean;
}

export async function findSandboxBtcTx(exec: Exec, txid: string): Promise<SandboxBtcTx | undefined> {
  const b = await exec
    .selectFrom('sandbox_btc_broadcasts')
    .select(['txid', 'raw_hex', 'confirmations', 'removed'])
    .where('txid', '=', txid)
    .executeTakeFirst();
  if (b !== undefined) {
    return {
      source: 'broadcast',
      txid: b.txid,
      rawHex: b.raw_hex,
      confirmations: Number(b.confirmations),
      removed: b.removed !== 0n,
    };
  }
  const d = await exec
    .selectFrom('sandbox_chain_deposits')
    .select(['tx_hash', 'raw_hex', 'confirmations', 'removed'])
    .where('network', '=', 'BTC')
    .where('tx_hash', '=', txid)
    .executeTakeFirst();
  if (d === undefined) return undefined;
  return {
    source: 'deposit',
    txid: d.tx_hash,
    rawHex: d.raw_hex,
    confirmations: Number(d.confirmations),
    removed: d.removed !== 0n,
  };
}

/** Of these outpoints, those a transaction of the sandbox chain spends (`txid:vout`). */
export async function sandboxSpentOutpoints(
  exec: Exec,
  outpoints: readonly { txid: string; vout: number }[],
): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < outpoints.length; i += SANDBOX_ADDRESSES_PER_QUERY) {
    const chunk = outpoints.slice(i, i + SANDBOX_ADDRESSES_PER_QUERY);
    const rows = await exec
      .selectFrom('sandbox_btc_spends')
      .select(['prev_txid', 'prev_vout'])
      .where((eb) =>
        eb.or(chunk.map((p) => eb.and([eb('prev_txid', '=', p.txid), eb('prev_vout', '=', BigInt(p.vout))]))),
      )
      .execute();
    for (const r of rows) out.add(`${r.prev_txid}:${r.prev_vout}`);
  }
  return out;
}

export interface NewSandboxBroadcast {
  txid: string;
  rawHex: string;
  feeSat: bigint;
  outputs: readonly { index: number; address: string | null; amountSat: bigint }[];
  spends: readonly { txid: string; vout: number }[];
}

/**
 * Records an accepted transaction in the caller's write unit: `known` when a transaction of this txid is
 * on the chain already (nothing written; one reorganised away comes back, unconfirmed), `spent` when one of its outpoints was spent meanwhile (the caller
 * rolls the unit back), else `stored`. The unique outpoint of `sandbox_btc_spends` makes the second of
 * two concurrent spends of one output find it spent (PostgreSQL's `ON CONFLICT DO NOTHING` waits for the
 * first to commit).
 */
export async function insertSandboxBroadcast(
  trx: Exec,
  b: NewSandboxBroadcast,
  nowMs: number,
): Promise<'stored' | 'known' | 'spent'> {
  const ins = await trx
    .insertInto('sandbox_btc_broadcasts')
    .values({ txid: b.txid, raw_hex: b.rawHex, fee_sat: b.feeSat, confirmations: 0, created_at_ms: nowMs })
    .onConflict((oc) => oc.column('txid').doNothing())
    .executeTakeFirst();
  let revived = false;
  if (ins.numInsertedOrUpdatedRows !== 1n) {
    // There already: on the chain (known), or reorganised away and sent again (back, unconfirmed).
    const back = await trx
      .updateTable('sandbox_btc_broadcasts')
      .set({ removed: 0, confirmations: 0 })
      .where('txid', '=', b.txid)
      .where('removed', '<>', 0n)
      .executeTakeFirst();
    if (Number(back.numUpdatedRows) === 0) return 'known';
    revived = true;
  }
  for (const s of b.spends) {
    const r = await trx
      .insertInto('sandbox_btc_spends')
      .values({ prev_txid: s.txid, prev_vout: s.vout, txid: b.txid })
      .onConflict((oc) => oc.columns(['prev_txid', 'prev_vout']).doNothing())
      .executeTakeFirst();
    if (r.numInsertedOrUpdatedRows !== 1n) return 'spent';
  }
  if (!revived && b.outputs.length > 0) {
    await trx
      .insertInto('sandbox_btc_outputs')
      .values(
        b.outputs.map((o) => ({
          txid: b.txid,
          output_index: o.index,
          address: o.address,
          amount_sat: o.amountSat,
        })),
      )
      .execute();
  }
  return 'stored';
}

/** Whether each of these transactions is on the sandbox chain now (a deposit or a broadcast, not removed). */
export async function sandboxBtcTxsPresent(trx: Exec, txids: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  if (txids.length === 0) return out;
  const b = await trx
    .selectFrom('sandbox_btc_broadcasts')
    .select('txid')
    .where('txid', 'in', txids)
    .where('removed', '=', 0n)
    .execute();
  for (const r of b) out.add(r.txid);
  const d = await trx
    .selectFrom('sandbox_chain_deposits')
    .select('tx_hash')
    .where('network', '=', 'BTC')
    .where('tx_hash', 'in', txids)
    .where('removed', '=', 0n)
    .execute();
  for (const r of d) out.add(r.tx_hash);
  return out;
}

/**
 * Sets the confirmations of a broadcast transaction still on the sandbox chain, or removes it (a reorg):
 * whether it changed one. A removed transaction's spends are deleted, so the outputs it spent are
 * spendable again.
 */
export async function updateSandboxBroadcast(
  trx: Exec,
  txid: string,
  change: { confirmations: number } | { removed: true },
): Promise<boolean> {
  const r = await trx
    .updateTable('sandbox_btc_broadcasts')
    .set('removed' in change ? { removed: 1 } : { confirmations: change.confirmations })
    .where('txid', '=', txid)
    .where('removed', '=', 0n)
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) === 0) return false;
  if ('removed' in change) await trx.deleteFrom('sandbox_btc_spends').where('txid', '=', txid).execute();
  return true;
}

/**
 * Removes from the sandbox chain every broadcast transaction that spends an output of these (removed)
 * transactions, and theirs in turn, as a reorg that drops a transaction drops its descendants: the
 * txids removed.
 */
export async function removeSandboxDescendants(trx: Exec, txids: readonly string[]): Promise<string[]> {
  const removed: string[] = [];
  let parents = [...txids];
  while (parents.length > 0) {
    const children = await trx
      .selectFrom('sandbox_btc_spends')
      .select('txid')
      .distinct()
      .where('prev_txid', 'in', parents.slice(0, SANDBOX_ADDRESSES_PER_QUERY))
      .execute();
    const next = parents.slice(SANDBOX_ADDRESSES_PER_QUERY);
    for (const c of children) {
      if (await updateSandboxBroadcast(trx, c.txid, { removed: true })) {
        removed.push(c.txid);
        next.push(c.txid);
      }
    }
    parents = next;
  }
  return removed;
}

/** The BTC deposits' txids on the sandbox chain to this address (not removed). */
export async function sandboxDepositTxidsTo(
  exec: Exec,
  network: ChainNetwork,
  address: string,
): Promise<string[]> {
  const rows = await exec
    .selectFrom('sandbox_chain_deposits')
    .select('tx_hash')
    .where('network', '=', network)
    .where('address', '=', address)
    .where('removed', '=', 0n)
    .execute();
  return rows.map((r) => r.tx_hash);
}

export interface SandboxBroadcastOutput {
  txid: string;
  output_index: bigint;
  address: string | null;
  amount_sat: bigint;
  confirmations: bigint;
}

/** Outputs of broadcast transactions still on the sandbox chain that pay these addresses (500 a query). */
export async function listSandboxBroadcastOutputs(
  exec: Exec,
  addresses: readonly string[],
): Promise<SandboxBroadcastOutput[]> {
  const out: SandboxBroadcastOutput[] = [];
  for (let i = 0; i < addresses.length; i += SANDBOX_ADDRESSES_PER_QUERY) {
    const rows = await exec
      .selectFrom('sandbox_btc_outputs as o')
      .innerJoin('sandbox_btc_broadcasts as b', 'b.txid', 'o.txid')
      .select(['o.txid', 'o.output_index', 'o.address', 'o.amount_sat', 'b.confirmations'])
      .where('o.address', 'in', addresses.slice(i, i + SANDBOX_ADDRESSES_PER_QUERY))
      .where('b.removed', '=', 0n)
      .orderBy('o.id')
      .execute();
    out.push(...rows);
  }
  return out;
}

/** The outputs of one broadcast transaction still on the sandbox chain. */
export const sandboxBroadcastOutputsOf = (exec: Exec, txid: string): Promise<SandboxBroadcastOutput[]> =>
  exec
    .selectFrom('sandbox_btc_outputs as o')
    .innerJoin('sandbox_btc_broadcasts as b', 'b.txid', 'o.txid')
    .select(['o.txid', 'o.output_index', 'o.address', 'o.amount_sat', 'b.confirmations'])
    .where('o.txid', '=', txid)
    .where('b.removed', '=', 0n)
    .orderBy('o.output_index')
    .execute();

/** Of these txids, the broadcast transactions the sandbox chain had and removed. */
export async function sandboxBroadcastsRemoved(exec: Exec, txids: readonly string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < txids.length; i += SANDBOX_ADDRESSES_PER_QUERY) {
    const rows = await exec
      .selectFrom('sandbox_btc_broadcasts')
      .select('txid')
      .where('txid', 'in', txids.slice(i, i + SANDBOX_ADDRESSES_PER_QUERY))
      .where('removed', '<>', 0n)
      .execute();
    for (const r of rows) out.add(r.txid);
  }
  return out;
}

/** The addresses the outputs of these broadcast transactions pay (removed or not). */
export async function sandboxBroadcastAddresses(exec: Exec, txids: readonly string[]): Promise<string[]> {
  if (txids.length === 0) return [];
  const rows = await exec
    .selectFrom('sandbox_btc_outputs')
    .select('address')
    .distinct()
    .where('txid', 'in', txids)
    .where('address', 'is not', null)
    .execute();
  return rows.map((r) => r.address!);
}
