import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { findAccountByUsertag, setPasswordHash } from '../../db/repos/accounts.ts';
import { endAccountSessions } from '../../db/repos/sessions.ts';
import { abort } from '../../domain/errors.ts';
import { err, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';

// Dashboard passwords: scrypt (by default N=2^15, r=8, p=1: about 32 MiB and 0.1-0.2 s per guess;
// PASSWORD_SCRYPT_LOG_N sets N for new hashes), stored as `scrypt$N$r$p$<salt b64>$<hash b64>` so a
// hash is checked with its own parameters and they can be raised later.
const R = 8;
const P = 1;
/** scrypt needs 128·N·r bytes; Node refuses past maxmem (32 MiB by default). */
const maxmemFor = (n: number, r: number) => 256 * n * r;
const KEY_BYTES = 32;
export const PASSWORD_MIN_CHARS = 12;
export const PASSWORD_MAX_CHARS = 1024;

const derive = (password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> =>
  new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_BYTES, opts, (e, key) => (e ? reject(e) : resolve(key))),
  );

/**
 * A bound on the password hashes of this process running at once, and a bounded queue of those waiting.
 * scrypt runs on libuv's thread pool (4 threads unless UV_THREADPOOL_SIZE says otherwise), which file
 * I/O shares, the SQLite group commit's fdatasync included: unbounded, a burst of sign-ins (unknown names
 * hash a decoy) would take every thread and hold every write back for seconds.
 */
export class PasswordGate {
  /** Hashes running now, and the most that ever ran at once (what a test asserts). */
  active = 0;
  peak = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrency: number,
    readonly queueMax: number,
  ) {}

  /** Runs `fn` once a slot is free; refused at once (rate_limited) when the queue is full. */
  async run<T>(fn: () => Promise<T>): Promise<Result<T>> {
    if (this.active < this.concurrency) {
      this.active += 1;
    } else if (this.waiting.length < this.queueMax) {
      // The slot is handed over by the one that ends, so `active` stays as it is.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      return {
        ok: false,
        error: {
          code: 'rate_limited',
          message: 'the server is busy checking other passwords; try again in a moment',
          retryAfterSec: RETRY_AFTER_SEC,
        },
      };
    }
    this.peak = Math.max(this.peak, this.active);
    try {
      return { ok: true, value: await fn() };
    } finally {
      const next = this.waiting.shift();
      if (next !== undefined) next();
      else this.active -= 1;
    }
  }
}

/** What a refused check is told to wait: the queue it met drains in well under this. */
const RETRY_AFTER_SEC = 2;

/** One gate per runtime (its database), sized from its config. */
const gates = new WeakMap<object, PasswordGate>();
export function passwordGateOf(deps: AppDeps): PasswordGate {
  let g = gates.get(deps.db);
  if (g === undefined) {
    g = new PasswordGate(
      deps.config.dashboard.passwordHashConcurrency,
      deps.config.dashboard.passwordHashQueue,
    );
    gates.set(deps.db, g);
  }
  return g;
}

/** hashPassword through the process's gate. */
export const hashPasswordGated = (deps: AppDeps, password: string): Promise<Result<string>> =>
  passwordGateOf(deps).run(() => hashPassword(password, deps.config.dashboard.passwordScryptLogN));

/** verifyPassword through the process's gate. */
export const verifyPasswordGated = (
  deps: AppDeps,
  password: string,
  stored: string,
): Promise<Result<boolean>> => passwordGateOf(deps).run(() => verifyPassword(password, stored));

export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const N = 2 ** logN;
  const key = await derive(password, salt, { N, r: R, p: P, maxmem: maxmemFor(N, R) });
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: maxmemFor(Number(n), Number(r)),
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
  const hashed = await hashPasswordGated(deps, password);
  if (!hashed.ok) return hashed;
  const hash = hashed.value;
  return runWrite(deps.db, async (trx) => {
    if (!(await setPasswordHash(trx, tag.value, hash)))
      abort('not_found', `no account with usertag "${tag.value}"`, 'usertag');
    const account = await findAccountByUsertag(trx, tag.value);
    if (account !== undefined) await endAccountSessions(trx, account.id, deps.clock.nowMs(), null);
    return null;
  });
}
