import type { Config } from '../../config/index.ts';
import { bip21Uri, eip681TokenUri } from '../../domain/chain-uri.ts';
import type { Payment } from '../payments/payment.ts';

/**
 * The payment URI of a request, as wallets scan it: `lightning:<invoice>` for Lightning; BIP21 with the
 * unified QR's `lightning=` invoice for btc on chain; EIP-681 token transfer for usdt. Null for a sent
 * payment and for a row without anything to pay.
 */
export type UriFields = Pick<
  Payment,
  | 'direction'
  | 'payment_mode'
  | 'chain_address'
  | 'chain_network'
  | 'wallet'
  | 'amount_msat'
  | 'amount_units'
  | 'description'
  | 'receiver_usertag'
  | 'payreq'
>;

export function paymentUri(config: Pick<Config, 'chain'>, p: UriFields): string | null {
  if (p.direction !== 'in') return null;
  if (p.payment_mode === 'onchain' && p.chain_address !== null) {
    if (p.wallet === 'btc') {
      return bip21Uri({
        address: p.chain_address,
        amountMsat: p.amount_msat,
        label: p.description ?? (p.receiver_usertag === null ? null : `Payment to ${p.receiver_usertag}`),
        payreq: p.payreq,
      });
    }
    if (p.wallet === 'usdt' && p.chain_network !== null && p.chain_network !== 'BTC') {
      const net = config.chain.usdt[p.chain_network];
      return eip681TokenUri({
        contract: net.contract,
        chainId: net.chainId,
        to: p.chain_address,
        units: p.amount_units,
        decimals: net.decimals,
      });
    }
  }
  return p.payreq === null ? null : `lightning:${p.payreq}`;
}

/**
 * The URI of what an underpaid on-chain request still misses (`remainingUnits` of its wallet): the same
 * address and label for that amount, without the unified QR's Lightning invoice (it asks for the whole
 * amount, so paying it too would pay more than asked).
 */
export function remainderUri(
  config: Pick<Config, 'chain'>,
  p: UriFields,
  remainingUnits: bigint,
): string | null {
  return paymentUri(config, {
    ...p,
    amount_msat: remainingUnits,
    amount_units: remainingUnits,
    payreq: null,
  });
}
