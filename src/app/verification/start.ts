import { findAccountById, findAccountByUsertag } from '../../db/repos/accounts.ts';
import { hitMailCount } from '../../db/repos/rate-limits.ts';
import { insertVerificationRequest } from '../../db/repos/verification.ts';
import type { AppError } from '../../domain/errors.ts';
import { ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { mailToRecipientRefusalIn } from '../mail/recipient-limit.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { runPlainWrite } from '../write.ts';
import { applicationName, otpEmail } from './email.ts';
import { hmacKey, keyedHash, randomOtp, randomToken } from './keys.ts';

export interface StartVerification {
  /** Normalized usertag of the person to verify. */
  usertag: string;
  /** Whether the application asks for the person's KYC data (shared only if they approve). */
  kyc: boolean;
}

export interface StartedVerification {
  /** ≥ 128 random bits, URL-safe; only its HMAC is stored. */
  secret: string;
  expiresAtMs: number;
}

export const consentUrl = (publicUrl: string, token: string): string =>
  `${publicUrl}/verify/consent/${token}`;

/**
 * Counts one OTP e-mail against `key` (table `mail_counts`, a write unit of its own: durable, shared by
 * every instance, never pushed out by other keys); answers the refusal once over `limit`.
 */
async function overLimit(
  deps: AppDeps,
  key: string,
  limit: number,
  message: (retryAfterSec: number) => string,
): Promise<AppError | null> {
  const nowMs = deps.clock.nowMs();
  const windowMs = deps.config.verification.mailWindowSec * 1000;
  const w = await runPlainWrite(deps.db, (trx) => hitMailCount(trx, key, windowMs, nowMs));
  if (w.count <= limit) return null;
  const retryAfterSec = Math.max(1, Math.ceil((w.resetAtMs - nowMs) / 1000));
  return { code: 'rate_limited', message: message(retryAfterSec), retryAfterSec };
}

/**
 * Step 1 of "verify with paytag": issues a secret to the calling application and e-mails a six-digit
 * OTP to the usertag's confirmed e-mail. The answer is the same whether or not the usertag exists, has
 * a confirmed e-mail or is disabled (nothing is sent then), and both e-mail limits count every request
 * whatever the usertag, so neither the answer nor the limits tell accounts apart. A code also counts
 * against the address's MAIL_PER_RECIPIENT_PER_HOUR; past it the answer is the same and nothing is sent.
 */
export async function startVerification(
  deps: AppDeps,
  caller: Caller,
  cmd: StartVerification,
): Promise<Result<StartedVerification>> {
  const cfg = deps.config.verification;
  const byCaller = await overLimit(
    deps,
    `verify-from:${caller.accountId}`,
    cfg.mailPerCaller,
    (s) =>
      `this account started ${cfg.mailPerCaller} verifications recently, the most it may; try again in ${s} s`,
  );
  if (byCaller !== null) return { ok: false, error: byCaller };
  const byUsertag = await overLimit(
    deps,
    `verify-to:${cmd.usertag}`,
    cfg.mailPerUsertag,
    (s) =>
      `this usertag was sent ${cfg.mailPerUsertag} codes recently, the most it gets; try again in ${s} s`,
  );
  if (byUsertag !== null) return { ok: false, error: { ...byUsertag, field: 'usertag' } };

  const key = await hmacKey(deps);
  const secret = randomToken();
  const otp = randomOtp();
  const secretHash = keyedHash(key, 'verify-secret', secret);
  const otpHash = keyedHash(key, 'verify-otp', `${secret}:${otp}`);
  const nowMs = deps.clock.nowMs();
  const expiresAtMs = nowMs + cfg.secretTtlSec * 1000;

  const person = await findAccountByUsertag(deps.db.read, cmd.usertag);
  if (person === undefined || person.email_confirmed_at_ms === null || person.disabled_at_ms !== null) {
    // No account, no confirmed e-mail, or a disabled account: the same answer after the same kind of
    // write (a decoy row that can never be verified), so that neither the answer nor its timing tells
    // accounts apart. Nothing is sent.
    await runPlainWrite(deps.db, (trx) =>
      insertVerificationRequest(trx, {
        secret_hash: secretHash,
        otp_hash: otpHash,
        app_account_id: caller.accountId,
        account_id: null,
        kyc_requested: cmd.kyc ? 1 : 0,
        consent_token_hash: null,
        expires_at_ms: expiresAtMs,
        created_at_ms: nowMs,
      }),
    );
    return ok({ secret, expiresAtMs });
  }
  const app = await findAccountById(deps.db.read, caller.accountId);
  const appName = applicationName({ usertag: caller.usertag, full_name: app?.full_name ?? '' });
  const consentToken = cmd.kyc ? randomToken() : null;
  const mail = otpEmail({
    appName,
    usertag: person.usertag,
    otp,
    ttlSec: cfg.secretTtlSec,
    consentUrl: consentToken === null ? null : consentUrl(deps.config.publicUrl, consentToken),
  });
  await runPlainWrite(deps.db, async (trx) => {
    // The code counts against the address's hourly e-mail cap, in this unit (a unit of its own would
    // make this answer slower than a decoy's). Past the cap the answer stays the same, since a refusal
    // would tell the caller the usertag has an account with a confirmed e-mail: the request is a decoy
    // that can never be verified, and nothing is sent.
    const capped = (await mailToRecipientRefusalIn(trx, deps, person.email, 'usertag')) !== null;
    const id = await insertVerificationRequest(trx, {
      secret_hash: secretHash,
      otp_hash: otpHash,
      app_account_id: caller.accountId,
      account_id: capped ? null : person.id,
      kyc_requested: cmd.kyc ? 1 : 0,
      consent_token_hash:
        capped || consentToken === null ? null : keyedHash(key, 'verify-consent', consentToken),
      expires_at_ms: expiresAtMs,
      created_at_ms: nowMs,
    });
    if (capped) return;
    // The e-mail is the person's, in their own delivery log: the application must not learn the
    // address, nor that a code went out (which would tell it the usertag exists), nor send it again.
    await enqueueEmail(
      trx,
      {
        accountId: person.id,
        to: person.email,
        ...mail,
        type: 'verification_otp',
        eventId: `verification.otp.${id}`,
        target: null,
      },
      nowMs,
    );
  });
  return ok({ secret, expiresAtMs });
}
