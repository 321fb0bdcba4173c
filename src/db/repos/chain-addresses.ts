import { type Kysely, type Selectable, sql } from 'kysely';
import type { ChainAsset, ChainNetwork } from '../../domain/payments/vocabulary.ts';
import type { ChainAddressesTable, DB } from '../schema.ts';

/** Query module of `chain_addresses` and `chain_address_counters`. `trx`: inside the caller's write unit. */

type Exec = Kysely<DB>;
export type ChainAddressRow = Selectable<ChainAddressesTable>;

/** The key chain an address of `asset` is derived from: BTC_XPUB for btc, EVM_XPUB for usdt. */
export type KeyChain = 'btc' | 'evm';
export const keyChainOf = (asset: ChainAsset): KeyChain => (asset === 'btc' ? 'btc' : 'evm');

/**
 * Takes the next derivation index of `chain`, inside the caller's write unit: one UPDATE that bumps the
 * counter row and returns the value it had. The row stays locked until the write commits (PostgreSQL;
 * SQLite has one writer), so no two write units ever get the same index, on one instance or many, and a
 * rolled-back unit's index was never seen by anyone.
 */
export async function allocateDerivationIndex(trx: Exec, chain: KeyChain): Promise<bigint> {
  const row = await trx
    .updateTable('chain_address_counters')
    .set({ next_index: sql`next_index + 1` })
    .where('key_chain', '=', chain)
    .returning('next_index')
    .executeTakeFirstOrThrow();
  return BigInt(row.next_index) - 1n;
}

export interface NewChainAddress {
  network: ChainNetwork;
  asset: ChainAsset;
  address: string;
  derivationIndex: bigint;
  paymentId: bigint;
  accountId: bigint;
  createdAtMs: number;
  watchUntilMs: number;
}

export async function insertChainAddress(trx: Exec, a: NewChainAddress): Promise<void> {
  await trx
    .insertInto('chain_addresses')
    .values({
      network: a.network,
      asset: a.asset,
      address: a.address,
      derivation_index: a.derivationIndex,
      payment_id: a.paymentId,
      account_id: a.accountId,
      created_at_ms: a.createdAtMs,
      watch_until_ms: a.watchUntilMs,
    })
    .execute();
}

/** The address row of a payment, if it has one. */
export async function chainAddressOfPayment(
  exec: Exec,
  paymentId: bigint,
): Promise<ChainAddressRow | undefined> {
  return exec
    .selectFrom('chain_addresses')
    .selectAll()
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

/** The address row of a network's address, if it was handed out. */
export const chainAddressByAddress = (
  exec: Exec,
  network: ChainNetwork,
  address: string,
): Promise<ChainAddressRow | undefined> =>
  exec
    .selectFrom('chain_addresses')
    .selectAll()
    .where('network', '=', network)
    .where('address', '=', address)
    .executeTakeFirst();

/** Where a page of a network's addresses ended: the (watch_until_ms, id) of its last row. */
export interface AddressPosition {
  watchUntilMs: bigint;
  id: bigint;
}

export const positionOf = (a: ChainAddressRow): AddressPosition => ({
  watchUntilMs: a.watch_until_ms,
  id: a.id,
});

/**
 * One page of the addresses of `network`, by (watch_until_ms, id), after `after` when given: with
 * `watchedAtMs`, only those still watched then (watch_until_ms after it); without, every address ever
 * handed out on the network (a rescan). Along the index chain_addresses_watch_page: each page reads
 * `limit` rows and binds a fixed number of values, however many addresses there are.
 */
export async function chainAddressPage(
  exec: Exec,
  network: ChainNetwork,
  opts: { watchedAtMs: number | null; after: AddressPosition | null; limit: number },
): Promise<ChainAddressRow[]> {
  let q = exec.selectFrom('chain_addresses').selectAll().where('network', '=', network);
  if (opts.watchedAtMs !== null) q = q.where('watch_until_ms', '>', BigInt(opts.watchedAtMs));
  const after = opts.after;
  if (after !== null) {
    // A row-value comparison: both SQLite and PostgreSQL seek the index to it (an OR of the two
    // columns' conditions would read again every row tied on watch_until_ms, page after page).
    q = q.where((eb) => eb(eb.refTuple('watch_until_ms', 'id'), '>', eb.tuple(after.watchUntilMs, after.id)));
  }
  return q.orderBy('watch_until_ms').orderBy('id').limit(opts.limit).execute();
}

/** Every address of a key chain, by derivation index (for the operator's wallet import). */
export async function chainAddressesByIndex(exec: Exec, asset: ChainAsset): Promise<ChainAddressRow[]> {
  return exec
    .selectFrom('chain_addresses')
    .selectAll()
    .where('asset', '=', asset)
    .orderBy('derivation_index')
    .execute();
}

/** The address of a key chain with the lowest derivation index (the first handed out), if any. */
export async function firstChainAddress(exec: Exec, chain: KeyChain): Promise<ChainAddressRow | undefined> {
  return exec
    .selectFrom('chain_addresses')
    .selectAll()
    .where('asset', '=', chain === 'btc' ? 'btc' : 'usdt')
    .orderBy('derivation_index')
    .limit(1)
    .executeTakeFirst();
}
