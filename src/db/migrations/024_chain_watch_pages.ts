import { type AnyDb, int64 } from './dialect.ts';

/**
 * The chain watcher at a busy shop's scale, and credits reversed by a reorg.
 *
 * - `chain_addresses_watch_page` (network, watch_until_ms, id): a round walks the watched addresses of a
 *   network in pages by (watch_until_ms, id) from the first still watched, so it reads a bounded number
 *   of rows per query and never binds the address list. It leads with the columns of
 *   `chain_addresses_watch` (network, watch_until_ms), which it replaces.
 * - `chain_deposits_network_state`: the deposits of a network still `seen` (few) are found without
 *   reading the credited ones (many).
 * - `chain_deposits.reversals`: how many times a credit of this deposit was reversed because the chain no
 *   longer showed it. A reversed deposit is `dropped` again (nothing credited now); if it is mined
 *   again it is credited again, under the transfer id of its next credit (see app/chain/book-deposits).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex('chain_addresses_watch_page')
    .on('chain_addresses')
    .columns(['network', 'watch_until_ms', 'id'])
    .execute();
  await db.schema.dropIndex('chain_addresses_watch').ifExists().execute();
  await db.schema
    .createIndex('chain_deposits_network_state')
    .on('chain_deposits')
    .columns(['network', 'state'])
    .execute();
  await db.schema
    .alterTable('chain_deposits')
    .addColumn('reversals', int64(db), (c) => c.notNull().defaultTo(0))
    .execute();
}
