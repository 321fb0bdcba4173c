import { type ChainAddressRow, chainAddressesByIndex } from '../../db/repos/chain-addresses.ts';
import { listPendingClaims } from '../../db/repos/chain-deposits.ts';
import { getKv, putKv } from '../../db/repos/kv.ts';
import type { ChainNetworkName } from '../../db/schema.ts';
import type { AppDeps } from '../deps.ts';
import { setSweepPosition, sweepPosition } from '../payments/sweep-cursor.ts';
import type { ChainNetwork, ChainScan, ChainWatcher } from '../ports.ts';
import { addressKey, bookDeposit, bookScan, toWatched, watchedAddresses } from './book-deposits.ts';
import { sandboxChainWatcher } from './sandbox-watcher.ts';

const BTC: readonly ChainNetwork[] = ['BTC'];
const EVM: readonly ChainNetwork[] = ['ERC20', 'BEP20', 'MATIC'];

/** The watchers in use: the chain nodes of deps, and the sandbox's table where a network is on `sandbox`. */
export function activeWatchers(deps: AppDeps): ChainWatcher[] {
  const w = deps.config.chainWatch;
  const sandboxNetworks = [
    ...(w.btcWatcher === 'sandbox' ? BTC : []),
    ...(w.evmWatcher === 'sandbox' ? EVM : []),
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
  unavailable: string[];
}

/**
 * One round of every watcher over every network it reads: payer-submitted transaction hashes first
 * (each looked up, never credited by the claim itself), then a scan of the addresses still watched.
 * A node that is down or answers badly is a report line; nothing is credited from it and the next round
 * tries again. `rescan` walks every address ever handed out, watched or not (late deposits).
 */
export async function watchRound(deps: AppDeps, opts: { rescan?: boolean } = {}): Promise<RoundReport> {
  const report: RoundReport = { credited: 0, dropped: 0, unavailable: [] };
  for (const watcher of activeWatchers(deps)) {
    for (const network of watcher.networks) {
      const addresses = opts.rescan
        ? await allAddresses(deps, network)
        : await watchedAddresses(deps, network);
      if (addresses.length === 0) continue;
      await checkClaims(deps, watcher, network, addresses, opts.rescan === true, report);
      const cursorKey = `chain.cursor.${watcher.kind}.${network}`;
      const cursor = opts.rescan ? null : ((await getKv(deps.db.read, cursorKey)) ?? null);
      const scan = await watcher.scan(addresses.map(toWatched), cursor, {
        everyAddress: opts.rescan === true,
      });
      if (!scan.ok) {
        deps.log.warn({ network, watcher: watcher.kind, reason: scan.error.reason }, 'chain scan failed');
        report.unavailable.push(`${network}: ${scan.error.reason}`);
        continue;
      }
      for (const failure of scan.value.failures ?? []) {
        deps.log.warn({ network, watcher: watcher.kind, reason: failure }, 'chain scan incomplete');
        report.unavailable.push(`${network}: ${failure}`);
      }
      const booked = await bookCovered(deps, network, addresses, scan.value);
      report.credited += booked.credited;
      report.dropped += booked.dropped;
      if (scan.value.cursor !== null && !opts.rescan) {
        const next = scan.value.cursor;
        await deps.db.write((trx) => putKv(trx, cursorKey, next, deps.clock.nowMs()));
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
  network: ChainNetworkName,
  addresses: readonly ChainAddressRow[],
  scan: ChainScan,
): Promise<{ credited: number; dropped: number }> {
  if (scan.covered === undefined) return bookScan(deps, network, addresses, scan);
  const covered = new Set(scan.covered.map((a) => addressKey(network, a)));
  const isCovered = (address: string) => covered.has(addressKey(network, address));
  const booked = await bookScan(
    deps,
    network,
    addresses.filter((a) => isCovered(a.address)),
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

async function allAddresses(deps: AppDeps, network: ChainNetworkName): Promise<ChainAddressRow[]> {
  const asset = network === 'BTC' ? 'btc' : 'usdt';
  return (await chainAddressesByIndex(deps.db.read, asset)).filter((a) => a.network === network);
}

async function checkClaims(
  deps: AppDeps,
  watcher: ChainWatcher,
  network: ChainNetworkName,
  addresses: readonly ChainAddressRow[],
  rescan: boolean,
  report: RoundReport,
): Promise<void> {
  const byPayment = new Map(addresses.map((a) => [a.payment_id, a]));
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
    const owner = byPayment.get(claim.payment_id);
    if (owner === undefined || claim.transaction_hash === null) continue;
    const found = await watcher.lookupTransaction(network, claim.transaction_hash, [toWatched(owner)]);
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
