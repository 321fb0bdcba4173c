import {
  type AddressPosition,
  type ChainAddressRow,
  chainAddressPage,
  positionOf,
} from '../../db/repos/chain-addresses.ts';
import { listPendingClaims, listRecentCredits } from '../../db/repos/chain-deposits.ts';
import { getKv, putKv } from '../../db/repos/kv.ts';
import { type ChainNetwork, EVM_NETWORKS } from '../../domain/payments/vocabulary.ts';
import { setSweepPosition, sweepPosition } from '../cursors.ts';
import type { AppDeps } from '../deps.ts';
import type { ChainScan, ChainWatcher, CreditedDeposit } from '../ports.ts';
import { runPlainWrite } from '../write.ts';
import { addressKey, bookDeposit, bookScan, toWatched } from './book-deposits.ts';
import { reverseDeposit } from './reverse-deposit.ts';
import { sandboxChainWatcher } from './sandbox-watcher.ts';

const BTC: readonly ChainNetwork[] = ['BTC'];

/** The watchers in use: the chain nodes of deps, and the sandbox's table where a network is on `sandbox`. */
export function activeWatchers(deps: AppDeps): ChainWatcher[] {
  const w = deps.config.chainWatch;
  const sandboxNetworks = [
    ...(w.btcWatcher === 'sandbox' ? BTC : []),
    ...(w.evmWatcher === 'sandbox' ? EVM_NETWORKS : []),
  ];
  return [
    ...deps.chainWatchers,
    ...(sandboxNetworks.length > 0 ? [sandboxChainWatcher(deps, sandboxNetworks)] : []),
  ];
}

/**
 * Payer claims one round looks at, per network. Rounds walk all pending claims from where the last one
 * stopped, so claims that never match a deposit cannot keep later ones from being looked up.
 */
const CLAIMS_PER_ROUND = 50;

export interface RoundReport {
  credited: number;
  dropped: number;
  /** Credits reversed because the chain no longer showed their deposit. */
  reversed: number;
  unavailable: string[];
}

/**
 * One round of every watcher over every network it reads: payer-submitted transaction hashes first
 * (each looked up, never credited by the claim itself), then a scan of the addresses still watched, in
 * pages of CHAIN_WATCH_ADDRESSES_PER_SCAN (so what a round holds and each query reads stay bounded
 * however many addresses are watched), then a check that the credits of recent blocks are still on the
 * chain (one that is not is reversed). A node that is down or answers badly is a report line; nothing is
 * credited from it and the next round tries again. An error of one network's round (a bug, a database
 * error) is logged and reported, and the other networks' rounds go on. `rescan` walks every address
 * ever handed out, watched or not (late deposits).
 */
export async function watchRound(deps: AppDeps, opts: { rescan?: boolean } = {}): Promise<RoundReport> {
  const report: RoundReport = { credited: 0, dropped: 0, reversed: 0, unavailable: [] };
  for (const watcher of activeWatchers(deps)) {
    for (const network of watcher.networks) {
      try {
        await watchNetwork(deps, watcher, network, opts.rescan === true, report);
      } catch (e) {
        deps.log.error({ network, watcher: watcher.kind, err: e }, 'chain round of a network failed');
        report.unavailable.push(`${network}: the round failed (see the log)`);
      }
    }
  }
  return report;
}

/**
 * Books a scan; where it covered only some addresses (`covered`), uncredited deposits are taken as gone
 * only for those, and the deposits it showed of the others are booked one by one.
 */
async function bookCovered(
  deps: AppDeps,
  network: ChainNetwork,
  addresses: readonly ChainAddressRow[],
  watchedAtMs: number | null,
  scan: ChainScan,
): Promise<{ credited: number; dropped: number }> {
  if (scan.covered === undefined) return bookScan(deps, network, { addresses, watchedAtMs }, scan);
  const covered = new Set(scan.covered.map((a) => addressKey(network, a)));
  const isCovered = (address: string) => covered.has(addressKey(network, address));
  const booked = await bookScan(
    deps,
    network,
    { addresses: addresses.filter((a) => isCovered(a.address)), watchedAtMs },
    { ...scan, deposits: scan.deposits.filter((d) => isCovered(d.address)) },
  );
  const others = new Map(
    addresses.filter((a) => !isCovered(a.address)).map((a) => [addressKey(network, a.address), a]),
  );
  for (const d of scan.deposits) {
    const owner = d.network === network ? others.get(addressKey(network, d.address)) : undefined;
    if (owner !== undefined && (await bookDeposit(deps, owner, d)) === 'credited') booked.credited += 1;
  }
  return booked;
}

async function watchNetwork(
  deps: AppDeps,
  watcher: ChainWatcher,
  network: ChainNetwork,
  rescan: boolean,
  report: RoundReport,
): Promise<void> {
  const watchedAtMs = rescan ? null : deps.clock.nowMs();
  await checkClaims(deps, watcher, network, rescan, report);
  const cursorKey = `chain.cursor.${watcher.kind}.${network}`;
  const cursor = rescan ? null : ((await getKv(deps.db.read, cursorKey)) ?? null);
  const limit = deps.config.chainWatch.addressesPerScan;
  let after: AddressPosition | null = null;
  // The cursor the first page's scan returned: every page was scanned at least as far as it (a later
  // scan's cursor is never behind an earlier one's), so the next round starts there for all of them.
  let next: string | null = null;
  let tip: number | null = null;
  // A watcher that reads address by address (Esplora) spreads a per-round budget over the whole
  // watched list and keeps its rotation in the cursor, so it is given every page at once; the others
  // (logs or blocks matched locally) are given one page per scan.
  const wholeList = watcher.readsPerAddress === true;
  let pending: ChainAddressRow[] = [];
  for (let pageNo = 0; ; ) {
    const page = await chainAddressPage(deps.db.read, network, { watchedAtMs, after, limit });
    const last = page[page.length - 1];
    const more = page.length === limit;
    if (last !== undefined) after = positionOf(last);
    pending = wholeList ? pending.concat(page) : page;
    if ((wholeList && more) || pending.length === 0) {
      if (more) continue;
      break;
    }
    const scan = await watcher.scan(pending.map(toWatched), cursor, { everyAddress: rescan });
    if (!scan.ok) {
      deps.log.warn({ network, watcher: watcher.kind, reason: scan.error.reason }, 'chain scan failed');
      report.unavailable.push(`${network}: ${scan.error.reason}`);
      return;
    }
    for (const failure of scan.value.failures ?? []) {
      deps.log.warn({ network, watcher: watcher.kind, reason: failure }, 'chain scan incomplete');
      report.unavailable.push(`${network}: ${failure}`);
    }
    const booked = await bookCovered(deps, network, pending, watchedAtMs, scan.value);
    report.credited += booked.credited;
    report.dropped += booked.dropped;
    tip = Math.max(tip ?? 0, scan.value.tipHeight);
    if (pageNo === 0) next = scan.value.cursor;
    pageNo += 1;
    if (!more) break;
  }
  if (next !== null && !rescan) {
    const keep = next;
    await runPlainWrite(deps.db, (trx) => putKv(trx, cursorKey, keep, deps.clock.nowMs()));
  }
  if (tip !== null) await recheckCredits(deps, watcher, network, tip, null, report);
}

/**
 * One request's address only, with the watcher of its network (the sandbox's deposit form and CLI):
 * the scan of that address and the check of its recent credits, without the network's cursor or claims.
 */
export async function watchOneAddress(
  deps: AppDeps,
  watcher: ChainWatcher,
  owner: ChainAddressRow,
): Promise<RoundReport> {
  const report: RoundReport = { credited: 0, dropped: 0, reversed: 0, unavailable: [] };
  // As a round would: an address past its watch window is left to a rescan.
  const watchedAtMs = deps.clock.nowMs();
  if (BigInt(owner.watch_until_ms) <= BigInt(watchedAtMs)) return report;
  const scan = await watcher.scan([toWatched(owner)], null);
  if (!scan.ok) {
    report.unavailable.push(`${owner.network}: ${scan.error.reason}`);
    return report;
  }
  const booked = await bookScan(deps, owner.network, { addresses: [owner], watchedAtMs }, scan.value);
  report.credited += booked.credited;
  report.dropped += booked.dropped;
  await recheckCredits(deps, watcher, owner.network, scan.value.tipHeight, owner.payment_id, report);
  return report;
}

/**
 * Asks the watcher whether the credited deposits of blocks within CHAIN_REORG_RECHECK_BLOCKS of the tip
 * (of one request with `paymentId`) are still on the chain, CHAIN_REORG_RECHECKS_PER_ROUND newest at
 * most, and reverses the credit of each it says is gone.
 */
async function recheckCredits(
  deps: AppDeps,
  watcher: ChainWatcher,
  network: ChainNetwork,
  tipHeight: number,
  paymentId: bigint | null,
  report: RoundReport,
): Promise<void> {
  const cfg = deps.config.chainWatch;
  if (watcher.missingFromChain === undefined || cfg.reorgRecheckBlocks === 0) return;
  const credits = await listRecentCredits(deps.db.read, network, {
    minBlockHeight: tipHeight - cfg.reorgRecheckBlocks + 1,
    paymentId,
    limit: cfg.reorgRechecksPerRound,
  });
  if (credits.length === 0) return;
  const key = (txHash: string, index: number | bigint) => `${txHash}:${index}`;
  const asked: CreditedDeposit[] = credits.map((c) => ({
    network: c.network,
    address: c.address,
    txHash: c.tx_hash,
    outputIndex: Number(c.output_index),
    blockHeight: c.block_height === null ? null : Number(c.block_height),
    blockHash: c.block_hash,
    amountRaw: BigInt(c.amount_raw),
  }));
  const found = await watcher.missingFromChain(network, asked);
  if (!found.ok) {
    deps.log.warn({ network, watcher: watcher.kind, reason: found.error.reason }, 'chain recheck failed');
    report.unavailable.push(`${network}: ${found.error.reason}`);
    return;
  }
  const byKey = new Map(credits.map((c) => [key(c.tx_hash, c.output_index), c]));
  for (const gone of found.value) {
    const row = byKey.get(key(gone.txHash, gone.outputIndex));
    if (row === undefined) continue;
    if ((await reverseDeposit(deps, row.id)) === 'reversed') report.reversed += 1;
  }
}

async function checkClaims(
  deps: AppDeps,
  watcher: ChainWatcher,
  network: ChainNetwork,
  rescan: boolean,
  report: RoundReport,
): Promise<void> {
  const walk = `chain-claims.${watcher.kind}.${network}`;
  const after = sweepPosition(deps.db, walk);
  const claims = await listPendingClaims(
    deps.db.read,
    network,
    // A claim on an address no longer polled is not looked up either (a rescan looks at all of them).
    { afterPaymentId: after?.id ?? null, watchedAtMs: rescan ? null : deps.clock.nowMs() },
    CLAIMS_PER_ROUND,
  );
  const last = claims[claims.length - 1];
  // Claims are listed by payment id alone: the position's time is not used.
  setSweepPosition(
    deps.db,
    walk,
    claims.length < CLAIMS_PER_ROUND || last === undefined ? null : { atMs: 0n, id: last.payment_id },
  );
  for (const claim of claims) {
    const { transaction_hash: hash, ...owner } = claim;
    if (hash === null) continue;
    const found = await watcher.lookupTransaction(network, hash, [toWatched(owner)]);
    if (!found.ok) {
      report.unavailable.push(`${network}: ${found.error.reason}`);
      continue;
    }
    for (const d of found.value) {
      if (addressKey(network, d.address) !== addressKey(network, owner.address)) continue;
      if ((await bookDeposit(deps, owner, d)) === 'credited') report.credited += 1;
    }
  }
}
