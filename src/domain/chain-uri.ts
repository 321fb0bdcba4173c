import { formatMsatAsBtc } from './money.ts';

/** Decimal text without trailing zeros (and without a bare trailing point). */
const trimmed = (text: string): string =>
  text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;

/**
 * BIP21 payment URI (https://github.com/bitcoin/bips/blob/master/bip-0021.mediawiki): the address, the
 * amount in BTC (decimal, at most 8 places), a label; with a BOLT11 invoice, the `lightning` parameter of
 * the unified QR (https://bitcoinqr.dev), so a wallet of either kind can pay it.
 */
export function bip21Uri(o: {
  address: string;
  amountMsat: bigint;
  label: string | null;
  payreq: string | null;
}): string {
  const params = [`amount=${trimmed(formatMsatAsBtc(o.amountMsat))}`];
  if (o.label !== null && o.label !== '') params.push(`label=${encodeURIComponent(o.label)}`);
  if (o.payreq !== null) params.push(`lightning=${o.payreq}`);
  return `bitcoin:${o.address}?${params.join('&')}`;
}

/**
 * EIP-681 token transfer (https://eips.ethereum.org/EIPS/eip-681):
 * `ethereum:<token contract>@<chain id>/transfer?address=<recipient>&uint256=<amount in base units>`.
 * `units` are 10^-6 USDT; the token's `decimals` on that chain (6, or 18 on BNB Smart Chain) scale them.
 */
export function eip681TokenUri(o: {
  contract: string;
  chainId: number;
  to: string;
  units: bigint;
  decimals: number;
}): string {
  const base =
    o.decimals >= 6 ? o.units * 10n ** BigInt(o.decimals - 6) : o.units / 10n ** BigInt(6 - o.decimals);
  return `ethereum:${o.contract}@${o.chainId}/transfer?address=${o.to}&uint256=${base}`;
}

/** The names payers know the networks by, for the checkout page. */
export const CHAIN_NETWORK_NAMES = {
  BTC: 'Bitcoin',
  ERC20: 'Ethereum (ERC20)',
  BEP20: 'BNB Smart Chain (BEP20)',
  MATIC: 'Polygon (MATIC)',
} as const;
