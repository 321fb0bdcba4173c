import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { findAccountByUsertag, setPasswordHash } from '../../db/repos/accounts.ts';
import { endAccountSessions } from '../../db/repos/sessions.ts';
import { abort } from '../../domain/errors.ts';
import { err, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';

// Dashboard passwords: scrypt (N=2^15, r=8, p=1: about 32 MiB and tens of milliseconds per guess),
// stored as `scrypt$N$r$p$<salt b64>$<hash b64>` so the parameters can be raised later.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_BYTES = 32;
export const PASSWORD_MIN_CHARS = 12;
export const PASSWORD_MAX_CHARS = 1024;

const derive = (password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, opts, (e, key) => (e ? reject(e) : resolve(key))),
  );

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * Sets the account's dashboard password (stored only as an scrypt hash). Every open dashboard session of
 * the account ends in the same write.
 */
export async function setPassword(deps: AppDeps, usertag: string, password: string): Promise<Result<null>> {
  const tag = normalizeUsertag(usertag);
  if (!tag.ok) return tag;
  if (password.length < PASSWORD_MIN_CHARS || password.length > PASSWORD_MAX_CHARS) {
    return err(
      'invalid_request',
      `the password must have ${PASSWORD_MIN_CHARS} to ${PASSWORD_MAX_CHARS} characters`,
      'password',
    );
  }
  const hash = await hashPassword(password);
  return runWrite(deps.db, async (trx) => {
    if (!(await setPasswordHash(trx, tag.value, hash)))
      abort('not_found', `no account with usertag "${tag.value}"`, 'usertag');
    const account = await findAccountByUsertag(trx, tag.value);
    if (account !== undefined) await endAccountSessions(trx, account.id, deps.clock.nowMs(), null);
    return null;
  });
}
