import { availableBalance, availableBalances } from '../../db/repos/ledger.ts';
import { ASSET_CODES, type Asset } from '../../domain/money.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';

export interface Balances {
  /** Spendable amount per asset in the asset's minor unit. */
  byAsset: Record<Asset, bigint>;
  readAtMs: number;
}

export async function getBalances(deps: AppDeps, caller: Caller): Promise<Balances> {
  const readAtMs = deps.clock.nowMs();
  const found = await availableBalances(deps.db.read, caller.accountId);
  const byAsset = Object.fromEntries(ASSET_CODES.map((a) => [a, found.get(a) ?? 0n])) as Record<
    Asset,
    bigint
  >;
  return { byAsset, readAtMs };
}

export interface WalletInfo {
  /** The account's Lightning address: usertag@host. */
  lightningAddress: string;
  balanceMsat: bigint;
}

export async function getWallet(deps: AppDeps, caller: Caller): Promise<WalletInfo> {
  const balanceMsat = await availableBalance(deps.db.read, caller.accountId, 'lbtc');
  return { lightningAddress: `${caller.usertag}@${new URL(deps.config.publicUrl).host}`, balanceMsat };
}
