import { sql } from 'kysely';
import type { AnyDb } from './dialect.ts';

/**
 * EVM deposits stored while their identity's second half was the log's block-level `logIndex` (it is
 * now the log's position among its transaction's Transfer logs of the contract, 0, 1, ...): their
 * `output_index` becomes `-1 - logIndex`, so no stored row can be taken for a transfer under its new
 * identity (those are ≥ 0). Booking finds such a row by (network, transaction hash, `-1 - logIndex` of
 * the sighting; or the same address and amount where the transaction was mined again since) and treats
 * it as the same deposit (app/chain/book-deposits.ts): a rescan over those blocks credits nothing twice.
 * Rows written by the sandbox chain (their transaction in `sandbox_chain_deposits`) are left alone: the
 * sandbox's identity was always 0.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`
    update chain_deposits
    set output_index = -1 - output_index
    where network in ('ERC20', 'BEP20', 'MATIC')
      and output_index >= 0
      and tx_hash not in (select s.tx_hash from sandbox_chain_deposits s)
  `.execute(db);
}
