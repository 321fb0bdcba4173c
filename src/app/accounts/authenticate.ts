import { findActiveKey, type KeyOwner } from '../../db/repos/accounts.ts';
import { hashApiKey, type KeyKind, keyAllows, looksLikeApiKey } from '../../domain/api-keys.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';

export type Caller = Omit<KeyOwner, 'disabled'>;

/** Resolves an API key to its account and checks that its kind may do what the route needs. */
export async function authenticate(
  deps: AppDeps,
  key: string | null,
  need: KeyKind,
): Promise<Result<Caller>> {
  if (key === null || key === '') {
    return err(
      'unauthorized',
      'missing API key: send it in the x-api-key header, Authorization header or api_key parameter',
    );
  }
  const owner = looksLikeApiKey(key) ? await findActiveKey(deps.db, hashApiKey(key)) : undefined;
  if (owner === undefined) return err('unauthorized', 'unknown API key');
  if (owner.disabled) {
    return err(
      'account_disabled',
      'account disabled: an operator has disabled this account; its keys are refused',
    );
  }
  if (!keyAllows(owner.kind, need)) {
    return err('forbidden_key_kind', `this call needs the ${need} key; the ${owner.kind} key was sent`);
  }
  return ok({ accountId: owner.accountId, usertag: owner.usertag, kind: owner.kind });
}
