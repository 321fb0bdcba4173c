import { findAccountByUsertag, insertKey, revokeActiveKey } from '../../db/repos/accounts.ts';
import { hashApiKey, KEY_LENGTH, type KeyKind } from '../../domain/api-keys.ts';
import { abort } from '../../domain/errors.ts';
import type { Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';

/** Replaces the account's key of `kind`; the old key stops working at once. Returns the new key (shown once). */
export async function rotateKey(deps: AppDeps, usertag: string, kind: KeyKind): Promise<Result<string>> {
  const tag = normalizeUsertag(usertag);
  if (!tag.ok) return tag;
  const key = deps.ids.alphanumeric(KEY_LENGTH);
  const nowMs = deps.clock.nowMs();
  return runWrite(deps.db, async (trx) => {
    const account = await findAccountByUsertag(trx, tag.value);
    if (!account) return abort('not_found', `no account with usertag "${tag.value}"`, 'usertag');
    await revokeActiveKey(trx, account.id, kind, nowMs);
    await insertKey(trx, {
      accountId: account.id,
      kind,
      keyHash: hashApiKey(key),
      hint: key.slice(0, 4),
      nowMs,
    });
    return key;
  });
}
