// Nostr Wallet Connect (NIP-47, https://github.com/nostr-protocol/nips/blob/master/47.md): the words of
// the protocol and the budget's calendar. Pure: no I/O.

/** Event kinds of NIP-47. */
export const NWC_KIND = {
  info: 13194,
  request: 23194,
  response: 23195,
  /** Notifications encrypted with NIP-04 (legacy clients). */
  notificationNip04: 23196,
  /** Notifications encrypted with NIP-44 v2. */
  notification: 23197,
} as const;

/** The methods this wallet service answers (pay_keysend is refused as NOT_IMPLEMENTED, so not listed). */
export const NWC_METHODS = [
  'get_info',
  'get_balance',
  'get_budget',
  'make_invoice',
  'lookup_invoice',
  'list_transactions',
  'pay_invoice',
] as const;
export type NwcMethod = (typeof NWC_METHODS)[number];

export const isNwcMethod = (m: string): m is NwcMethod => (NWC_METHODS as readonly string[]).includes(m);

/** Methods that only read or receive (a connection without pay_invoice cannot spend). */
export const NWC_READ_METHODS: readonly NwcMethod[] = NWC_METHODS.filter((m) => m !== 'pay_invoice');

/** The notifications this service sends. */
export const NWC_NOTIFICATIONS = ['payment_received', 'payment_sent'] as const;
export type NwcNotificationType = (typeof NWC_NOTIFICATIONS)[number];

/**
 * What a connection may be granted: the methods, and `notifications` (payment_received and payment_sent
 * sent to it), a capability of its own as the info event lists it (NIP-47) and as Alby Hub grants it.
 */
export const NWC_CAPABILITIES = [...NWC_METHODS, 'notifications'] as const;
export type NwcCapability = (typeof NWC_CAPABILITIES)[number];

export const isNwcCapability = (m: string): m is NwcCapability =>
  (NWC_CAPABILITIES as readonly string[]).includes(m);

/** Encryptions this service speaks, preferred first (the info event's `encryption` tag). */
export const NWC_ENCRYPTIONS = ['nip44_v2', 'nip04'] as const;
export type NwcEncryption = (typeof NWC_ENCRYPTIONS)[number];

/** NIP-47's error codes. */
export type NwcErrorCode =
  | 'RATE_LIMITED'
  | 'NOT_IMPLEMENTED'
  | 'INSUFFICIENT_BALANCE'
  | 'QUOTA_EXCEEDED'
  | 'RESTRICTED'
  | 'UNAUTHORIZED'
  | 'INTERNAL'
  | 'OTHER'
  | 'PAYMENT_FAILED'
  | 'NOT_FOUND'
  | 'UNSUPPORTED_ENCRYPTION';

/** How a budget renews: at the start of each UTC calendar day, week (Monday), month or year; or never. */
export const BUDGET_RENEWALS = ['daily', 'weekly', 'monthly', 'yearly', 'total'] as const;
export type BudgetRenewal = (typeof BUDGET_RENEWALS)[number];

export const isBudgetRenewal = (v: string): v is BudgetRenewal =>
  (BUDGET_RENEWALS as readonly string[]).includes(v);

/** The start (inclusive, ms) of the budget period that holds `nowMs`; 0 for a total budget. */
export function budgetPeriodStartMs(renewal: BudgetRenewal, nowMs: number): number {
  const d = new Date(nowMs);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  const day = d.getUTCDate();
  switch (renewal) {
    case 'daily':
      return Date.UTC(y, m, day);
    case 'weekly': {
      // ISO weeks: Monday 00:00 UTC.
      const sinceMonday = (d.getUTCDay() + 6) % 7;
      return Date.UTC(y, m, day - sinceMonday);
    }
    case 'monthly':
      return Date.UTC(y, m, 1);
    case 'yearly':
      return Date.UTC(y, 0, 1);
    case 'total':
      return 0;
  }
}

/** When the period holding `nowMs` ends and the budget renews (ms); null for a total budget. */
export function budgetRenewsAtMs(renewal: BudgetRenewal, nowMs: number): number | null {
  const start = new Date(budgetPeriodStartMs(renewal, nowMs));
  const y = start.getUTCFullYear();
  const m = start.getUTCMonth();
  const day = start.getUTCDate();
  switch (renewal) {
    case 'daily':
      return Date.UTC(y, m, day + 1);
    case 'weekly':
      return Date.UTC(y, m, day + 7);
    case 'monthly':
      return Date.UTC(y, m + 1, 1);
    case 'yearly':
      return Date.UTC(y + 1, 0, 1);
    case 'total':
      return null;
  }
}

/** NIP-47's name of the renewal period (`never` for a total budget). */
export const nip47RenewalPeriod = (r: BudgetRenewal): string => (r === 'total' ? 'never' : r);

/** `nostr+walletconnect://<wallet pubkey>?relay=…&secret=…` (NIP-47 "Nostr Wallet Connect URI"). */
export function connectionUri(
  walletPubkeyHex: string,
  relays: readonly string[],
  secretHex: string,
  lud16?: string,
): string {
  const q = [
    ...relays.map((r) => `relay=${encodeURIComponent(r)}`),
    `secret=${secretHex}`,
    ...(lud16 === undefined ? [] : [`lud16=${encodeURIComponent(lud16)}`]),
  ];
  return `nostr+walletconnect://${walletPubkeyHex}?${q.join('&')}`;
}

/** The limits on what a connection may be given. */
export const NWC_NAME_MAX = 100;

/**
 * How long a request taken but never answered (its instance stopped mid-way) waits before a delivery of
 * it again is handled anew (ms). Its payment, if any, is found again by its idempotency key, not repeated.
 */
export const NWC_RETAKE_AFTER_MS = 120_000;
