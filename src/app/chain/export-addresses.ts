import { chainAddressesByIndex } from '../../db/repos/chain-addresses.ts';
import type { AppDeps } from '../deps.ts';

export interface ExportedAddress {
  /** BIP-32 derivation path: BIP-84 for bitcoin, BIP-44 (coin 60) for the EVM chains. */
  path: string;
  address: string;
  network: string;
}

/**
 * Every address handed out with its derivation path, bitcoin's first then the EVM chains', each by
 * derivation index: what a watch-only wallet (Electrum, Sparrow) imports (`paytag chain addresses`).
 */
export async function exportChainAddresses(deps: AppDeps): Promise<ExportedAddress[]> {
  const coin = deps.config.lightning.network === 'bitcoin' ? 0 : 1;
  const btc = (await chainAddressesByIndex(deps.db.read, 'btc')).map((a) => ({
    path: `m/84'/${coin}'/0'/0/${a.derivation_index}`,
    address: a.address,
    network: a.network,
  }));
  const evm = (await chainAddressesByIndex(deps.db.read, 'usdt')).map((a) => ({
    path: `m/44'/60'/0'/0/${a.derivation_index}`,
    address: a.address,
    network: a.network,
  }));
  return [...btc, ...evm];
}
