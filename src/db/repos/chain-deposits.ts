import { type Kysely, type Selectable, sql } from 'kysely';
import type { ChainDepositsTable, ChainNetworkName, DB } from '../schema.ts';

/** Query module of `chain_deposits` and `sandbox_chain_deposits`. `trx`: inside the caller's write unit. */

type Exec = Kysely<DB>;
export type ChainDepositRow = Selectable<ChainDepositsTable>;

export interface DepositIdentity {
  network: ChainNetworkName;
  txHash: string;
  outputIndex: number;
}

export const findDeposit = (exec: Exec, d: DepositIdentity): Promise<ChainDepositRow | undefined> =>
  exec
    .selectFrom('chain_deposits')
    .selectAll()
    .where('network', '=', d.network)
    .where('tx_hash', '=', d.txHash)
    .where('output_index', '=', BigInt(d.outputIndex))
    .executeTakeFirst();

export interface NewDeposit extends DepositIdentity {
  asset: 'btc' | 'usdt';
  address: string;
  paymentId: bigint;
  accountId: bigint;
  amountRaw: bigint;
  decimals: number;
  amountUnits: bigint;
  remainderRaw: bigint;
  confirmations: number;
  blockHeight: number | null;
  blockHash: string | null;
}

/** Inserts a deposit first seen now (state `seen`); nothing when it is known already. */
export async function insertSeenDeposit(trx: Exec, d: NewDeposit, nowMs: number): Promise<void> {
  await trx
    .insertInto('chain_deposits')
    .values({
      network: d.network,
      tx_hash: d.txHash,
      output_index: d.outputIndex,
      asset: d.asset,
      address: d.address,
      payment_id: d.paymentId,
      account_id: d.accountId,
      amount_raw: d.amountRaw.toString(),
      decimals: d.decimals,
      amount_units: d.amountUnits,
      remainder_raw: d.remainderRaw.toString(),
      confirmations: d.confirmations,
      block_height: d.blockHeight,
      block_hash: d.blockHash,
      state: 'seen',
      flag: null,
      first_seen_ms: nowMs,
      credited_at_ms: null,
      updated_at_ms: nowMs,
    })
    .onConflict((oc) => oc.columns(['network', 'tx_hash', 'output_index']).doNothing())
    .execute();
}

/** Updates where an uncredited deposit stands (it may come back from `dropped` after a reorg). */
export async function updateSeenDeposit(
  trx: Exec,
  id: bigint,
  s: { confirmations: number; blockHeight: number | null; blockHash: string | null },
  nowMs: number,
): Promise<void> {
  await trx
    .updateTable('chain_deposits')
    .set({
      state: 'seen',
      confirmations: s.confirmations,
      block_height: s.blockHeight,
      block_hash: s.blockHash,
      updated_at_ms: nowMs,
    })
    .where('id', '=', id)
    .where('state', '<>', 'credited')
    .execute();
}

/**
 * Marks a deposit credited, once: true only for the unit that moved it (the row's lock on PostgreSQL and
 * the single writer of SQLite make a concurrent second unit see it credited and answer false).
 */
export async function markDepositCredited(
  trx: Exec,
  id: bigint,
  s: {
    confirmations: number;
    blockHeight: number | null;
    blockHash: string | null;
    flag: 'late' | 'reuse' | null;
  },
  nowMs: number,
): Promise<boolean> {
  const r = await trx
    .updateTable('chain_deposits')
    .set({
      state: 'credited',
      confirmations: s.confirmations,
      block_height: s.blockHeight,
      block_hash: s.blockHash,
      flag: s.flag,
      credited_at_ms: nowMs,
      updated_at_ms: nowMs,
    })
    .where('id', '=', id)
    .where('state', '<>', 'credited')
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/** Uncredited deposits of these addresses on `network` (what a scan must still show). */
export const listUncreditedDeposits = (
  exec: Exec,
  network: ChainNetworkName,
  addresses: readonly string[],
): Promise<ChainDepositRow[]> =>
  addresses.length === 0
    ? Promise.resolve([])
    : exec
        .selectFrom('chain_deposits')
        .selectAll()
        .where('network', '=', network)
        .where('address', 'in', [...addresses])
        .where('state', '=', 'seen')
        .execute();

export async function markDepositsDropped(trx: Exec, ids: readonly bigint[], nowMs: number): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await trx
    .updateTable('chain_deposits')
    .set({ state: 'dropped', confirmations: 0, updated_at_ms: nowMs })
    .where('id', 'in', [...ids])
    .where('state', '=', 'seen')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Audit: credited deposits whose ledger transfers (`chain:<id>`) are not exactly one, and chain deposit
 * transfers with no credited deposit.
 */
export async function findDepositLedgerMismatches(
  exec: Exec,
  limit: number,
): Promise<{ checked: number; found: string[] }> {
  const checked = await exec
    .selectFrom('chain_deposits')
    .select((eb) => eb.fn.countAll<string | number | bigint>().as('n'))
    .where('state', '=', 'credited')
    .executeTakeFirstOrThrow();
  const bad = await sql<{ id: string | number | bigint; n: string | number | bigint }>`
    SELECT d.id, (SELECT COUNT(*) FROM ledger_transfers t
                   WHERE t.code = 'chain_deposit' AND t.ref = 'chain_deposit:' || CAST(d.id AS TEXT)) AS n
      FROM chain_deposits d
     WHERE d.state = 'credited'
       AND (SELECT COUNT(*) FROM ledger_transfers t
             WHERE t.code = 'chain_deposit' AND t.ref = 'chain_deposit:' || CAST(d.id AS TEXT)) <> 1
     LIMIT ${limit}`.execute(exec);
  const orphans = await sql<{ id: string; ref: string | null }>`
    SELECT t.id, t.ref FROM ledger_transfers t
     WHERE t.code = 'chain_deposit'
       AND NOT EXISTS (SELECT 1 FROM chain_deposits d
                        WHERE d.state = 'credited' AND t.ref = 'chain_deposit:' || CAST(d.id AS TEXT))
     LIMIT ${limit}`.execute(exec);
  return {
    checked: Number(checked.n),
    found: [
      ...bad.rows.map((r) => `chain deposit ${r.id} is credited with ${r.n} ledger transfers, expected 1`),
      ...orphans.rows.map((r) => `ledger transfer ${r.id} (${r.ref}) credits no credited chain deposit`),
    ],
  };
}

// ---------------------------------------------------------------- sandbox chain

export interface NewSandboxDeposit {
  network: ChainNetworkName;
  asset: 'btc' | 'usdt';
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
  which: { txHash: string } | { network: ChainNetworkName; address: string },
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

export const listSandboxDeposits = (exec: Exec, network: ChainNetworkName, addresses: readonly string[]) =>
  addresses.length === 0
    ? Promise.resolve([])
    : exec
        .selectFrom('sandbox_chain_deposits')
        .selectAll()
        .where('network', '=', network)
        .where('address', 'in', [...addresses])
        .where('removed', '=', 0n)
        .orderBy('id')
        .execute();

export const findSandboxDepositByHash = (exec: Exec, network: ChainNetworkName, txHash: string) =>
  exec
    .selectFrom('sandbox_chain_deposits')
    .selectAll()
    .where('network', '=', network)
    .where('tx_hash', '=', txHash)
    .where('removed', '=', 0n)
    .executeTakeFirst();

/**
 * Payer claims to look at first: on-chain requests of `network` with a submitted transaction hash whose
 * payer status is still `pending` and that the watcher has not credited from that hash, by payment id,
 * after `afterPaymentId` when given (the watcher walks them all in rounds of `limit`). With
 * `watchedAtMs`, only those whose address is still watched then.
 */
export const listPendingClaims = (
  exec: Exec,
  network: ChainNetworkName,
  opts: { afterPaymentId: bigint | null; watchedAtMs: number | null },
  limit: number,
) => {
  let q = exec
    .selectFrom('payments as p')
    .innerJoin('chain_addresses as a', 'a.payment_id', 'p.id')
    .select(['p.id as payment_id', 'p.transaction_hash', 'a.id as address_id'])
    .where('p.chain_network', '=', network)
    .where('p.payment_mode', '=', 'onchain')
    .where('p.status_payer', '=', 'pending')
    .where('p.transaction_hash', 'is not', null)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('chain_deposits as d')
            .select('d.id')
            .whereRef('d.payment_id', '=', 'p.id')
            .whereRef('d.tx_hash', '=', 'p.transaction_hash')
            .where('d.state', '=', 'credited'),
        ),
      ),
    );
  if (opts.afterPaymentId !== null) q = q.where('p.id', '>', opts.afterPaymentId);
  if (opts.watchedAtMs !== null) q = q.where('a.watch_until_ms', '>', BigInt(opts.watchedAtMs));
  return q.orderBy('p.id').limit(limit).execute();
};

/**
 * The transaction hash of each payment's first deposit seen on chain (by first sighting, then id), not
 * counting dropped ones, for these payments (at most a history page).
 */
export async function listFirstDepositHashes(
  exec: Exec,
  paymentIds: readonly bigint[],
): Promise<Map<bigint, string>> {
  const out = new Map<bigint, string>();
  if (paymentIds.length === 0) return out;
  const rows = await exec
    .selectFrom('chain_deposits')
    .select(['payment_id', 'tx_hash'])
    .where('payment_id', 'in', [...paymentIds])
    .where('state', '<>', 'dropped')
    .orderBy('payment_id')
    .orderBy('first_seen_ms')
    .orderBy('id')
    .execute();
  for (const r of rows) if (!out.has(r.payment_id)) out.set(r.payment_id, r.tx_hash);
  return out;
}
