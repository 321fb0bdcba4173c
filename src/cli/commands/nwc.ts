import {
  createNwcConnection,
  listNwcConnectionsWithUsage,
  type NwcConnectionView,
  ownerOfUsertag,
  revokeNwcConnection,
} from '../../app/nwc/connections.ts';
import { type Command, fail, json, opts, print, UsageError, withRuntime } from '../command.ts';

// `paytag nwc create|list|revoke`: an account's Nostr Wallet Connect connections, through the use cases
// of the API (POST/GET/DELETE /lapi/v1/nwc/connections) and the dashboard (app/nwc/connections.ts).
// Amounts are msat, as in the API and NIP-47.

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

function usertagOf(positionals: string[], synopsis: string): string {
  const usertag = positionals[0];
  if (usertag === undefined) throw new UsageError(`give the usertag: paytag ${synopsis}`);
  return usertag;
}

const MSAT = /^[0-9]{1,19}$/;

function msatOption(values: Record<string, unknown>, flag: string): bigint | null {
  const v = values[flag];
  if (v === undefined) return null;
  if (typeof v !== 'string' || !MSAT.test(v)) {
    throw new UsageError(`--${flag} must be a whole number of msat (1 sat = 1000 msat)`);
  }
  return BigInt(v);
}

/** Unix seconds, or an ISO 8601 date-time with its offset (2027-01-31T00:00:00Z). */
function expiryOption(v: unknown): number | null {
  if (v === undefined) return null;
  if (typeof v === 'string' && /^[0-9]{1,12}$/.test(v)) return Number(v);
  if (
    typeof v === 'string' &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(v)
  ) {
    const ms = Date.parse(v);
    if (Number.isFinite(ms)) return Math.ceil(ms / 1000);
  }
  throw new UsageError('--expires-at must be unix seconds or an ISO 8601 date-time with its offset');
}

const record = (c: NwcConnectionView) => ({
  id: c.id,
  name: c.name,
  client_pubkey: c.clientPubkey,
  methods: c.methods,
  max_amount_msat: c.maxAmountMsat,
  budget_msat: c.budgetMsat,
  budget_renewal: c.budgetRenewal,
  expires_at: iso(c.expiresAtMs),
  created_at: iso(c.createdAtMs),
  revoked_at: iso(c.revokedAtMs),
});

export const nwcCreate: Command = {
  name: 'nwc create',
  help: `Usage: paytag nwc create <usertag> --name <text> [--methods m1,m2] [--max-amount-msat N]
       [--budget-msat N] [--budget-renewal daily|weekly|monthly|yearly|total]
       [--expires-at <unix seconds | ISO 8601 date-time>] [--json]

Makes a Nostr Wallet Connect (NIP-47) connection for the account and prints its URI,
nostr+walletconnect://<service pubkey>?relay=…&secret=…, once: it holds the client's secret, which is
not kept. Give it to the app (Alby, Damus, Amethyst, Primal, ZEUS, an agent).
  --methods          NIP-47 methods it may call, and notifications (payment_received and
                     payment_sent sent to it) (default: all): get_info, get_balance, get_budget,
                     pay_invoice, make_invoice, lookup_invoice, list_transactions, notifications
  --max-amount-msat  the most one payment may be
  --budget-msat      what its payments may add up to per period (fees, and reserves of pending ones,
                     included); --budget-renewal: the period, UTC calendar (default monthly)
  --expires-at       when it stops working
Needs NOSTR_SECRET_KEY and NWC_RELAYS (see docs/nostr.md).`,
  async run(args) {
    const { values, positionals } = opts(args, {
      name: { type: 'string' },
      methods: { type: 'string' },
      'max-amount-msat': { type: 'string' },
      'budget-msat': { type: 'string' },
      'budget-renewal': { type: 'string' },
      'expires-at': { type: 'string' },
    });
    const usertag = usertagOf(positionals, 'nwc create U --name N [limits]');
    const name = values['name'];
    if (typeof name !== 'string') throw new UsageError('give the connection a name: --name <text>');
    const methods =
      typeof values['methods'] === 'string'
        ? values['methods'].split(/[\s,]+/).filter((m) => m !== '')
        : null;
    const cmd = {
      name,
      methods,
      maxAmountMsat: msatOption(values, 'max-amount-msat'),
      budgetMsat: msatOption(values, 'budget-msat'),
      budgetRenewal: typeof values['budget-renewal'] === 'string' ? values['budget-renewal'] : null,
      expiresAtSec: expiryOption(values['expires-at']),
    };
    const r = await withRuntime(async (rt) => {
      const owner = await ownerOfUsertag(rt.deps, usertag);
      if (!owner.ok) return owner;
      return createNwcConnection(rt.deps, owner.value, cmd);
    });
    if (!r.ok) fail(r.error);
    const { connection, uri } = r.value;
    if (values['json']) json({ ...record(connection), uri });
    else
      print(
        `id:   ${connection.id}\nuri:  ${uri}\nThe URI holds the connection's secret and is shown only now; keep it safe.`,
      );
    return 0;
  },
};

export const nwcList: Command = {
  name: 'nwc list',
  help: `Usage: paytag nwc list <usertag> [--all] [--json]

Lists the account's live Nostr Wallet Connect connections, newest first (with --all the revoked ones
too): id, name, methods, the most per payment and the budget (msat) with its renewal, what the current
period used and when it renews, expiry. URIs and secrets are never shown.`,
  async run(args) {
    const { values, positionals } = opts(args, { all: { type: 'boolean' } });
    const usertag = usertagOf(positionals, 'nwc list U [--all]');
    const r = await withRuntime(async (rt) => {
      const owner = await ownerOfUsertag(rt.deps, usertag);
      if (!owner.ok) return owner;
      return {
        ok: true as const,
        value: await listNwcConnectionsWithUsage(rt.deps, owner.value, values['all'] === true),
      };
    });
    if (!r.ok) fail(r.error);
    const rows = r.value.map((c) => ({
      ...record(c),
      used_msat: c.usedMsat,
      renews_at: iso(c.renewsAtMs),
    }));
    if (values['json']) json(rows);
    else if (rows.length === 0) print('no connections');
    else
      for (const c of rows) {
        const budget =
          c.budget_msat === null
            ? 'no budget'
            : `budget ${c.used_msat}/${c.budget_msat} msat ${c.budget_renewal}`;
        const max = c.max_amount_msat === null ? 'no max' : `max ${c.max_amount_msat} msat`;
        const state = c.revoked_at ? `revoked ${c.revoked_at}` : `expires ${c.expires_at ?? 'never'}`;
        print(`${c.id}  ${c.name}  [${c.methods.join(',')}]  ${max}  ${budget}  ${state}`);
      }
    return 0;
  },
};

export const nwcRevoke: Command = {
  name: 'nwc revoke',
  help: `Usage: paytag nwc revoke <usertag> --id <connection id> [--json]

Revokes the connection: from then on its requests are answered UNAUTHORIZED. Revoking again answers the same.`,
  async run(args) {
    const { values, positionals } = opts(args, { id: { type: 'string' } });
    const usertag = usertagOf(positionals, 'nwc revoke U --id ID');
    const id = values['id'];
    if (typeof id !== 'string' || id === '') throw new UsageError('give the connection: --id <id>');
    const r = await withRuntime(async (rt) => {
      const owner = await ownerOfUsertag(rt.deps, usertag);
      if (!owner.ok) return owner;
      return revokeNwcConnection(rt.deps, owner.value, id);
    });
    if (!r.ok) fail(r.error);
    if (values['json']) json(record(r.value));
    else print(`revoked ${r.value.id} (${r.value.name}); its app can no longer use the wallet`);
    return 0;
  },
};
