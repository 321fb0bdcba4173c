import type { HistoryCursor, HistoryFilter } from '../../db/repos/payment-pages.ts';
import { listHistoryPage } from '../../db/repos/payment-pages.ts';
import type { PaymentRow } from '../../db/repos/payments.ts';
import { encodeLnurl } from '../../domain/lnurl.ts';
import { ASSET_CODES, ASSETS, type Asset, formatUnitsTruncated } from '../../domain/money.ts';
import type { Caller } from '../accounts/authenticate.ts';
import { getBalances, getWallet } from '../balances/get-balances.ts';
import type { AppDeps } from '../deps.ts';
import { paymentHistory } from '../payments/history.ts';
import { valueIn } from '../prices/valuation.ts';

/** The caller of the API use cases for a signed-in account: the invoice key's rights unless confirmed. */
export const sessionCaller = (
  s: { accountId: bigint; usertag: string },
  kind: 'invoice' | 'admin',
): Caller => ({
  accountId: s.accountId,
  usertag: s.usertag,
  kind,
});

export interface BalanceLine {
  asset: Asset;
  label: string;
  units: bigint;
  /** The balance as the API writes it (8 decimals, truncated). */
  text: string;
  /** Its value in `currency`, truncated to cents; null when the feed has no price for it. */
  value: string | null;
  stale: boolean;
}

/** Fiat currencies the dashboard values balances in, with the price feed's pair for one BTC. */
export const VALUE_CURRENCIES = ['USD', 'INR'] as const;
export type ValueCurrency = (typeof VALUE_CURRENCIES)[number];

/**
 * Balances of every asset (the same read as GET /tapi/v1/assetBalance) with their value from the price
 * feed by the one valuation rule (app/prices/valuation.ts, the trading portfolio's too): exact integer
 * arithmetic truncated to the cent; BTC by BTC-USD or BTC-INR, USDT as one US dollar, ETH, SOL, LTC and
 * MATIC by their USDT pairs (then USD-INR for INR). An asset no published price values says so.
 */
export async function balanceLines(
  deps: AppDeps,
  caller: Caller,
  currency: ValueCurrency,
): Promise<BalanceLine[]> {
  const b = await getBalances(deps, caller);
  return ASSET_CODES.map((asset) => {
    const units = b.byAsset[asset];
    const v = valueIn(deps.prices, asset, units, currency, 2);
    return {
      asset,
      label: ASSETS[asset].label,
      units,
      text: formatUnitsTruncated(units, ASSETS[asset].decimals, ASSETS[asset].apiDecimals),
      value: v === null ? null : formatUnitsTruncated(v.units, 2, 2),
      stale: v?.stale ?? false,
    };
  });
}

export interface HomeView {
  balances: BalanceLine[];
  lightningAddress: string;
  /** `lightning:` + the bech32 LNURL of the address's pay endpoint, for wallets that scan it. */
  lightningUri: string;
  recent: PaymentRow[];
  emailConfirmed: boolean;
  email: string;
}

export async function homeView(
  deps: AppDeps,
  caller: Caller,
  currency: ValueCurrency,
  account: { emailConfirmed: boolean; email: string },
): Promise<HomeView> {
  const wallet = await getWallet(deps, caller);
  const recent = await paymentHistory(deps, caller, 8);
  const lnurl = encodeLnurl(`${deps.config.publicUrl}/.well-known/lnurlp/${caller.usertag}`);
  return {
    balances: await balanceLines(deps, caller, currency),
    lightningAddress: wallet.lightningAddress,
    lightningUri: `lightning:${lnurl.toUpperCase()}`,
    recent: recent.ok ? recent.value : [],
    ...account,
  };
}

export type { HistoryCursor, HistoryFilter };

export const HISTORY_PAGE_SIZE = 25;

const encodeCursor = (row: PaymentRow): string => `${row.created_at_ms}.${row.id}`;

/** Most payments one page of a direction or status filter reads before it answers. */
export const PAGE_SCAN_MAX = 1_000;
const SCAN_CHUNK = 100;

export interface HistoryPage {
  rows: PaymentRow[];
  /** The cursor of the following page; null at the end. */
  next: string | null;
  /**
   * When the page ended at PAGE_SCAN_MAX payments read, before it was full: the time of the last one
   * read (the next page goes on from there). Null otherwise.
   */
  searchedToMs: bigint | null;
}

/**
 * One page of the account's history. The wallet and the dates are served by an index in page order;
 * direction and status are checked on the rows read, newest first, at most PAGE_SCAN_MAX of them per page
 * (no index of their own: every payment written would pay for it), so a filter that matches few of many
 * payments answers in bounded time, with a cursor to read on from where it stopped.
 */
export async function historyPage(
  deps: AppDeps,
  caller: Caller,
  filter: HistoryFilter,
  after: HistoryCursor | null,
): Promise<HistoryPage> {
  const indexed = { wallet: filter.wallet, fromMs: filter.fromMs, toMs: filter.toMs };
  const read = (from: HistoryCursor | null, limit: number) =>
    listHistoryPage(deps.db.read, caller.accountId, indexed, from, limit);
  if (filter.direction === null && filter.status === null) {
    const rows = await read(after, HISTORY_PAGE_SIZE + 1);
    const page = rows.slice(0, HISTORY_PAGE_SIZE);
    const last = page.at(-1);
    const more = rows.length > HISTORY_PAGE_SIZE && last !== undefined;
    return { rows: page, next: more ? encodeCursor(last) : null, searchedToMs: null };
  }
  const wanted = (p: PaymentRow) =>
    (filter.direction === null || p.direction === filter.direction) &&
    (filter.status === null || p.status === filter.status);
  const page: PaymentRow[] = [];
  let from = after;
  for (let scanned = 0; ; ) {
    const chunk = await read(from, SCAN_CHUNK);
    for (const p of chunk) {
      if (!wanted(p)) continue;
      // A match past a full page: there is a next page, and it starts after this one's last row.
      if (page.length === HISTORY_PAGE_SIZE)
        return { rows: page, next: encodeCursor(page.at(-1)!), searchedToMs: null };
      page.push(p);
    }
    const last = chunk.at(-1);
    if (chunk.length < SCAN_CHUNK || last === undefined)
      return { rows: page, next: null, searchedToMs: null };
    scanned += chunk.length;
    from = { createdAtMs: last.created_at_ms, id: last.id };
    if (scanned >= PAGE_SCAN_MAX) {
      const full = page.length === HISTORY_PAGE_SIZE;
      return {
        rows: page,
        next: encodeCursor(full ? page.at(-1)! : last),
        searchedToMs: full ? null : last.created_at_ms,
      };
    }
  }
}
