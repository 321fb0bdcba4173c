import { isPostgresUrl } from './db.ts';
import { bool, int, maybeOneOf, raw } from './fields.ts';
import { section } from './section.ts';

export interface RateLimitConfig {
  enabled: boolean;
  /** Where hits are counted: this process, or the database every instance shares. */
  store: 'memory' | 'database';
  receivePerMinute: number;
  otherPer10Minutes: number;
  /** E-mails the service accepts to send to one address per hour, whoever asks. */
  mailPerRecipientPerHour: number;
  /** E-mails one account may have sent per hour (vouchers to receiver_email). */
  mailPerAccountPerHour: number;
}

export const rateLimit = section(
  {
    RATE_LIMIT_ENABLED: bool(true),
    RATE_LIMIT_STORE: maybeOneOf(['memory', 'database'] as const),
    // Read only to choose the store's default; the db section validates it.
    DATABASE_URL: raw,
    RATE_LIMIT_RECEIVE_PER_MINUTE: int(150, 1, 10_000_000),
    RATE_LIMIT_PER_10_MINUTES: int(1000, 1, 100_000_000),
    MAIL_PER_RECIPIENT_PER_HOUR: int(20, 1, 100_000),
    MAIL_PER_ACCOUNT_PER_HOUR: int(100, 1, 1_000_000),
  },
  (v): RateLimitConfig => ({
    enabled: v.RATE_LIMIT_ENABLED,
    // Several instances share a PostgreSQL database, and must share their counts too.
    store: v.RATE_LIMIT_STORE ?? (isPostgresUrl(v.DATABASE_URL ?? '') ? 'database' : 'memory'),
    receivePerMinute: v.RATE_LIMIT_RECEIVE_PER_MINUTE,
    otherPer10Minutes: v.RATE_LIMIT_PER_10_MINUTES,
    mailPerRecipientPerHour: v.MAIL_PER_RECIPIENT_PER_HOUR,
    mailPerAccountPerHour: v.MAIL_PER_ACCOUNT_PER_HOUR,
  }),
);
