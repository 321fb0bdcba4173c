import { type Kysely, type Selectable, sql } from 'kysely';
import { abort } from '../../domain/errors.ts';
import { ASSET_CODES, type Asset } from '../../domain/money.ts';
import type { Dialect } from '../database.ts';
import { prepare } from '../prepared.ts';
import type { DB, LedgerTransfersTable } from '../schema.ts';

/**
 * Double-entry ledger after TigerBeetle's model: accounts with posted and pending debits/credits,
 * immutable transfers whose id is the idempotency key, and two-phase transfers (pending → post | void).
 * Every function here runs inside the caller's write unit (`Database.write`).
 */

/** Account flag: debits may never exceed credits (all user accounts, escrow, fee accounts). */
export const DEBITS_MUST_NOT_EXCEED_CREDITS = 1;

export const TRANSFER_PENDING = 1;
export const TRANSFER_POST_PENDING = 2;
export const TRANSFER_VOID_PENDING = 4;

/** System accounts: the other side of every movement that enters or leaves user balances. */
export const SYSTEM_ACCOUNTS = {
  lightning_node: {
    flags: 0,
    purpose: 'liquidity of the Lightning node (funds entering/leaving by Lightning)',
  },
  onchain_settlement: { flags: 0, purpose: 'funds entering/leaving on the Bitcoin chain' },
  evm_settlement: { flags: 0, purpose: 'funds entering/leaving on EVM chains' },
  voucher_escrow: { flags: DEBITS_MUST_NOT_EXCEED_CREDITS, purpose: 'funds of issued, unredeemed vouchers' },
  service_fees: { flags: DEBITS_MUST_NOT_EXCEED_CREDITS, purpose: 'service fees earned' },
  gst: { flags: DEBITS_MUST_NOT_EXCEED_CREDITS, purpose: 'tax collected on service fees' },
  trade_treasury: { flags: 0, purpose: 'counterparty of spot trades' },
  sandbox_faucet: { flags: 0, purpose: 'test funds (sandbox only)' },
  fee_overrun: { flags: 0, purpose: 'routing fees the node paid beyond the reserve (operator loss)' },
} as const;
export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

export type AccountRef = { owner: bigint } | { system: SystemAccount };

export interface TransferInput {
  /** Caller-chosen, unique: the idempotency key. */
  id: string;
  debit: AccountRef;
  credit: AccountRef;
  asset: Asset;
  amount: bigint;
  /** Why the money moved (e.g. `payment_internal`, `voucher_escrow`). */
  code: string;
  /** The business object this belongs to (e.g. `payment:123`). */
  ref?: string | null;
  pending?: boolean;
}

export type TransferOutcome = 'created' | 'exists';

type Exec = Kysely<DB>;

const MAX_AMOUNT = 9_000_000_000_000_000_000n; // below int64 max

const userAccountId = prepare<{ owner: bigint; asset: string }, { id: bigint }>((db, p) =>
  db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('owner_account_id', '=', p('owner'))
    .where('asset', '=', p('asset')),
);
const systemAccountId = prepare<{ code: string; asset: string }, { id: bigint }>((db, p) =>
  db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('system_code', '=', p('code'))
    .where('asset', '=', p('asset')),
);

export async function ledgerAccountId(trx: Exec, ref: AccountRef, asset: Asset): Promise<bigint> {
  const row =
    'owner' in ref
      ? await userAccountId.first(trx, { owner: ref.owner, asset })
      : await systemAccountId.first(trx, { code: ref.system, asset });
  if (row === undefined) {
    const who = 'owner' in ref ? `account ${ref.owner}` : `system account ${ref.system}`;
    throw new Error(`ledger account missing: ${who} ${asset}`);
  }
  return row.id;
}

/** Creates the ledger accounts of a new user account, one per asset. */
export async function openUserLedgerAccounts(trx: Exec, ownerId: bigint, nowMs: number): Promise<void> {
  await trx
    .insertInto('ledger_accounts')
    .values(
      ASSET_CODES.map((asset) => ({
        owner_account_id: ownerId,
        system_code: null,
        asset,
        flags: DEBITS_MUST_NOT_EXCEED_CREDITS,
        created_at_ms: nowMs,
      })),
    )
    .execute();
}

/** Creates any missing system account (idempotent; run at start-up and by migrations of new codes). */
export async function ensureSystemAccounts(trx: Exec, nowMs: number): Promise<void> {
  for (const [code, { flags }] of Object.entries(SYSTEM_ACCOUNTS)) {
    for (const asset of ASSET_CODES) {
      await trx
        .insertInto('ledger_accounts')
        .values({ owner_account_id: null, system_code: code, asset, flags, created_at_ms: nowMs })
        .onConflict((oc) => oc.columns(['system_code', 'asset']).doNothing())
        .execute();
    }
  }
}

/**
 * Moves `amount` from debit to credit (or reserves it, when pending). Replaying the same id with the same
 * fields is a no-op answered `exists`; the same id with other fields aborts with
 * `transfer_exists_different`. A debit that would take a guarded account below zero aborts with
 * `insufficient_balance`, and a movement that would carry an account's debits or credits (posted plus
 * pending) past the 64-bit range of its columns aborts with `balance_limit_exceeded`, each decided in
 * the same statement that moves the money.
 *
 * Three statements: the transfer row (inserted first, which also resolves both account ids), then one
 * guarded UPDATE per account, lower id first so that concurrent transfers between the same accounts
 * never deadlock on PostgreSQL.
 */
export async function createTransfer(trx: Exec, t: TransferInput, nowMs: number): Promise<TransferOutcome> {
  if (t.amount <= 0n || t.amount > MAX_AMOUNT) throw new Error(`transfer ${t.id}: amount out of range`);
  if (sameRef(t.debit, t.credit)) throw new Error(`transfer ${t.id}: debit and credit are the same account`);
  const flags = t.pending ? TRANSFER_PENDING : 0;
  const ref = t.ref ?? null;
  const inserted = await insertTransferByRefs.first(trx, {
    id: t.id,
    debit_owner: 'owner' in t.debit ? t.debit.owner : null,
    debit_code: 'system' in t.debit ? t.debit.system : null,
    credit_owner: 'owner' in t.credit ? t.credit.owner : null,
    credit_code: 'system' in t.credit ? t.credit.system : null,
    amount: t.amount,
    asset: t.asset,
    code: t.code,
    ref,
    flags,
    created_at_ms: nowMs,
  });
  if (inserted === undefined) {
    const debitId = await ledgerAccountId(trx, t.debit, t.asset);
    const creditId = await ledgerAccountId(trx, t.credit, t.asset);
    const existing = await trx
      .selectFrom('ledger_transfers')
      .selectAll()
      .where('id', '=', t.id)
      .executeTakeFirstOrThrow();
    const same =
      existing.debit_account_id === debitId &&
      existing.credit_account_id === creditId &&
      existing.amount === t.amount &&
      existing.asset === t.asset &&
      existing.code === t.code &&
      existing.ref === ref &&
      existing.flags === BigInt(flags);
    if (!same) abort('transfer_exists_different', `transfer ${t.id} exists with different fields`);
    return 'exists';
  }
  const { debit_account_id: debitId, credit_account_id: creditId } = inserted;
  const column = t.pending ? 'pending' : 'posted';
  if (debitId < creditId) {
    await debit(trx, debitId, t.amount, column);
    await credit(trx, creditId, t.amount, column);
  } else {
    await credit(trx, creditId, t.amount, column);
    await debit(trx, debitId, t.amount, column);
  }
  return 'created';
}

const sameRef = (a: AccountRef, b: AccountRef): boolean =>
  'owner' in a ? 'owner' in b && a.owner === b.owner : 'system' in b && a.system === b.system;

/** Largest value of a ledger column (int64 on both databases). */
const COLUMN_MAX = sql.raw('9223372036854775807');

/**
 * The transfer row of createTransfer, its account ids looked up in the same statement. A missing account
 * leaves an id NULL, which the NOT NULL constraint refuses (a bug: accounts are created with their owner).
 */
const insertTransferByRefs = prepare<
  {
    id: string;
    debit_owner: bigint | null;
    debit_code: string | null;
    credit_owner: bigint | null;
    credit_code: string | null;
    amount: bigint;
    asset: string;
    code: string;
    ref: string | null;
    flags: number;
    created_at_ms: number;
  },
  { debit_account_id: bigint; credit_account_id: bigint }
>((db, p) => {
  const accountId = (owner: 'debit_owner' | 'credit_owner', code: 'debit_code' | 'credit_code') =>
    sql<bigint>`COALESCE(
      (SELECT id FROM ledger_accounts WHERE owner_account_id = ${p(owner)} AND asset = ${p('asset')}),
      (SELECT id FROM ledger_accounts WHERE system_code = ${p(code)} AND asset = ${p('asset')}))`;
  return db
    .insertInto('ledger_transfers')
    .values({
      id: p('id'),
      debit_account_id: accountId('debit_owner', 'debit_code'),
      credit_account_id: accountId('credit_owner', 'credit_code'),
      amount: p('amount'),
      asset: p('asset'),
      code: p('code'),
      ref: p('ref'),
      flags: p('flags'),
      pending_id: null,
      created_at_ms: p('created_at_ms'),
    })
    .onConflict((oc) => oc.doNothing())
    .returning(['debit_account_id', 'credit_account_id']);
});

/** A new ledger_transfers row, every column given (the prepared insert binds each). */
type TransferRow = Omit<Selectable<LedgerTransfersTable>, 'flags' | 'created_at_ms'> & {
  flags: number;
  created_at_ms: number;
};

const insertTransferRow = prepare<TransferRow, never>((db, p) =>
  db
    .insertInto('ledger_transfers')
    .values({
      id: p('id'),
      debit_account_id: p('debit_account_id'),
      credit_account_id: p('credit_account_id'),
      amount: p('amount'),
      asset: p('asset'),
      code: p('code'),
      ref: p('ref'),
      flags: p('flags'),
      pending_id: p('pending_id'),
      created_at_ms: p('created_at_ms'),
    })
    // Any unique conflict (the id, or a second resolution of one pending transfer) inserts nothing.
    .onConflict((oc) => oc.doNothing()),
);

/** True when the row was inserted; false when its id (or pending_id) exists already. */
async function insertTransfer(trx: Exec, row: TransferRow): Promise<boolean> {
  const r = await insertTransferRow.run(trx, row);
  return r.numAffectedRows === 1n;
}

// Every increase keeps posted + pending of each side within the column's range, so no expression here
// (nor a later post, which only moves pending to posted) can overflow. A guarded account (flag 1) may
// only be debited while credits cover all debits, reserved ones included; for it
// credits_posted - debits_posted - debits_pending is never negative, so that difference cannot overflow.
const debitGuarded = (column: 'debits_posted' | 'debits_pending') =>
  prepare<{ id: bigint; amount: bigint }, never>((db, p) =>
    db
      .updateTable('ledger_accounts')
      .set({ [column]: sql`${sql.ref(column)} + ${p('amount')}` })
      .where('id', '=', p('id'))
      .where(sql<boolean>`debits_posted + debits_pending <= ${COLUMN_MAX} - ${p('amount')}`)
      .where(
        sql<boolean>`(CASE WHEN (flags & ${sql.lit(DEBITS_MUST_NOT_EXCEED_CREDITS)}) = 0 THEN 1
          WHEN credits_posted - debits_posted - debits_pending >= ${p('amount')} THEN 1 ELSE 0 END) = 1`,
      ),
  );
const creditBy = (column: 'credits_posted' | 'credits_pending') =>
  prepare<{ id: bigint; amount: bigint }, never>((db, p) =>
    db
      .updateTable('ledger_accounts')
      .set({ [column]: sql`${sql.ref(column)} + ${p('amount')}` })
      .where('id', '=', p('id'))
      .where(sql<boolean>`credits_posted + credits_pending <= ${COLUMN_MAX} - ${p('amount')}`),
  );
const DEBIT = { posted: debitGuarded('debits_posted'), pending: debitGuarded('debits_pending') };
const CREDIT = { posted: creditBy('credits_posted'), pending: creditBy('credits_pending') };

const accountTotals = prepare<
  { id: bigint },
  { debits_posted: bigint; debits_pending: bigint; credits_posted: bigint; credits_pending: bigint }
>((db, p) =>
  db
    .selectFrom('ledger_accounts')
    .select(['debits_posted', 'debits_pending', 'credits_posted', 'credits_pending'])
    .where('id', '=', p('id')),
);

const INT64_MAX = 9_223_372_036_854_775_807n;

function refuseLimit(): never {
  return abort(
    'balance_limit_exceeded',
    'this movement would take an account past the largest total the ledger can hold',
  );
}

async function debit(
  trx: Exec,
  accountId: bigint,
  amount: bigint,
  column: 'posted' | 'pending',
): Promise<void> {
  const r = await DEBIT[column].run(trx, { id: accountId, amount });
  if (r.numAffectedRows === 1n) return;
  // Refused: only now read why (the failure path only).
  const a = await accountTotals.first(trx, { id: accountId });
  if (a === undefined) throw new Error(`ledger account ${accountId} missing`);
  if (a.debits_posted + a.debits_pending > INT64_MAX - amount) refuseLimit();
  abort('insufficient_balance', 'insufficient balance');
}

async function credit(
  trx: Exec,
  accountId: bigint,
  amount: bigint,
  column: 'posted' | 'pending',
): Promise<void> {
  const r = await CREDIT[column].run(trx, { id: accountId, amount });
  if (r.numAffectedRows === 1n) return;
  const a = await accountTotals.first(trx, { id: accountId });
  if (a === undefined) throw new Error(`ledger account ${accountId} missing`);
  refuseLimit();
}

/**
 * Resolves a pending transfer. Post moves `amount` (≤ the reserved amount; default all of it) from pending
 * to posted and releases the rest; void releases it all. Each pending transfer is resolved at most once
 * (unique pending_id); replaying the same resolution is answered `exists`.
 */
export async function resolvePending(
  trx: Exec,
  r: { id: string; pendingId: string; action: 'post' | 'void'; amount?: bigint; code: string },
  nowMs: number,
): Promise<TransferOutcome> {
  const pending = await transferById.first(trx, { id: r.pendingId });
  if (pending === undefined || (pending.flags & BigInt(TRANSFER_PENDING)) === 0n) {
    abort('transfer_not_pending', `transfer ${r.pendingId} is not a pending transfer`);
  }
  const p = pending!;
  const amount = r.action === 'void' ? p.amount : (r.amount ?? p.amount);
  if (amount < 0n || amount > p.amount) throw new Error(`post ${r.id}: amount exceeds the pending amount`);
  const flags = r.action === 'post' ? TRANSFER_POST_PENDING : TRANSFER_VOID_PENDING;
  const row = {
    id: r.id,
    debit_account_id: p.debit_account_id,
    credit_account_id: p.credit_account_id,
    amount,
    asset: p.asset,
    code: r.code,
    ref: p.ref,
    flags,
    pending_id: r.pendingId,
    created_at_ms: nowMs,
  };
  // The insert decides (unique id, unique pending_id); why it inserted nothing is read only then.
  if (!(await insertTransfer(trx, row))) {
    const byId = await transferById.first(trx, { id: r.id });
    if (byId === undefined) {
      abort('transfer_not_pending', `transfer ${r.pendingId} was already resolved by another transfer`);
    }
    const same = byId!.pending_id === r.pendingId && byId!.flags === BigInt(flags) && byId!.amount === amount;
    if (!same) abort('transfer_exists_different', `transfer ${r.id} exists with different fields`);
    return 'exists';
  }
  // Moving reserved money to posted (or releasing it) never raises a side's posted + pending total.
  const posted = r.action === 'post' ? amount : 0n;
  const sides: Array<() => Promise<unknown>> = [
    () => releaseDebit.run(trx, { id: p.debit_account_id, pending: p.amount, posted }),
    () => releaseCredit.run(trx, { id: p.credit_account_id, pending: p.amount, posted }),
  ];
  if (p.credit_account_id < p.debit_account_id) sides.reverse();
  for (const side of sides) await side();
  return 'created';
}

const transferById = prepare<{ id: string }, Selectable<LedgerTransfersTable>>((db, p) =>
  db.selectFrom('ledger_transfers').selectAll().where('id', '=', p('id')),
);
const releaseDebit = prepare<{ id: bigint; pending: bigint; posted: bigint }, never>((db, p) =>
  db
    .updateTable('ledger_accounts')
    .set({
      debits_pending: sql`debits_pending - ${p('pending')}`,
      debits_posted: sql`debits_posted + ${p('posted')}`,
    })
    .where('id', '=', p('id')),
);
const releaseCredit = prepare<{ id: bigint; pending: bigint; posted: bigint }, never>((db, p) =>
  db
    .updateTable('ledger_accounts')
    .set({
      credits_pending: sql`credits_pending - ${p('pending')}`,
      credits_posted: sql`credits_posted + ${p('posted')}`,
    })
    .where('id', '=', p('id')),
);

const balancesOf = prepare<
  { owner: bigint },
  { asset: string; credits_posted: bigint; debits_posted: bigint; debits_pending: bigint }
>((db, p) =>
  db
    .selectFrom('ledger_accounts')
    .select(['asset', 'credits_posted', 'debits_posted', 'debits_pending'])
    .where('owner_account_id', '=', p('owner')),
);

/** Spendable balance per asset: credits posted minus debits posted and reserved. */
export async function availableBalances(exec: Exec, ownerId: bigint): Promise<Map<Asset, bigint>> {
  const out = new Map<Asset, bigint>();
  for (const r of await balancesOf.all(exec, { owner: ownerId })) {
    out.set(r.asset as Asset, r.credits_posted - r.debits_posted - r.debits_pending);
  }
  return out;
}

const balanceOf = prepare<
  { owner: bigint; asset: string },
  { credits_posted: bigint; debits_posted: bigint; debits_pending: bigint }
>((db, p) =>
  db
    .selectFrom('ledger_accounts')
    .select(['credits_posted', 'debits_posted', 'debits_pending'])
    .where('owner_account_id', '=', p('owner'))
    .where('asset', '=', p('asset')),
);

export async function availableBalance(exec: Exec, ownerId: bigint, asset: Asset): Promise<bigint> {
  const r = await balanceOf.first(exec, { owner: ownerId, asset });
  return r === undefined ? 0n : r.credits_posted - r.debits_posted - r.debits_pending;
}

/**
 * Locks the ledger accounts a write unit is about to move (of `asset`), all at once and in one global
 * order (by id), before its first transfer. createTransfer orders the two rows of one transfer, but a
 * unit of several transfers would otherwise take its locks in its own order, and two units that touch
 * the same accounts in different orders deadlock on PostgreSQL. On SQLite a write unit holds the whole
 * database, so there is nothing to lock.
 */
export async function lockAccountsInOrder(
  trx: Exec,
  dialect: Dialect,
  accounts: readonly AccountRef[],
  asset: Asset = 'lbtc',
): Promise<void> {
  if (dialect !== 'postgres' || accounts.length === 0) return;
  const owners = [...new Set(accounts.flatMap((a) => ('owner' in a ? [a.owner] : [])))];
  const systems = [...new Set(accounts.flatMap((a) => ('system' in a ? [a.system] : [])))];
  await trx
    .selectFrom('ledger_accounts')
    .select('id')
    .where('asset', '=', asset)
    .where((eb) =>
      eb.or([
        ...(owners.length > 0 ? [eb('owner_account_id', 'in', owners)] : []),
        ...(systems.length > 0 ? [eb('system_code', 'in', systems)] : []),
      ]),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
}
