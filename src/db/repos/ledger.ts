import { type Kysely, type Selectable, sql } from 'kysely';
import { abort } from '../../domain/errors.ts';
import { ASSET_CODES, type Asset, INT64_MAX } from '../../domain/money.ts';
import { isPostgres } from '../dialect.ts';
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
const TRANSFER_VOID_PENDING = 4;

/** System accounts: the other side of every movement that enters or leaves user balances. */
export const SYSTEM_ACCOUNTS = {
  lightning_node: {
    flags: 0,
    purpose: 'liquidity of the Lightning node (funds entering/leaving by Lightning)',
  },
  onchain_settlement: { flags: 0, purpose: 'funds entering/leaving on the Bitcoin chain' },
  evm_settlement: { flags: 0, purpose: 'funds entering/leaving on EVM chains' },
  voucher_escrow: { flags: DEBITS_MUST_NOT_EXCEED_CREDITS, purpose: 'funds of issued, unredeemed vouchers' },
  payout_escrow: { flags: DEBITS_MUST_NOT_EXCEED_CREDITS, purpose: 'funds of payout items not yet paid' },
  withdrawal_escrow: {
    flags: DEBITS_MUST_NOT_EXCEED_CREDITS,
    purpose: 'funds of on-chain withdrawals not yet confirmed (amount plus fee reserve)',
  },
  service_fees: { flags: DEBITS_MUST_NOT_EXCEED_CREDITS, purpose: 'service fees earned' },
  gst: { flags: DEBITS_MUST_NOT_EXCEED_CREDITS, purpose: 'tax collected on service fees' },
  trade_treasury: { flags: 0, purpose: 'counterparty of spot trades' },
  sandbox_faucet: { flags: 0, purpose: 'test funds (sandbox only)' },
  fee_overrun: { flags: 0, purpose: 'routing fees the node paid beyond the reserve (operator loss)' },
  chain_reorg_shortfall: {
    flags: 0,
    purpose: 'reversed chain deposits the merchant had already spent (operator loss)',
  },
} as const;
export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS;

/**
 * Stripes of the system accounts every fee-bearing or Lightning movement touches. Each of these is
 * SYSTEM_STRIPES ledger accounts: stripe 0 keeps the plain code (`service_fees`), stripe k the code
 * `service_fees/k`. Each stripe is an ordinary double-entry account whose columns equal its own
 * transfers (the audit checks each), and the account's balance is the sum of its stripes
 * (systemAccountTotals). Concurrent write units whose payers differ take different stripes, so they do
 * not queue on one row lock. Only accounts that are never debited below a stripe's own credits may be
 * striped: `lightning_node` is unguarded, and `service_fees` and `gst` are only ever credited.
 * `voucher_escrow` stays one row: a voucher's escrow is debited when it is redeemed, from whatever the
 * batch put there, and vouchers move far less often than sends.
 */
export const SYSTEM_STRIPES = 32;
const STRIPED: ReadonlySet<string> = new Set<SystemAccount>(['lightning_node', 'service_fees', 'gst']);

/** The code of one stripe of a system account (stripe 0, and any unstriped account: the plain code). */
export const stripeCode = (code: SystemAccount, stripe: number): string =>
  stripe === 0 || !STRIPED.has(code) ? code : `${code}/${stripe}`;

/** The stripe a write unit moving money of this account uses. */
const stripeOfOwner = (owner: bigint): number => Number(owner % BigInt(SYSTEM_STRIPES));

/**
 * The stripe chosen by each PostgreSQL write unit's lockAccountsInOrder (keyed by its transaction), so
 * that its transfers move exactly the rows it locked. SQLite serialises whole units: nothing to keep.
 */
const unitStripe = new WeakMap<object, number>();

/** The system account's code a transfer of this unit uses: the unit's stripe, else its user side's. */
function systemCodeFor(trx: Exec, ref: AccountRef, other: AccountRef): string | null {
  if (!('system' in ref)) return null;
  const stripe = unitStripe.get(trx) ?? ('owner' in other ? stripeOfOwner(other.owner) : 0);
  return stripeCode(ref.system, stripe);
}

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
  const rows = Object.entries(SYSTEM_ACCOUNTS).flatMap(([code, { flags }]) =>
    Array.from({ length: STRIPED.has(code) ? SYSTEM_STRIPES : 1 }, (_, k) =>
      ASSET_CODES.map((asset) => ({
        owner_account_id: null,
        system_code: stripeCode(code as SystemAccount, k),
        asset,
        flags,
        created_at_ms: nowMs,
      })),
    ).flat(),
  );
  await trx
    .insertInto('ledger_accounts')
    .values(rows)
    .onConflict((oc) => oc.columns(['system_code', 'asset']).doNothing())
    .execute();
}

/**
 * Moves `amount` from debit to credit (or reserves it, when pending). Replaying the same id with the same
 * fields is a no-op answered `exists`; the same id with other fields aborts with
 * `transfer_exists_different`. A debit that would take a guarded account below zero aborts with
 * `insufficient_balance`, and a movement that would carry an account's debits or credits (posted plus
 * pending) past the 64-bit range of its columns aborts with `balance_limit_exceeded`, each decided in
 * the same statement that moves the money. A system side names a striped account: the transfer moves
 * the write unit's stripe of it (see SYSTEM_STRIPES).
 *
 * On PostgreSQL one statement does it all (transferInOneStatement): resolve both account ids, lock
 * both rows lower id first (so that concurrent transfers between the same accounts never deadlock),
 * insert the transfer row and apply both guarded updates. On SQLite, where a statement costs no round
 * trip, three: the transfer row (which also resolves both ids), then one guarded UPDATE per account.
 */
export async function createTransfer(trx: Exec, t: TransferInput, nowMs: number): Promise<TransferOutcome> {
  if (t.amount <= 0n || t.amount > MAX_AMOUNT) throw new Error(`transfer ${t.id}: amount out of range`);
  if (sameRef(t.debit, t.credit)) throw new Error(`transfer ${t.id}: debit and credit are the same account`);
  const flags = t.pending ? TRANSFER_PENDING : 0;
  const ref = t.ref ?? null;
  const params = {
    id: t.id,
    debit_owner: 'owner' in t.debit ? t.debit.owner : null,
    debit_code: systemCodeFor(trx, t.debit, t.credit),
    credit_owner: 'owner' in t.credit ? t.credit.owner : null,
    credit_code: systemCodeFor(trx, t.credit, t.debit),
    amount: t.amount,
    asset: t.asset,
    code: t.code,
    ref,
    flags,
    created_at_ms: nowMs,
  };
  const column = t.pending ? 'pending' : 'posted';
  if (isPostgres(trx)) {
    const r = await ONE_STATEMENT[column].first(trx, params);
    if (r === undefined) throw new Error(`transfer ${t.id}: no result`);
    if (r.inserted === 0n) return existingTransfer(trx, t, flags, ref);
    if (r.debited === 0n) await refuseDebit(trx, r.debit_id, t.amount);
    if (r.credited === 0n) refuseLimit();
    return 'created';
  }
  const inserted = await insertTransferByRefs.first(trx, params);
  if (inserted === undefined) return existingTransfer(trx, t, flags, ref);
  const { debit_account_id: debitId, credit_account_id: creditId } = inserted;
  if (debitId < creditId) {
    await debit(trx, debitId, t.amount, column);
    await credit(trx, creditId, t.amount, column);
  } else {
    await credit(trx, creditId, t.amount, column);
    await debit(trx, debitId, t.amount, column);
  }
  return 'created';
}

/**
 * Several posted transfers of one asset as createTransfer would move them one after the other (each
 * replayed id answered `exists`, the first refusal aborting the unit). On PostgreSQL, when no account
 * is both debited and credited among them, one statement moves them all (transfersInOneStatement): it
 * locks every account of the batch in id order, inserts the transfers, and applies each account's
 * total in one guarded update, so a unit of several transfers (a payment with its fees) holds its
 * accounts for one round trip and needs no separate lock. Otherwise, and on SQLite, one by one.
 */
export async function createTransfers(
  trx: Exec,
  ts: readonly TransferInput[],
  nowMs: number,
): Promise<TransferOutcome[]> {
  const asset = ts[0]?.asset;
  const keyOf = (r: AccountRef) => ('owner' in r ? `o${r.owner}` : `s${r.system}`);
  const debited = new Set(ts.map((t) => keyOf(t.debit)));
  const batchable =
    ts.length > 1 &&
    isPostgres(trx) &&
    ts.every((t) => t.asset === asset && !t.pending && !debited.has(keyOf(t.credit)));
  if (!batchable) {
    const out: TransferOutcome[] = [];
    for (const t of ts) out.push(await createTransfer(trx, t, nowMs));
    return out;
  }
  for (const t of ts) {
    if (t.amount <= 0n || t.amount > MAX_AMOUNT) throw new Error(`transfer ${t.id}: amount out of range`);
  }
  const r = await BATCH.first(trx, {
    ids: ts.map((t) => t.id),
    debit_owners: ts.map((t) => ('owner' in t.debit ? String(t.debit.owner) : null)),
    debit_codes: ts.map((t) => systemCodeFor(trx, t.debit, t.credit)),
    credit_owners: ts.map((t) => ('owner' in t.credit ? String(t.credit.owner) : null)),
    credit_codes: ts.map((t) => systemCodeFor(trx, t.credit, t.debit)),
    amounts: ts.map((t) => String(t.amount)),
    codes: ts.map((t) => t.code),
    refs: ts.map((t) => t.ref ?? null),
    asset: asset as string,
    created_at_ms: nowMs,
  });
  if (r === undefined) throw new Error('transfer batch: no result');
  // A refused account: a debited one is read for why (limit or balance), a credited one hit the limit.
  for (const f of r.refused ?? []) {
    if (BigInt(f.d) > 0n) await refuseDebit(trx, BigInt(f.acc), BigInt(f.d));
    refuseLimit();
  }
  const inserted = new Set(r.inserted ?? []);
  const out: TransferOutcome[] = [];
  for (const t of ts) {
    out.push(inserted.has(t.id) ? 'created' : await existingTransfer(trx, t, 0, t.ref ?? null));
  }
  return out;
}

/** A posted transfer as a set-based statement takes it: each side an owner or a system code. */
export interface TransferLeg {
  id: string;
  debitOwner: bigint | null;
  debitCode: string | null;
  creditOwner: bigint | null;
  creditCode: string | null;
  amount: bigint;
  code: string;
  ref: string | null;
}

/**
 * The legs of posted transfers of this unit (its stripe of each system account, as createTransfer
 * would move), for a statement that decides and moves them with other units' (db/repos/internal-sends.ts).
 */
export function transferLegs(trx: Exec, ts: readonly TransferInput[]): TransferLeg[] {
  return ts.map((t) => {
    if (t.amount <= 0n || t.amount > MAX_AMOUNT) throw new Error(`transfer ${t.id}: amount out of range`);
    if (sameRef(t.debit, t.credit))
      throw new Error(`transfer ${t.id}: debit and credit are the same account`);
    if (t.pending) throw new Error(`transfer ${t.id}: a pending transfer is not moved set-based`);
    return {
      id: t.id,
      debitOwner: 'owner' in t.debit ? t.debit.owner : null,
      debitCode: systemCodeFor(trx, t.debit, t.credit),
      creditOwner: 'owner' in t.credit ? t.credit.owner : null,
      creditCode: systemCodeFor(trx, t.credit, t.debit),
      amount: t.amount,
      code: t.code,
      ref: t.ref ?? null,
    };
  });
}

/** The refusal of a debit past a guarded balance (createTransfer's), as a value of the unit's abort. */
export const refuseInsufficientBalance = (): never => abort('insufficient_balance', 'insufficient balance');

/** The refusal of a movement past the 64-bit range of a ledger column. */
export const refuseBalanceLimit = (): never => refuseLimit();

type BatchParams = {
  ids: string[];
  debit_owners: Array<string | null>;
  debit_codes: Array<string | null>;
  credit_owners: Array<string | null>;
  credit_codes: Array<string | null>;
  amounts: string[];
  codes: string[];
  refs: Array<string | null>;
  asset: string;
  created_at_ms: number;
};

/**
 * PostgreSQL: a batch of posted transfers in one statement. `lk` locks every account of the batch in id
 * order before anything is written; `mv` adds up what each account gains and loses from the transfers
 * actually inserted (a replayed id moves nothing); `upd` applies each total with its guards. As no
 * account is both debited and credited here, a guard passing on the total is exactly every transfer
 * passing in turn. Answers the ids inserted and the accounts whose update was refused. No `*` in its
 * text, so it runs as a named statement, planned once per connection (db/postgres.ts).
 */
const BATCH = prepare<
  BatchParams,
  { inserted: string[] | null; refused: Array<{ acc: string; d: string }> | null }
>((db, p) => {
  const arr = (name: keyof BatchParams, type: string) => sql`CAST(${p(name)} AS ${sql.raw(type)})`;
  const asset = sql`CAST(${p('asset')} AS TEXT)`;
  const accountId = (owner: string, code: string) =>
    sql`COALESCE(
      (SELECT id FROM ledger_accounts WHERE owner_account_id = ${sql.raw(owner)} AND asset = ${asset}),
      (SELECT id FROM ledger_accounts WHERE system_code = ${sql.raw(code)} AND asset = ${asset}))`;
  const raw = sql<{ inserted: string[] | null; refused: Array<{ acc: string; d: string }> | null }>`
    WITH t AS (
      SELECT x.id, x.d_owner, x.d_code, x.c_owner, x.c_code, x.amount, x.code, x.ref, x.n FROM unnest(${arr('ids', 'TEXT[]')}, ${arr('debit_owners', 'BIGINT[]')},
        ${arr('debit_codes', 'TEXT[]')}, ${arr('credit_owners', 'BIGINT[]')}, ${arr('credit_codes', 'TEXT[]')},
        ${arr('amounts', 'BIGINT[]')}, ${arr('codes', 'TEXT[]')}, ${arr('refs', 'TEXT[]')})
        WITH ORDINALITY AS x(id, d_owner, d_code, c_owner, c_code, amount, code, ref, n)
    ),
    r AS (
      SELECT t.id, t.amount, t.code, t.ref, t.n,
        ${accountId('t.d_owner', 't.d_code')} AS debit_id, ${accountId('t.c_owner', 't.c_code')} AS credit_id
      FROM t
    ),
    lk AS (
      SELECT l.id FROM ledger_accounts l
      WHERE l.id IN (SELECT debit_id FROM r UNION SELECT credit_id FROM r)
      ORDER BY l.id FOR UPDATE
    ),
    ins AS (
      INSERT INTO ledger_transfers
        (id, debit_account_id, credit_account_id, amount, asset, code, ref, flags, pending_id, created_at_ms)
      SELECT r.id, r.debit_id, r.credit_id, r.amount, ${asset}, r.code, r.ref, 0, NULL,
        CAST(${p('created_at_ms')} AS BIGINT)
      FROM r WHERE (SELECT count(*) FROM lk) >= 0
      ORDER BY r.n
      ON CONFLICT DO NOTHING
      RETURNING id, debit_account_id, credit_account_id, amount
    ),
    mv AS (
      SELECT acc, CAST(sum(d) AS BIGINT) AS d, CAST(sum(c) AS BIGINT) AS c FROM (
        SELECT debit_account_id AS acc, amount AS d, CAST(0 AS BIGINT) AS c FROM ins
        UNION ALL
        SELECT credit_account_id, CAST(0 AS BIGINT), amount FROM ins
      ) legs GROUP BY acc
    ),
    upd AS (
      UPDATE ledger_accounts a
      SET debits_posted = a.debits_posted + mv.d, credits_posted = a.credits_posted + mv.c
      FROM mv
      WHERE a.id = mv.acc
        AND a.debits_posted + a.debits_pending <= ${COLUMN_MAX} - mv.d
        AND a.credits_posted + a.credits_pending <= ${COLUMN_MAX} - mv.c
        AND ((a.flags & ${sql.lit(DEBITS_MUST_NOT_EXCEED_CREDITS)}) = 0 OR mv.d = 0
          OR a.credits_posted - a.debits_posted - a.debits_pending >= mv.d)
      RETURNING a.id
    )
    SELECT
      (SELECT array_agg(id) FROM ins) AS inserted,
      (SELECT json_agg(json_build_object('acc', CAST(mv.acc AS TEXT), 'd', CAST(mv.d AS TEXT)) ORDER BY mv.d DESC)
        FROM mv WHERE mv.acc NOT IN (SELECT id FROM upd)) AS refused`;
  return { compile: () => raw.compile(db) };
});

/**
 * A transfer id that exists already: `exists` when its fields are these (a striped system side matches
 * any stripe of that account: a replay may run in a unit of another stripe), else a conflict.
 */
async function existingTransfer(
  trx: Exec,
  t: TransferInput,
  flags: number,
  ref: string | null,
): Promise<TransferOutcome> {
  const existing = await existingWithAccounts.first(trx, { id: t.id });
  if (existing === undefined) throw new Error(`transfer ${t.id}: neither inserted nor found`);
  const sameSide = (side: AccountRef, owner: bigint | null, code: string | null): boolean =>
    'owner' in side ? owner === side.owner : code !== null && code.split('/')[0] === side.system;
  const same =
    sameSide(t.debit, existing.d_owner, existing.d_code) &&
    sameSide(t.credit, existing.c_owner, existing.c_code) &&
    existing.amount === t.amount &&
    existing.asset === t.asset &&
    existing.code === t.code &&
    existing.ref === ref &&
    existing.flags === BigInt(flags);
  if (!same) abort('transfer_exists_different', `transfer ${t.id} exists with different fields`);
  return 'exists';
}

const existingWithAccounts = prepare<
  { id: string },
  {
    amount: bigint;
    asset: string;
    code: string;
    ref: string | null;
    flags: bigint;
    d_owner: bigint | null;
    d_code: string | null;
    c_owner: bigint | null;
    c_code: string | null;
  }
>((db, p) =>
  db
    .selectFrom('ledger_transfers as t')
    .innerJoin('ledger_accounts as d', 'd.id', 't.debit_account_id')
    .innerJoin('ledger_accounts as c', 'c.id', 't.credit_account_id')
    .select([
      't.amount',
      't.asset',
      't.code',
      't.ref',
      't.flags',
      'd.owner_account_id as d_owner',
      'd.system_code as d_code',
      'c.owner_account_id as c_owner',
      'c.system_code as c_code',
    ])
    .where('t.id', '=', p('id')),
);

type TransferParams = {
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
};

/**
 * PostgreSQL: a whole transfer in one statement, one round trip. `lk` locks both accounts in id order
 * before anything is written (a locking SELECT sorts before it locks); the insert waits on it, and both
 * updates depend on the insert, so a replayed id (nothing inserted) moves nothing. Each update carries
 * its guard; the statement answers how many rows each step touched, and createTransfer turns a refused
 * update into the unit's abort (which rolls the inserted row back with it).
 */
const transferInOneStatement = (column: 'posted' | 'pending') =>
  prepare<TransferParams, { debit_id: bigint; inserted: bigint; debited: bigint; credited: bigint }>(
    (db, p) => {
      const big = (name: keyof TransferParams) => sql`CAST(${p(name)} AS BIGINT)`;
      const text = (name: keyof TransferParams) => sql`CAST(${p(name)} AS TEXT)`;
      const accountId = (owner: 'debit_owner' | 'credit_owner', code: 'debit_code' | 'credit_code') =>
        sql`COALESCE(
        (SELECT id FROM ledger_accounts WHERE owner_account_id = ${big(owner)} AND asset = ${text('asset')}),
        (SELECT id FROM ledger_accounts WHERE system_code = ${text(code)} AND asset = ${text('asset')}))`;
      const debits = sql.raw(`debits_${column}`);
      const credits = sql.raw(`credits_${column}`);
      const raw = sql<{ debit_id: bigint; inserted: bigint; debited: bigint; credited: bigint }>`
      WITH a AS (
        SELECT ${accountId('debit_owner', 'debit_code')} AS debit_id,
               ${accountId('credit_owner', 'credit_code')} AS credit_id
      ),
      lk AS (
        SELECT l.id FROM ledger_accounts l
        WHERE l.id IN (SELECT debit_id FROM a UNION ALL SELECT credit_id FROM a)
        ORDER BY l.id FOR UPDATE
      ),
      ins AS (
        INSERT INTO ledger_transfers
          (id, debit_account_id, credit_account_id, amount, asset, code, ref, flags, pending_id, created_at_ms)
        SELECT ${text('id')}, a.debit_id, a.credit_id, ${big('amount')}, ${text('asset')}, ${text('code')},
          ${text('ref')}, ${big('flags')}, NULL, ${big('created_at_ms')}
        FROM a WHERE (SELECT count(*) FROM lk) >= 0
        ON CONFLICT DO NOTHING
        RETURNING debit_account_id, credit_account_id
      ),
      d AS (
        UPDATE ledger_accounts SET ${debits} = ${debits} + ${big('amount')}
        WHERE id = (SELECT debit_account_id FROM ins)
          AND debits_posted + debits_pending <= ${COLUMN_MAX} - ${big('amount')}
          AND ((flags & ${sql.lit(DEBITS_MUST_NOT_EXCEED_CREDITS)}) = 0
            OR credits_posted - debits_posted - debits_pending >= ${big('amount')})
        RETURNING id
      ),
      c AS (
        UPDATE ledger_accounts SET ${credits} = ${credits} + ${big('amount')}
        WHERE id = (SELECT credit_account_id FROM ins)
          AND credits_posted + credits_pending <= ${COLUMN_MAX} - ${big('amount')}
        RETURNING id
      )
      SELECT a.debit_id,
        (SELECT count(*) FROM ins) AS inserted,
        (SELECT count(*) FROM d) AS debited,
        (SELECT count(*) FROM c) AS credited
      FROM a`;
      return { compile: () => raw.compile(db) };
    },
  );
const ONE_STATEMENT = {
  posted: transferInOneStatement('posted'),
  pending: transferInOneStatement('pending'),
};

const sameRef = (a: AccountRef, b: AccountRef): boolean =>
  'owner' in a ? 'owner' in b && a.owner === b.owner : 'system' in b && a.system === b.system;

/** Largest value of a ledger column (int64 on both databases). */
const COLUMN_MAX = sql.raw('9223372036854775807');

/**
 * The transfer row of createTransfer, its account ids looked up in the same statement. A missing account
 * leaves an id NULL, which the NOT NULL constraint refuses (a bug: accounts are created with their owner).
 */
const insertTransferByRefs = prepare<TransferParams, { debit_account_id: bigint; credit_account_id: bigint }>(
  (db, p) => {
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
  },
);

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
  await refuseDebit(trx, accountId, amount);
}

/** A refused debit: only now read why (the failure path only). */
async function refuseDebit(trx: Exec, accountId: bigint, amount: bigint): Promise<never> {
  const a = await accountTotals.first(trx, { id: accountId });
  if (a === undefined) throw new Error(`ledger account ${accountId} missing`);
  if (a.debits_posted + a.debits_pending > INT64_MAX - amount) refuseLimit();
  return abort('insufficient_balance', 'insufficient balance');
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
 *
 * It also fixes the unit's stripe of the striped system accounts: that of the first user account
 * listed (the payer, or the account credited), so that units of different payers lock different rows
 * and every transfer of the unit moves exactly the stripe locked here.
 */
export async function lockAccountsInOrder(
  trx: Exec,
  accounts: readonly AccountRef[],
  asset: Asset = 'lbtc',
): Promise<void> {
  if (!isPostgres(trx) || accounts.length === 0) return;
  const owners = [...new Set(accounts.flatMap((a) => ('owner' in a ? [a.owner] : [])))];
  let stripe = unitStripe.get(trx);
  if (stripe === undefined) {
    stripe = owners[0] === undefined ? 0 : stripeOfOwner(owners[0]);
    unitStripe.set(trx, stripe);
  }
  const systems = [
    ...new Set(accounts.flatMap((a) => ('system' in a ? [stripeCode(a.system, stripe)] : []))),
  ];
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

/**
 * A system account's totals for an asset: the sum over its stripes (an unstriped account has one).
 * Summed in exact bigints here: each stripe's columns stay within int64, their sum need not.
 */
export async function systemAccountTotals(
  exec: Exec,
  code: SystemAccount,
  asset: string,
): Promise<{
  debits_posted: bigint;
  credits_posted: bigint;
  debits_pending: bigint;
  credits_pending: bigint;
}> {
  const rows = await stripesOf.all(exec, { code, asset, like: `${code}/%` });
  const sum = { debits_posted: 0n, credits_posted: 0n, debits_pending: 0n, credits_pending: 0n };
  for (const r of rows) {
    // LIKE's `_` matches any character: keep only this account's own stripes.
    if (r.system_code !== code && !r.system_code?.startsWith(`${code}/`)) continue;
    sum.debits_posted += BigInt(r.debits_posted);
    sum.credits_posted += BigInt(r.credits_posted);
    sum.debits_pending += BigInt(r.debits_pending);
    sum.credits_pending += BigInt(r.credits_pending);
  }
  return sum;
}

const stripesOf = prepare<
  { code: string; asset: string; like: string },
  {
    system_code: string | null;
    debits_posted: bigint;
    credits_posted: bigint;
    debits_pending: bigint;
    credits_pending: bigint;
  }
>((db, p) =>
  db
    .selectFrom('ledger_accounts')
    .select(['system_code', 'debits_posted', 'credits_posted', 'debits_pending', 'credits_pending'])
    .where('asset', '=', p('asset'))
    .where('owner_account_id', 'is', null)
    .where((eb) => eb.or([eb('system_code', '=', p('code')), eb('system_code', 'like', p('like'))])),
);

/** Whether a transfer with this id was booked. */
export async function transferExists(exec: Exec, id: string): Promise<boolean> {
  const row = await exec.selectFrom('ledger_transfers').select('id').where('id', '=', id).executeTakeFirst();
  return row !== undefined;
}
