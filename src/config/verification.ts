import { int, optional } from './fields.ts';
import { section } from './section.ts';

export interface VerificationConfig {
  /** How long the secret of POST /api/v1/auth (and its OTP and consent link) lives, in seconds. */
  secretTtlSec: number;
  /** Wrong OTPs after which a secret is dead. */
  otpAttemptLimit: number;
  /** OTP e-mails per usertag per window, whoever asks. */
  mailPerUsertag: number;
  /** OTP e-mails one calling account may cause per window, whoever they go to. */
  mailPerCaller: number;
  /** The window of both e-mail limits, in seconds. */
  mailWindowSec: number;
  /**
   * Server key of the HMACs that keep secrets, OTPs and one-time tokens, and the dashboard's session
   * and form-token hashes (a secret, at least 32 characters). Null: a random key is generated once and kept in the database (`kv`); set it to keep
   * the key outside the database.
   */
  hmacKey: string | null;
  /** How long an e-mail confirmation link works, in seconds. */
  confirmTtlSec: number;
}

export const verification = section(
  {
    VERIFY_SECRET_TTL_S: int(60, 10, 3600),
    VERIFY_OTP_ATTEMPTS: int(5, 1, 100),
    VERIFY_MAIL_PER_USERTAG: int(5, 1, 10_000),
    VERIFY_MAIL_PER_CALLER: int(100, 1, 1_000_000),
    VERIFY_MAIL_WINDOW_S: int(900, 60, 86_400),
    VERIFY_HMAC_KEY: optional(),
    EMAIL_CONFIRM_TTL_S: int(86_400, 300, 2_592_000),
  },
  (v): VerificationConfig => ({
    secretTtlSec: v.VERIFY_SECRET_TTL_S,
    otpAttemptLimit: v.VERIFY_OTP_ATTEMPTS,
    mailPerUsertag: v.VERIFY_MAIL_PER_USERTAG,
    mailPerCaller: v.VERIFY_MAIL_PER_CALLER,
    mailWindowSec: v.VERIFY_MAIL_WINDOW_S,
    hmacKey: v.VERIFY_HMAC_KEY,
    confirmTtlSec: v.EMAIL_CONFIRM_TTL_S,
  }),
  (c) =>
    c.hmacKey !== null && c.hmacKey.length < 32 ? ['VERIFY_HMAC_KEY must be at least 32 characters'] : [],
);
