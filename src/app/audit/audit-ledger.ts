import { sql } from 'kysely';
import {
  DEBITS_MUST_NOT_EXCEED_CREDITS,
  TRANSFER_PENDING,
  TRANSFER_POST_PENDING,
} from '../../db/repos/ledger.ts';
import type { AppDeps } from '../deps.ts';

/** One group of checks the audit ran: how many things it checked, and how many were wrong. */
export interface AuditGroup {
  name: string;
  checked: number;
  violations: number;
}

export interface AuditReport {
  checkedAccounts: number;
  checkedTransfers: number;
  /** Every group of checks that ran, in order (the CLI prints each with its counts). */
  groups: AuditGroup[];
  violations: string[];
  /** Events an operator should know of that break no invariant (a second payment, a fee overrun…). */
  notes: string[];
}

/**
 * Checks the ledger invariants: every asset sums to zero (posted and pending), every account's balance
 * columns equal the sum of its transfers, no guarded account is below zero, every transfer stays within
 * one asset, and every check of the hook table's `auditChecks` (contributed by the features).
 */
export async function auditLedger(deps: AppDeps): Promise<AuditReport> {
  const db = deps.db.read;
  const violations: string[] = [];
  const notes: string[] = [];
  const groups: AuditGroup[] = [];
  // Each built-in group collects its violations here, then is closed with its count.
  let group: string[] = [];
  const closeGroup = (name: string, checked: number) => {
    groups.push({ name, checked, violations: group.length });
    violations.push(...group);
    group = [];
  };

  // Per account: what its transfers add up to, in one pass over the transfers. A pending transfer
  // counts as pending until it is resolved; a post counts as posted; a void moves nothing.
  const rows = await sql<{
    id: bigint;
    asset: string;
    flags: bigint;
    owner_account_id: bigint | null;
    debits_posted: bigint;
    credits_posted: bigint;
    debits_pending: bigint;
    credits_pending: bigint;
    t_debits_posted: bigint | null;
    t_credits_posted: bigint | null;
    t_debits_pending: bigint | null;
    t_credits_pending: bigint | null;
  }>`
    WITH classified AS (
      SELECT t.debit_account_id, t.credit_account_id, t.amount,
        CASE
          WHEN t.flags = 0 OR (t.flags & ${TRANSFER_POST_PENDING}) <> 0 THEN 'posted'
          WHEN (t.flags & ${TRANSFER_PENDING}) <> 0
            AND NOT EXISTS (SELECT 1 FROM ledger_transfers r WHERE r.pending_id = t.id) THEN 'pending'
          ELSE 'none'
        END AS kind
      FROM ledger_transfers t
    ),
    legs AS (
      SELECT debit_account_id AS account_id,
        CASE WHEN kind = 'posted' THEN amount ELSE 0 END AS d_posted, 0 AS c_posted,
        CASE WHEN kind = 'pending' THEN amount ELSE 0 END AS d_pending, 0 AS c_pending
      FROM classified
      UNION ALL
      SELECT credit_account_id, 0, CASE WHEN kind = 'posted' THEN amount ELSE 0 END,
        0, CASE WHEN kind = 'pending' THEN amount ELSE 0 END
      FROM classified
    ),
    sums AS (
      SELECT account_id,
        CAST(SUM(d_posted) AS BIGINT) AS t_debits_posted, CAST(SUM(c_posted) AS BIGINT) AS t_credits_posted,
        CAST(SUM(d_pending) AS BIGINT) AS t_debits_pending, CAST(SUM(c_pending) AS BIGINT) AS t_credits_pending
      FROM legs GROUP BY account_id
    )
    SELECT a.id, a.asset, a.flags, a.owner_account_id, a.debits_posted, a.credits_posted, a.debits_pending,
      a.credits_pending, s.t_debits_posted, s.t_credits_posted, s.t_debits_pending, s.t_credits_pending
    FROM ledger_accounts a LEFT JOIN sums s ON s.account_id = a.id
    ORDER BY a.id`.execute(db);
  const negative: string[] = [];
  for (const a of rows.rows) {
    const name =
      a.owner_account_id === null ? `system account ${a.id} (${a.asset})` : `account ${a.id} (${a.asset})`;
    const pairs: Array<[string, bigint, bigint | null]> = [
      ['debits_posted', a.debits_posted, a.t_debits_posted],
      ['credits_posted', a.credits_posted, a.t_credits_posted],
      ['debits_pending', a.debits_pending, a.t_debits_pending],
      ['credits_pending', a.credits_pending, a.t_credits_pending],
    ];
    for (const [col, have, fromTransfers] of pairs) {
      if (BigInt(have) !== BigInt(fromTransfers ?? 0)) {
        group.push(`${name}: ${col} is ${have} but its transfers sum to ${fromTransfers ?? 0}`);
      }
    }
    const guarded = (BigInt(a.flags) & BigInt(DEBITS_MUST_NOT_EXCEED_CREDITS)) !== 0n;
    if (guarded && BigInt(a.credits_posted) < BigInt(a.debits_posted) + BigInt(a.debits_pending)) {
      negative.push(`${name}: balance is negative`);
    }
  }
  closeGroup('account_columns', rows.rows.length);

  // Every asset sums to zero, added up here in exact bigints: a SQL SUM over several accounts near the
  // columns' range could overflow (SQLite raises "integer overflow", PostgreSQL's cast to bigint fails).
  const sums = new Map<string, { posted: bigint; pending: bigint }>();
  for (const a of rows.rows) {
    const s = sums.get(a.asset) ?? { posted: 0n, pending: 0n };
    s.posted += BigInt(a.credits_posted) - BigInt(a.debits_posted);
    s.pending += BigInt(a.credits_pending) - BigInt(a.debits_pending);
    sums.set(a.asset, s);
  }
  for (const [asset, s] of sums) {
    if (s.posted !== 0n) group.push(`asset ${asset}: posted balances sum to ${s.posted}, not 0`);
    if (s.pending !== 0n) group.push(`asset ${asset}: pending balances sum to ${s.pending}, not 0`);
  }
  closeGroup('asset_sums', sums.size);
  group = negative;
  closeGroup('guarded_accounts_not_negative', rows.rows.length);

  const crossAsset = await sql<{ id: string }>`
    SELECT t.id FROM ledger_transfers t
    JOIN ledger_accounts d ON d.id = t.debit_account_id
    JOIN ledger_accounts c ON c.id = t.credit_account_id
    WHERE d.asset <> t.asset OR c.asset <> t.asset`.execute(db);
  for (const t of crossAsset.rows) group.push(`transfer ${t.id}: accounts of another asset`);
  const count = await sql<{ n: bigint }>`SELECT COUNT(*) AS n FROM ledger_transfers`.execute(db);
  const checkedTransfers = Number(count.rows[0]?.n ?? 0);
  closeGroup('transfers_within_one_asset', checkedTransfers);

  for (const [name, check] of Object.entries(deps.hooks.auditChecks)) {
    const found = await check(deps);
    const r = Array.isArray(found) ? { checked: -1, violations: found } : found;
    group = [...r.violations];
    closeGroup(name, r.checked);
    notes.push(...(r.notes ?? []));
  }

  return { checkedAccounts: rows.rows.length, checkedTransfers, groups, violations, notes };
}
