import { int } from './fields.ts';
import { section } from './section.ts';

export interface DashboardConfig {
  /** A session not used for this long ends (seconds). */
  sessionIdleSec: number;
  /** A session ends this long after sign-in whatever its use (seconds). */
  sessionMaxSec: number;
  /** Sign-in attempts allowed per account, and per client address, in one window. */
  signinPerAccount: number;
  signinPerAddress: number;
  /** The window of the sign-in limits (seconds). */
  signinWindowSec: number;
  /** Sign-ups allowed per client address in one sign-in window. */
  signupPerAddress: number;
  /** How often a live page's stream reads its balances and payments again (ms). */
  livePollMs: number;
  /** Live streams open at once per account. */
  streamsPerAccount: number;
  /** Live streams open at once on this instance, all accounts together. */
  streamsTotal: number;
  /** Password hashes (sign-in, sign-up, confirmation) running at once in this process. */
  passwordHashConcurrency: number;
  /** Password checks waiting for a slot; beyond, 429. */
  passwordHashQueue: number;
  /** log2 of scrypt's cost N for new password hashes (each hash stores its own parameters). */
  passwordScryptLogN: number;
}

export const dashboard = section(
  {
    DASHBOARD_SESSION_IDLE_S: int(1800, 60, 7 * 86_400),
    DASHBOARD_SESSION_MAX_S: int(43_200, 300, 30 * 86_400),
    DASHBOARD_SIGNIN_PER_ACCOUNT: int(10, 1, 10_000),
    DASHBOARD_SIGNIN_PER_ADDRESS: int(50, 1, 100_000),
    DASHBOARD_SIGNIN_WINDOW_S: int(900, 10, 86_400),
    DASHBOARD_SIGNUP_PER_ADDRESS: int(10, 1, 100_000),
    DASHBOARD_LIVE_POLL_MS: int(500, 50, 10_000),
    DASHBOARD_STREAMS_PER_ACCOUNT: int(10, 1, 1000),
    DASHBOARD_STREAMS_TOTAL: int(2000, 1, 1_000_000),
    PASSWORD_HASH_CONCURRENCY: int(2, 1, 64),
    PASSWORD_HASH_QUEUE: int(32, 0, 100_000),
    // 15: 32 MiB and ~0.1-0.2 s a hash. Lower only where no real password is kept (the tests use 10).
    PASSWORD_SCRYPT_LOG_N: int(15, 10, 17),
  },
  (v): DashboardConfig => ({
    sessionIdleSec: v.DASHBOARD_SESSION_IDLE_S,
    sessionMaxSec: v.DASHBOARD_SESSION_MAX_S,
    signinPerAccount: v.DASHBOARD_SIGNIN_PER_ACCOUNT,
    signinPerAddress: v.DASHBOARD_SIGNIN_PER_ADDRESS,
    signinWindowSec: v.DASHBOARD_SIGNIN_WINDOW_S,
    signupPerAddress: v.DASHBOARD_SIGNUP_PER_ADDRESS,
    livePollMs: v.DASHBOARD_LIVE_POLL_MS,
    streamsPerAccount: v.DASHBOARD_STREAMS_PER_ACCOUNT,
    streamsTotal: v.DASHBOARD_STREAMS_TOTAL,
    passwordHashConcurrency: v.PASSWORD_HASH_CONCURRENCY,
    passwordHashQueue: v.PASSWORD_HASH_QUEUE,
    passwordScryptLogN: v.PASSWORD_SCRYPT_LOG_N,
  }),
  (c) =>
    c.sessionIdleSec > c.sessionMaxSec
      ? ['DASHBOARD_SESSION_IDLE_S must not be longer than DASHBOARD_SESSION_MAX_S']
      : [],
);
