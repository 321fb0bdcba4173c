import {
  type AccountRow,
  findAccountByUsertag,
  listAccounts,
  listKeyHints,
  searchAccountsByPrefix,
} from '../../db/repos/accounts.ts';
import { availableBalances } from '../../db/repos/ledger.ts';
import type { AccountRole } from '../../db/schema.ts';
import { ASSET_CODES, type Asset } from '../../domain/money.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import { historyOf, storedKyc } from '../accounts/kyc.ts';
import type { AppDeps } from '../deps.ts';
import { isVerified } from '../verification/record.ts';
import { listOperatorActions, type OperatorActionView } from './actions.ts';

/** Most accounts one search page lists. */
const SEARCH_PAGE_MAX = 100;
/** Longest search text (a usertag or e-mail prefix). */
const SEARCH_QUERY_MAX = 254;

export interface AccountSummary {
  id: bigint;
  usertag: string;
  email: string;
  role: AccountRole;
  kycStatus: string;
  kycLevel: number;
  createdAtMs: number;
  disabledAtMs: number | null;
  disabledReason: string | null;
}

const summaryOf = (a: AccountRow): AccountSummary => ({
  id: a.id,
  usertag: a.usertag,
  email: a.email,
  role: a.role,
  kycStatus: a.kyc_status,
  kycLevel: Number(a.kyc_level),
  createdAtMs: Number(a.created_at_ms),
  disabledAtMs: a.disabled_at_ms === null ? null : Number(a.disabled_at_ms),
  disabledReason: a.disabled_reason,
});

export interface AccountPage {
  accounts: AccountSummary[];
  /** Pass as `afterId` for the next page; null on the last. */
  nextAfterId: bigint | null;
}

/**
 * Accounts whose usertag or e-mail starts with `query` (all accounts when it is empty), oldest first,
 * keyset paged by id: a page costs the same however deep it is.
 */
export async function searchAccounts(
  deps: AppDeps,
  q: { query?: string; afterId?: bigint; limit?: number },
): Promise<Result<AccountPage>> {
  const text = (q.query ?? '').trim().toLowerCase();
  if (text.length > SEARCH_QUERY_MAX) {
    return err('invalid_request', `search text must be at most ${SEARCH_QUERY_MAX} characters`, 'q');
  }
  const limit = Math.min(Math.max(q.limit ?? 50, 1), SEARCH_PAGE_MAX);
  const rows = await searchAccountsByPrefix(deps.db.read, text, q.afterId, limit + 1);
  const page = rows.slice(0, limit);
  return ok({
    accounts: page.map(summaryOf),
    nextAfterId: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null,
  });
}

/** The first `limit` accounts, oldest first (`paytag account list`: no page bound, the operator's own). */
export async function listAccountSummaries(deps: AppDeps, limit: number): Promise<AccountSummary[]> {
  return (await listAccounts(deps.db.read, limit, 0n)).map(summaryOf);
}

export interface AccountDetail extends AccountSummary {
  fullName: string;
  phone: string;
  country: string;
  emailConfirmed: boolean;
  isVerified: boolean;
  idType: string;
  personalKyc: Record<string, string>;
  companyKyc: Record<string, string>;
  hasPassword: boolean;
  /** Spendable per asset, minor units. */
  balances: Record<Asset, bigint>;
  keys: { kind: string; hint: string; createdAtMs: number; revokedAtMs: number | null }[];
  kycHistory: {
    at: string;
    actor: string;
    changes: Record<string, [string, string]>;
    reason: string | null;
  }[];
  actions: OperatorActionView[];
}

/** Everything an operator sees of one account: profile, KYC, balances, key hints, history, actions on it. */
export async function accountDetail(deps: AppDeps, usertag: string): Promise<Result<AccountDetail>> {
  const tag = normalizeUsertag(usertag);
  if (!tag.ok) return tag;
  const a = await findAccountByUsertag(deps.db.read, tag.value);
  if (a === undefined) return err('usertag_not_found', `no account with usertag "${tag.value}"`, 'usertag');
  const found = await availableBalances(deps.db.read, a.id);
  const balances = Object.fromEntries(ASSET_CODES.map((x) => [x, found.get(x) ?? 0n])) as Record<
    Asset,
    bigint
  >;
  const keys = await listKeyHints(deps.db.read, a.id, 20);
  return ok({
    ...summaryOf(a),
    fullName: a.full_name,
    phone: a.phone,
    country: a.country,
    emailConfirmed: a.email_confirmed_at_ms !== null,
    isVerified: isVerified(a),
    idType: a.id_type,
    personalKyc: storedKyc(a.personal_kyc),
    companyKyc: storedKyc(a.company_kyc),
    hasPassword: a.password_hash !== null,
    balances,
    keys: keys.map((k) => ({
      kind: k.kind,
      hint: k.key_hint,
      createdAtMs: Number(k.created_at_ms),
      revokedAtMs: k.revoked_at_ms === null ? null : Number(k.revoked_at_ms),
    })),
    kycHistory: await historyOf(deps, a.id, 50),
    actions: await listOperatorActions(deps, { targetAccountId: a.id, limit: 50 }),
  });
}
