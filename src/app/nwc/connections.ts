import { getPublicKey } from 'nostr-tools';
import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import {
  countLiveNwcConnections,
  findNwcConnectionByPublicId,
  insertNwcConnection,
  listNwcConnections,
  markNwcConnectionRevoked,
  type NwcConnectionRow,
  nwcSpentSince,
} from '../../db/repos/nwc.ts';
import { abort } from '../../domain/errors.ts';
import {
  type BudgetRenewal,
  budgetPeriodStartMs,
  budgetRenewsAtMs,
  connectionUri,
  isBudgetRenewal,
  isNwcCapability,
  NWC_CAPABILITIES,
  NWC_NAME_MAX,
  type NwcCapability,
} from '../../domain/nostr/nwc.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';

/** What a new connection is asked for (decoded at the edge; the rules are checked here). */
export interface CreateNwcConnectionCommand {
  name: string;
  /** null: every method this service answers, and notifications. */
  methods: string[] | null;
  maxAmountMsat: bigint | null;
  budgetMsat: bigint | null;
  /** null: monthly when a budget is given. */
  budgetRenewal: string | null;
  expiresAtSec: number | null;
}

/** A connection as its owner sees it. */
export interface NwcConnectionView {
  id: string;
  name: string;
  clientPubkey: string;
  /** The methods it may call, and `notifications` when it gets them. */
  methods: NwcCapability[];
  maxAmountMsat: bigint | null;
  budgetMsat: bigint | null;
  budgetRenewal: BudgetRenewal;
  expiresAtMs: number | null;
  revokedAtMs: number | null;
  createdAtMs: number;
}

export const connectionView = (r: NwcConnectionRow): NwcConnectionView => ({
  id: r.public_id,
  name: r.name,
  clientPubkey: r.client_pubkey,
  methods: r.methods.split(' ').filter(isNwcCapability),
  maxAmountMsat: r.max_amount_msat,
  budgetMsat: r.budget_msat,
  budgetRenewal: r.budget_renewal,
  expiresAtMs: r.expires_at_ms === null ? null : Number(r.expires_at_ms),
  revokedAtMs: r.revoked_at_ms === null ? null : Number(r.revoked_at_ms),
  createdAtMs: Number(r.created_at_ms),
});

/** Nostr must be configured: the service's key signs, and its relays carry the requests. */
function nostrService(deps: AppDeps): Result<{ walletPubkey: string; relays: readonly string[] }> {
  const { secretKeyHex, nwcRelays } = deps.config.nostr;
  if (secretKeyHex === null || nwcRelays.length === 0) {
    return err('not_found', 'Nostr Wallet Connect is off on this service (NOSTR_SECRET_KEY and NWC_RELAYS)');
  }
  return ok({ walletPubkey: getPublicKey(Buffer.from(secretKeyHex, 'hex')), relays: nwcRelays });
}

/** Whether connections can be made here (Nostr configured): the dashboard says so instead of a form. */
export const nwcAvailable = (deps: AppDeps): boolean => nostrService(deps).ok;

/**
 * The account named by `usertag` acting on its own connections (the operator's CLI speaks for it as
 * its admin key would); a disabled account is refused, as its keys are.
 */
export async function ownerOfUsertag(deps: AppDeps, usertag: string): Promise<Result<Caller>> {
  const tag = normalizeUsertag(usertag);
  if (!tag.ok) return tag;
  const a = await findAccountByUsertag(deps.db.read, tag.value);
  if (a === undefined) return err('not_found', `no account with usertag "${tag.value}"`, 'usertag');
  if (a.disabled_at_ms !== null) {
    return err('account_disabled', `account "${tag.value}" is disabled: its connections cannot change`);
  }
  return ok({ accountId: a.id, usertag: a.usertag, kind: 'admin' });
}

/** The largest amount a connection limit may name (21M BTC in msat). */
const MAX_MSAT = 21_000_000n * 100_000_000_000n;

function checkCommand(
  deps: AppDeps,
  cmd: CreateNwcConnectionCommand,
): Result<{ methods: NwcCapability[]; renewal: BudgetRenewal }> {
  const name = cmd.name.trim();
  if (name === '' || name.length > NWC_NAME_MAX) {
    return err('invalid_request', `name must be 1 to ${NWC_NAME_MAX} characters`, 'name');
  }
  let methods: NwcCapability[] = [...NWC_CAPABILITIES];
  if (cmd.methods !== null) {
    const unknown = cmd.methods.filter((m) => !isNwcCapability(m));
    if (unknown.length > 0) {
      return err(
        'invalid_request',
        `methods: unknown method ${JSON.stringify(unknown[0])}; one or more of ${NWC_CAPABILITIES.join(', ')}`,
        'methods',
      );
    }
    if (cmd.methods.length === 0)
      return err('invalid_request', 'methods must name at least one method', 'methods');
    methods = NWC_CAPABILITIES.filter((m) => cmd.methods?.includes(m));
  }
  for (const [field, v] of [
    ['max_amount', cmd.maxAmountMsat],
    ['budget', cmd.budgetMsat],
  ] as const) {
    if (v !== null && (v <= 0n || v > MAX_MSAT)) {
      return err(
        'invalid_request',
        `${field} must be a positive whole number of msat, at most 21M BTC`,
        field,
      );
    }
  }
  const renewalText = cmd.budgetRenewal ?? 'monthly';
  if (!isBudgetRenewal(renewalText)) {
    return err(
      'invalid_request',
      'budget_renewal must be one of daily, weekly, monthly, yearly, total',
      'budget_renewal',
    );
  }
  if (cmd.budgetRenewal !== null && cmd.budgetMsat === null) {
    return err('invalid_request', 'budget_renewal needs a budget', 'budget_renewal');
  }
  if (cmd.expiresAtSec !== null && cmd.expiresAtSec * 1000 <= deps.clock.nowMs()) {
    return err('invalid_request', 'expires_at must be in the future (unix seconds)', 'expires_at');
  }
  return ok({ methods, renewal: renewalText });
}

/**
 * Creates a connection for the caller's wallet: a new client key whose secret is in the answered URI
 * (shown once, not kept), the methods it may call, its per-payment cap, budget and expiry.
 */
export async function createNwcConnection(
  deps: AppDeps,
  caller: Caller,
  cmd: CreateNwcConnectionCommand,
): Promise<Result<{ connection: NwcConnectionView; uri: string }>> {
  const service = nostrService(deps);
  if (!service.ok) return service;
  const checked = checkCommand(deps, cmd);
  if (!checked.ok) return checked;
  const secretHex = deps.ids.hex(32);
  const clientPubkey = getPublicKey(Buffer.from(secretHex, 'hex'));
  const nowMs = deps.clock.nowMs();
  const row: Omit<NwcConnectionRow, 'id' | 'revoked_at_ms' | 'encryption'> = {
    public_id: deps.ids.publicId(16),
    account_id: caller.accountId,
    name: cmd.name.trim(),
    client_pubkey: clientPubkey,
    methods: checked.value.methods.join(' '),
    max_amount_msat: cmd.maxAmountMsat,
    budget_msat: cmd.budgetMsat,
    budget_renewal: checked.value.renewal,
    expires_at_ms: cmd.expiresAtSec === null ? null : BigInt(cmd.expiresAtSec) * 1000n,
    created_at_ms: BigInt(nowMs),
  };
  const limit = deps.config.nostr.nwcConnectionsPerAccount;
  const made = await runWrite(deps.db, async (trx) => {
    if ((await countLiveNwcConnections(trx, caller.accountId)) >= limit) {
      abort('limit_reached', `an account holds at most ${limit} live connections: revoke one first`);
    }
    return insertNwcConnection(trx, row);
  });
  if (!made.ok) return made;
  return ok({
    connection: connectionView({ ...row, id: made.value, revoked_at_ms: null, encryption: null }),
    uri: connectionUri(service.value.walletPubkey, service.value.relays, secretHex),
  });
}

/** The caller's connections, newest first (the revoked ones too when asked). */
export async function listNwcConnectionsOf(
  deps: AppDeps,
  caller: Caller,
  includeRevoked: boolean,
): Promise<NwcConnectionView[]> {
  const rows = await listNwcConnections(
    deps.db.read,
    caller.accountId,
    deps.config.nostr.nwcConnectionsPerAccount * (includeRevoked ? 4 : 1),
    includeRevoked,
  );
  return rows.map(connectionView);
}

/** A connection with what its payments hold against its budget in the current period. */
export interface NwcConnectionUsage extends NwcConnectionView {
  /** msat used in the budget's current period (paid and pending, fees and reserves); 0 without a budget. */
  usedMsat: bigint;
  /** When the current period ends (ms); null for a total budget or none. */
  renewsAtMs: number | null;
}

/**
 * The caller's connections as listNwcConnectionsOf answers them, each live one with its budget's use
 * in the current period (the sum get_budget answers, over the same rows the budget guard counts).
 */
export async function listNwcConnectionsWithUsage(
  deps: AppDeps,
  caller: Caller,
  includeRevoked: boolean,
): Promise<NwcConnectionUsage[]> {
  const rows = await listNwcConnections(
    deps.db.read,
    caller.accountId,
    deps.config.nostr.nwcConnectionsPerAccount * (includeRevoked ? 4 : 1),
    includeRevoked,
  );
  const nowMs = deps.clock.nowMs();
  const out: NwcConnectionUsage[] = [];
  for (const r of rows) {
    const withBudget = r.budget_msat !== null;
    const live = r.revoked_at_ms === null;
    out.push({
      ...connectionView(r),
      usedMsat:
        withBudget && live
          ? await nwcSpentSince(deps.db.read, r.id, budgetPeriodStartMs(r.budget_renewal, nowMs))
          : 0n,
      renewsAtMs: withBudget ? budgetRenewsAtMs(r.budget_renewal, nowMs) : null,
    });
  }
  return out;
}

/**
 * Revokes one of the caller's connections: from then on its requests are answered UNAUTHORIZED.
 * Revoking again answers the same; another account's or an unknown id is not found.
 */
export async function revokeNwcConnection(
  deps: AppDeps,
  caller: Caller,
  id: string,
): Promise<Result<NwcConnectionView>> {
  const found = await findNwcConnectionByPublicId(deps.db.read, id);
  if (found === undefined || found.account_id !== caller.accountId) {
    return err('not_found', 'no connection of this account with that id', 'id');
  }
  const nowMs = deps.clock.nowMs();
  const r = await runWrite(deps.db, async (trx) => {
    await markNwcConnectionRevoked(trx, found.id, nowMs);
    return findNwcConnectionByPublicId(trx, id);
  });
  if (!r.ok) return r;
  return ok(connectionView(r.value ?? found));
}
