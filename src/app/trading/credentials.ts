import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import {
  insertTradeCredential,
  listTradeCredentials as listRows,
  revokeTradeCredential as revokeRow,
  type TradeCredentialRow,
} from '../../db/repos/trade-credentials.ts';
import { abort } from '../../domain/errors.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { keyedHash, serverKey } from '../secrets/server-keys.ts';
import { runWrite } from '../write.ts';

/** Live credentials one account may hold at once. */
const MAX_LIVE_CREDENTIALS = 20;
const MAX_LABEL = 64;
/** `api_key`: a public id, `tk_` and 24 letters and digits. */
export const API_KEY_FORMAT = /^tk_[A-Za-z0-9]{24}$/;
const SECRET_LENGTH = 48;

/**
 * The trade server key: TRADE_TOKEN_KEY, else a random key kept in the database. It keys the hashes of
 * credential secrets and signs access tokens (each use under its own purpose label).
 */
export const tradeKey = (deps: AppDeps): Promise<Buffer> =>
  serverKey(deps, 'trade.token_key', deps.config.tradeToken.key);

export const hashTradeSecret = (key: Buffer, secret: string): string =>
  keyedHash(key, 'trade-credential-secret', secret);

export interface NewTradeCredential {
  id: bigint;
  apiKey: string;
  /** Shown once; only its keyed hash is kept. */
  apiSecret: string;
  label: string;
}

/** Makes a trade credential for the account; the secret is answered once and never stored. */
export async function createTradeCredential(
  deps: AppDeps,
  input: { usertag: string; label?: string },
): Promise<Result<NewTradeCredential>> {
  const tag = normalizeUsertag(input.usertag);
  if (!tag.ok) return tag;
  const label = (input.label ?? '').trim();
  if (label.length > MAX_LABEL)
    return err('invalid_request', `label is longer than ${MAX_LABEL} characters`, 'label');
  const apiKey = `tk_${deps.ids.alphanumeric(24)}`;
  const apiSecret = deps.ids.alphanumeric(SECRET_LENGTH);
  const secretHash = hashTradeSecret(await tradeKey(deps), apiSecret);
  const nowMs = deps.clock.nowMs();
  const made = await runWrite(deps.db, async (trx) => {
    const account = await findAccountByUsertag(trx, tag.value);
    if (!account) return abort('not_found', `no account with usertag "${tag.value}"`, 'usertag');
    const live = (await listRows(trx, account.id)).filter((c) => c.revokedAtMs === null).length;
    if (live >= MAX_LIVE_CREDENTIALS) {
      return abort(
        'limit_reached',
        `the account already has ${MAX_LIVE_CREDENTIALS} live trade credentials; revoke one first`,
      );
    }
    return insertTradeCredential(trx, { accountId: account.id, apiKey, secretHash, label, nowMs });
  });
  return made.ok ? ok({ id: made.value, apiKey, apiSecret, label }) : made;
}

/** The account's credentials (public keys, labels, dates), newest first; never a secret. */
export async function listTradeCredentials(
  deps: AppDeps,
  usertag: string,
): Promise<Result<TradeCredentialRow[]>> {
  const tag = normalizeUsertag(usertag);
  if (!tag.ok) return tag;
  const account = await findAccountByUsertag(deps.db.read, tag.value);
  if (!account) return err('not_found', `no account with usertag "${tag.value}"`, 'usertag');
  return ok(await listRows(deps.db.read, account.id));
}

/** Revokes one of the account's credentials; every token issued for it stops working at once. */
export async function revokeTradeCredential(
  deps: AppDeps,
  input: { usertag: string; apiKey: string },
): Promise<Result<{ revokedAtMs: number }>> {
  const tag = normalizeUsertag(input.usertag);
  if (!tag.ok) return tag;
  const nowMs = deps.clock.nowMs();
  return runWrite(deps.db, async (trx) => {
    const account = await findAccountByUsertag(trx, tag.value);
    if (!account) return abort('not_found', `no account with usertag "${tag.value}"`, 'usertag');
    if (!(await revokeRow(trx, account.id, input.apiKey, nowMs))) {
      return abort(
        'not_found',
        `no live trade credential ${input.apiKey} on account "${tag.value}"`,
        'api_key',
      );
    }
    return { revokedAtMs: nowMs };
  });
}
