import {
  createTradeCredential,
  listTradeCredentials,
  revokeTradeCredential,
} from '../../app/trading/credentials.ts';
import { type Command, fail, json, opts, print, UsageError, withRuntime } from '../command.ts';

const iso = (ms: bigint | number | null): string | null =>
  ms === null ? null : new Date(Number(ms)).toISOString();

function usertagOf(positionals: string[], synopsis: string): string {
  const usertag = positionals[0];
  if (usertag === undefined) throw new UsageError(`give the usertag: paytag ${synopsis}`);
  return usertag;
}

export const tradeKeysCreate: Command = {
  name: 'trade-keys create',
  help: `Usage: paytag trade-keys create <usertag> [--label <text>] [--json]

Makes a trade API credential for the account: api_key (public) and api_secret (printed once, kept only
as a keyed hash). POST /trade/v1/auth/token exchanges them for an access token.`,
  async run(args) {
    const { values, positionals } = opts(args, { label: { type: 'string' } });
    const usertag = usertagOf(positionals, 'trade-keys create U [--label L]');
    const label = typeof values['label'] === 'string' ? values['label'] : '';
    const r = await withRuntime((rt) => createTradeCredential(rt.deps, { usertag, label }));
    if (!r.ok) fail(r.error);
    const { apiKey, apiSecret } = r.value;
    if (values['json']) json({ usertag, api_key: apiKey, api_secret: apiSecret, label });
    else
      print(`api_key:    ${apiKey}\napi_secret: ${apiSecret}\nThe secret is shown only now; keep it safe.`);
    return 0;
  },
};

export const tradeKeysList: Command = {
  name: 'trade-keys list',
  help: `Usage: paytag trade-keys list <usertag> [--json]

Lists the account's trade credentials, newest first: api_key, label, when made, last used (a token was
issued), and whether revoked. Secrets are never shown.`,
  async run(args) {
    const { values, positionals } = opts(args, {});
    const usertag = usertagOf(positionals, 'trade-keys list U');
    const r = await withRuntime((rt) => listTradeCredentials(rt.deps, usertag));
    if (!r.ok) fail(r.error);
    const rows = r.value.map((c) => ({
      api_key: c.apiKey,
      label: c.label,
      created_at: iso(c.createdAtMs),
      last_used_at: iso(c.lastUsedAtMs),
      revoked_at: iso(c.revokedAtMs),
    }));
    if (values['json']) json(rows);
    else if (rows.length === 0) print('no trade credentials');
    else
      for (const c of rows) {
        const state = c.revoked_at
          ? `revoked ${c.revoked_at}`
          : `live, last used ${c.last_used_at ?? 'never'}`;
        print(`${c.api_key}  ${c.label || '-'}  made ${c.created_at}  ${state}`);
      }
    return 0;
  },
};

export const tradeKeysRevoke: Command = {
  name: 'trade-keys revoke',
  help: `Usage: paytag trade-keys revoke <usertag> --key <api_key> [--json]

Revokes the credential: it can no longer get tokens, and every access token it got stops working at once.`,
  async run(args) {
    const { values, positionals } = opts(args, { key: { type: 'string' } });
    const usertag = usertagOf(positionals, 'trade-keys revoke U --key K');
    const apiKey = values['key'];
    if (typeof apiKey !== 'string' || apiKey === '')
      throw new UsageError('give the credential: --key <api_key>');
    const r = await withRuntime((rt) => revokeTradeCredential(rt.deps, { usertag, apiKey }));
    if (!r.ok) fail(r.error);
    if (values['json']) json({ usertag, api_key: apiKey, revoked_at: iso(r.value.revokedAtMs) });
    else print(`revoked ${apiKey}; its access tokens no longer work`);
    return 0;
  },
};
