import { type Kysely, type Selectable, sql } from 'kysely';
import type { ChainAddressesTable, ChainNetworkName, DB } from '../schema.ts';

/** Query module of `chain_addresses` and `chain_address_counters`. `trx`: inside the caller's write unit. */

type Exec = Kysely<DB>;
export type ChainAddressRow = Selectable<ChainAddressesTable>;

/** The key chain an address of `asset` is derived from: BTC_XPUB for btc, EVM_XPUB for usdt. */
export type KeyChain = 'btc' | 'evm';
export const keyChainOf = (asset: 'btc' | 'usdt'): KeyChain => (asset === 'btc' ? 'btc' : 'evm');

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
  network: ChainNetworkName;
  asset: 'btc' | 'usdt';
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

/** Addresses of `network` still watched at `nowMs`, oldest first. */
export async function watchedChainAddresses(
  exec: Exec,
  network: ChainNetworkName,
  nowMs: number,
): Promise<ChainAddressRow[]> {
  return exec
    .selectFrom('chain_addresses')
    .selectAll()
    .where('network', '=', network)
    .where('watch_until_ms', '>', BigInt(nowMs))
    .orderBy('id')
    .execute();
}

/** Every address of a key chain, by derivation index (for the operator's wallet import). */
export async function chainAddressesByIndex(exec: Exec, asset: 'btc' | 'usdt'): Promise<ChainAddressRow[]> {
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
