import { int } from './fields.ts';
import { section } from './section.ts';

/** The LNbits-compatible wallet API (/api/v1/wallet, /api/v1/payments…, docs/clients.md). */
export interface LnbitsConfig {
  /** Live streams (WebSocket /api/v1/ws/{key} and SSE /api/v1/payments/sse together) open at once per key. */
  streamsPerKey: number;
  /** Live streams of this API open at once on this instance, every key together. */
  streamsTotal: number;
  /** How often a live stream reads its account's open invoices again (ms); a settlement in this process is heard at once. */
  livePollMs: number;
  /** How often a live stream checks again that its key is active and its account enabled (ms). */
  keyRecheckMs: number;
  /** How many of an account's newest open invoices a live stream watches. */
  liveWatchedInvoices: number;
  /** Most rows one GET /api/v1/payments answers (`limit`), and the deepest `offset` it reads from. */
  listMax: number;
  listMaxOffset: number;
}

export const lnbits = section(
  {
    LNBITS_STREAMS_PER_KEY: int(5, 1, 1000),
    LNBITS_STREAMS_TOTAL: int(2000, 1, 1_000_000),
    LNBITS_LIVE_POLL_MS: int(1000, 50, 60_000),
    LNBITS_KEY_RECHECK_MS: int(5000, 100, 600_000),
    LNBITS_LIVE_WATCHED_INVOICES: int(200, 1, 10_000),
    LNBITS_LIST_MAX: int(100, 1, 1000),
    LNBITS_LIST_MAX_OFFSET: int(10_000, 0, 1_000_000),
  },
  (v): LnbitsConfig => ({
    streamsPerKey: v.LNBITS_STREAMS_PER_KEY,
    streamsTotal: v.LNBITS_STREAMS_TOTAL,
    livePollMs: v.LNBITS_LIVE_POLL_MS,
    keyRecheckMs: v.LNBITS_KEY_RECHECK_MS,
    liveWatchedInvoices: v.LNBITS_LIVE_WATCHED_INVOICES,
    listMax: v.LNBITS_LIST_MAX,
    listMaxOffset: v.LNBITS_LIST_MAX_OFFSET,
  }),
);
