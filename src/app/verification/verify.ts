import { findAccountById } from '../../db/repos/accounts.ts';
import {
  findConsentOfRequest,
  findRequestBySecretHash,
  markRequestUsed,
  takeOtpAttempt,
} from '../../db/repos/verification.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';
import { hmacKey, keyedHash, sameHash } from './keys.ts';
import { kycShareOf, type VerifiedAccount, verifiedRecord } from './record.ts';

export interface VerifyCommand {
  secret: string;
  /** Six digits, leading zeros kept. */
  otp: string;
}

/** The one answer to every failure: it says nothing about which check failed. */
const VERIFICATION_FAILED =
  'the secret or the OTP is wrong, expired or used up; start again with POST /api/v1/auth';

/**
 * Step 2: the application that started the flow trades its secret and the person's OTP for the
 * verified account record. A secret works once, only for its application, only before it expires, only
 * while the account is not disabled, and dies after the configured number of wrong OTPs; each try is
 * counted durably before its code is compared, so concurrent tries cannot pass the limit either.
 */
export async function verifyAccount(
  deps: AppDeps,
  caller: Caller,
  cmd: VerifyCommand,
): Promise<Result<VerifiedAccount>> {
  const key = await hmacKey(deps);
  const secretHash = keyedHash(key, 'verify-secret', cmd.secret);
  const otpHash = keyedHash(key, 'verify-otp', `${cmd.secret}:${cmd.otp}`);
  const limit = deps.config.verification.otpAttemptLimit;
  const nowMs = deps.clock.nowMs();
  const outcome = await runPlainWrite(deps.db, async (trx) => {
    const req = await findRequestBySecretHash(trx, secretHash);
    if (
      req === undefined ||
      req.app_account_id !== caller.accountId ||
      req.used_at_ms !== null ||
      req.expires_at_ms <= BigInt(nowMs)
    ) {
      return null;
    }
    // The attempt is counted before the code is compared, in one statement that refuses past the limit,
    // so a burst of concurrent tries compares no more codes than the limit allows.
    if (!(await takeOtpAttempt(trx, req.id, limit))) return null;
    // A decoy (unknown usertag) fails as a wrong OTP does, whatever was guessed.
    if (req.account_id === null || !sameHash(otpHash, req.otp_hash)) return null;
    const account = await findAccountById(trx, req.account_id);
    // An account disabled since the code was sent fails as a wrong code does.
    if (account === undefined || account.disabled_at_ms !== null) return null;
    if (!(await markRequestUsed(trx, req.id, nowMs))) return null;
    const consent = await findConsentOfRequest(trx, req.id);
    const revoked = consent !== undefined && consent.revoked_at_ms !== null;
    return verifiedRecord(account, kycShareOf(req, revoked));
  });
  return outcome === null ? err('invalid_request', VERIFICATION_FAILED) : ok(outcome);
}
