import { err, ok, type Result } from '../result.ts';
import {
  type ChainAsset,
  type ChainNetwork,
  EVM_NETWORKS,
  type EvmNetwork,
  type Rail,
  type Wallet,
} from './vocabulary.ts';

/** Where an on-chain request is paid: its asset and network. */
export interface ChainRail {
  asset: ChainAsset;
  network: ChainNetwork;
}

/** "ERC20, BEP20 or MATIC" */
const EVM_LIST = `${EVM_NETWORKS.slice(0, -1).join(', ')} or ${EVM_NETWORKS.at(-1)}`;

const isEvm = (n: ChainNetwork): n is EvmNetwork => (EVM_NETWORKS as readonly string[]).includes(n);

/**
 * The one rule of which wallet is paid how: lbtc by Lightning; btc on chain, on the BTC network (the
 * default when none is named); usdt on chain, on an EVM network (which one must be named). Answers the
 * chain of an on-chain request and null for a Lightning one; a refusal names the wire field to blame
 * (`payment_mode` or `chain_network`). Every wire decoder and the receive use case ask this.
 */
export function railOf(wallet: Wallet, rail: Rail, network: ChainNetwork | null): Result<ChainRail | null> {
  if (wallet === 'lbtc') {
    if (rail === 'onchain') {
      return err(
        'invalid_request',
        'payment_mode onchain is not for wallet lbtc (Lightning): use payment_mode lightning, or wallet btc for an on-chain address',
        'payment_mode',
      );
    }
    if (network !== null) {
      return err('invalid_request', 'chain_network is not for wallet lbtc (Lightning)', 'chain_network');
    }
    return ok(null);
  }
  if (rail === 'lightning') {
    return err(
      'invalid_request',
      `payment_mode lightning is only for wallet lbtc; wallet ${wallet} is paid on chain (payment_mode onchain)`,
      'payment_mode',
    );
  }
  if (wallet === 'btc') {
    if (network !== null && network !== 'BTC') {
      return err(
        'invalid_request',
        `chain_network ${network} is an EVM network; wallet btc is paid on BTC`,
        'chain_network',
      );
    }
    return ok({ asset: 'btc', network: 'BTC' });
  }
  if (network === null) {
    return err('invalid_request', `chain_network is required for wallet usdt: ${EVM_LIST}`, 'chain_network');
  }
  if (!isEvm(network)) {
    return err('invalid_request', `chain_network ${network} has no USDT: use ${EVM_LIST}`, 'chain_network');
  }
  return ok({ asset: 'usdt', network });
}
