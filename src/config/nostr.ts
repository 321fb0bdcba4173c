import { nip19 } from 'nostr-tools';
import { z } from 'zod';
import { bool, int, raw } from './fields.ts';
import { section } from './section.ts';

export interface NostrConfig {
  /**
   * The service's Nostr secret key (32 bytes): it signs the NWC wallet service's events and the zap
   * receipts, and its public key is the `nostrPubkey` of every Lightning address. Null: Nostr is off
   * (no NWC, no `allowsNostr`). Kept as 64 lowercase hex digits (the configuration is frozen).
   */
  secretKeyHex: string | null;
  /** Relays the NWC wallet service listens on and names in its connection URIs (`NWC_RELAYS`). */
  nwcRelays: string[];
  /** Let relay URLs (NWC and zap receipts) reach loopback and private addresses (development, tests). */
  allowPrivate: boolean;
  /** Most relays of a zap request a zap receipt is published to (`NOSTR_ZAP_MAX_RELAYS`, a count). */
  zapMaxRelays: number;
  /** Live (not revoked) NWC connections one account may hold (`NWC_CONNECTIONS_PER_ACCOUNT`). */
  nwcConnectionsPerAccount: number;
  /** The most transactions one NWC list_transactions answers (`NWC_LIST_MAX`). */
  nwcListMax: number;
  /** Requests one NWC connection may make per minute; beyond, RATE_LIMITED (`NWC_REQUESTS_PER_MINUTE`). */
  nwcRequestsPerMinute: number;
  /**
   * Refusals (UNAUTHORIZED, UNSUPPORTED_ENCRYPTION) the service answers per minute, all instances
   * together, to keys that are no live connection; beyond, such requests are dropped unanswered
   * (`NWC_REFUSALS_PER_MINUTE`).
   */
  nwcRefusalsPerMinute: number;
  /**
   * Days a handled NWC request is kept, unless a budget still counts its payment
   * (`NWC_REQUEST_RETENTION_DAYS`).
   */
  nwcRequestRetentionDays: number;
}

/** 64 hex digits or a NIP-19 `nsec1…`. */
const secretKeyHex = raw.transform((v, ctx): string | null => {
  if (v === undefined) return null;
  if (/^[0-9a-f]{64}$/i.test(v)) return v.toLowerCase();
  if (v.startsWith('nsec1')) {
    try {
      const d = nip19.decode(v);
      if (d.type === 'nsec') return Buffer.from(d.data).toString('hex');
    } catch {}
  }
  ctx.addIssue({ code: 'custom', message: 'must be 64 hex digits or an nsec1… key' });
  return z.NEVER;
});

/** One or more relay URLs, separated by commas or spaces; `wss://` (or `ws://`, for loopback tests). */
const relays = raw.transform((v, ctx): string[] => {
  if (v === undefined) return [];
  const list = v.split(/[\s,]+/).filter((s) => s !== '');
  for (const s of list) {
    let u: URL | undefined;
    try {
      u = new URL(s);
    } catch {}
    if (!u || (u.protocol !== 'wss:' && u.protocol !== 'ws:')) {
      ctx.addIssue({ code: 'custom', message: `must be wss:// URLs separated by commas (got "${s}")` });
      return z.NEVER;
    }
  }
  return [...new Set(list)];
});

export const nostr = section(
  {
    NOSTR_SECRET_KEY: secretKeyHex,
    NWC_RELAYS: relays,
    NOSTR_ALLOW_PRIVATE: bool(false),
    NOSTR_ZAP_MAX_RELAYS: int(10, 1, 50),
    NWC_CONNECTIONS_PER_ACCOUNT: int(50, 1, 10_000),
    NWC_LIST_MAX: int(100, 1, 1000),
    NWC_REQUESTS_PER_MINUTE: int(120, 1, 100_000),
    NWC_REFUSALS_PER_MINUTE: int(300, 1, 1_000_000),
    NWC_REQUEST_RETENTION_DAYS: int(30, 1, 3650),
  },
  (v): NostrConfig => ({
    secretKeyHex: v.NOSTR_SECRET_KEY,
    nwcRelays: v.NWC_RELAYS,
    allowPrivate: v.NOSTR_ALLOW_PRIVATE,
    zapMaxRelays: v.NOSTR_ZAP_MAX_RELAYS,
    nwcConnectionsPerAccount: v.NWC_CONNECTIONS_PER_ACCOUNT,
    nwcListMax: v.NWC_LIST_MAX,
    nwcRequestsPerMinute: v.NWC_REQUESTS_PER_MINUTE,
    nwcRefusalsPerMinute: v.NWC_REFUSALS_PER_MINUTE,
    nwcRequestRetentionDays: v.NWC_REQUEST_RETENTION_DAYS,
  }),
);
