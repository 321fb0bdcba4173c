import { findCheckout } from '../../db/repos/checkout.ts';
import { CHAIN_NETWORK_NAMES } from '../../domain/chain-uri.ts';
import { formatWalletAmount, requestedUnits } from '../../domain/payments/amounts.ts';
import type { ChainNetwork, PaymentStatus, Wallet } from '../../domain/payments/vocabulary.ts';
import { formatPriceE8 } from '../../domain/prices.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { paymentUri } from '../chain/payment-uri.ts';
import type { AppDeps } from '../deps.ts';
import { chainProgressOfRow } from './chain-progress.ts';
import { type CheckoutStatus, checkoutStatusOf } from './state.ts';

/** A payment's public id: 16 characters [a-z0-9]. */
const TID = /^[a-z0-9]{16}$/;

/**
 * The hosted checkout page of a payment request, as anyone holding its tid may see it. The tid is the only
 * credential, so the view carries nothing private: no keys, no callback URL, no customer name, no extra.
 */
export interface CheckoutView {
  status: CheckoutStatus;
  payee: {
    usertag: string;
    /** The account's company name, else its full name; null when it has neither. */
    displayName: string | null;
  };
  description: string | null;
  orderId: string | null;
  /** What the request asks; once paid, what arrived (a payer may pay more). */
  amountMsat: bigint;
  /** As the request gave it (never recomputed): currency upper-case, value a decimal string. */
  fiat: { currency: string; value: string } | null;
  /**
   * A request priced in fiat: the rate its amount was converted at, locked until the request expires
   * (`rate` fiat per one `base`, exact decimal text). Null for a request priced in BTC or USDT.
   */
  rate: { base: 'BTC' | 'USDT'; currency: string; rate: string; lockedUntilMs: bigint } | null;
  /** The asset asked for: lbtc (Lightning), btc or usdt (on chain, pro variant). */
  asset: Wallet;
  /** The amount as a decimal in the asset's unit: BTC (8 decimals) or USDT (up to 6). */
  amountText: string;
  /** The BOLT11 invoice; null for a usdt request (on chain only). */
  invoice: string | null;
  /** `LIGHTNING:<INVOICE>` in upper case, so a QR code of it uses the denser alphanumeric mode. */
  qrUri: string | null;
  /** `lightning:<invoice>`, for a wallet on the same device. */
  walletUri: string | null;
  /** The on-chain way to pay a pro request (btc or usdt); null for a Lightning request. */
  chain: ChainCheckout | null;
  createdAtMs: bigint;
  expiresAtMs: bigint;
  paidAtMs: bigint | null;
  /** The merchant's site (the success_url's origin), for a link back; null without success_url. */
  merchantOrigin: string | null;
}

export interface ChainCheckout {
  network: ChainNetwork;
  /** As payers know it: "Bitcoin", "BNB Smart Chain (BEP20)"… */
  networkName: string;
  address: string;
  /** BIP21 (btc, with the invoice as `lightning=`) or EIP-681 (usdt): what the QR code holds. */
  uri: string;
  /** A transaction the payer said they sent (a claim), and the payer's status. */
  transactionHash: string | null;
  statusPayer: PaymentStatus;
  /** What deposits credited, in the asset's unit as `amountText`. */
  receivedText: string;
  /** What was credited beyond the amount asked (an overpayment); null when nothing was. */
  excessText: string | null;
}

const trimZeros = (t: string) => (t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t);

/** An amount as the page writes it: BTC with 8 decimals, USDT without trailing zeros. */
const assetAmount = (wallet: Wallet, units: bigint): string =>
  wallet === 'usdt' ? trimZeros(formatWalletAmount(wallet, units)) : formatWalletAmount(wallet, units);

function displayNameOf(fullName: string, companyKyc: string): string | null {
  try {
    const company: unknown = JSON.parse(companyKyc);
    if (company !== null && typeof company === 'object' && 'company_name' in company) {
      const name = (company as { company_name: unknown }).company_name;
      if (typeof name === 'string' && name.trim() !== '') return name.trim();
    }
  } catch {
    // Not JSON: no company name.
  }
  return fullName.trim() === '' ? null : fullName.trim();
}

function originOf(url: string | null): string | null {
  if (url === null) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.origin : null;
  } catch {
    return null;
  }
}

/**
 * The checkout of a tid. Not found unless the tid is a payment request made with `receive` (incoming, with
 * an invoice and a checkout expiry): a malformed tid, a sent payment or a Lightning-address payment has no
 * page, and the answer does not tell them apart.
 */
export async function viewCheckout(deps: AppDeps, tid: string): Promise<Result<CheckoutView>> {
  const notFound = err('not_found', 'no payment page has this address');
  if (!TID.test(tid)) return notFound;
  const row = await findCheckout(deps.db.read, tid);
  if (
    row === undefined ||
    row.direction !== 'in' ||
    (row.payreq === null && (row.payment_mode !== 'onchain' || row.chain_address === null)) ||
    row.hosted_checkout_expiry_ms === null
  ) {
    return notFound;
  }
  const fiat =
    row.fiat_currency !== null && row.fiat_value !== null
      ? { currency: row.fiat_currency, value: row.fiat_value }
      : null;
  return ok({
    status: checkoutStatusOf(row, deps.clock.nowMs(), chainProgressOfRow(deps, row)),
    payee: {
      usertag: row.receiver_usertag ?? row.payee_usertag,
      displayName: displayNameOf(row.payee_full_name, row.payee_company_kyc),
    },
    description: row.description,
    orderId: row.order_id,
    amountMsat: row.amount_msat,
    fiat,
    rate:
      row.fiat_rate_e8 !== null && row.fiat_currency !== null
        ? {
            base: row.wallet === 'usdt' ? 'USDT' : 'BTC',
            currency: row.fiat_currency,
            rate: formatPriceE8(row.fiat_rate_e8),
            lockedUntilMs: row.hosted_checkout_expiry_ms,
          }
        : null,
    asset: row.wallet,
    amountText:
      row.wallet === 'usdt'
        ? trimZeros(formatWalletAmount(row.wallet, row.amount_units))
        : formatWalletAmount(row.wallet, requestedUnits(row)),
    invoice: row.payreq,
    qrUri: row.payreq === null ? null : `lightning:${row.payreq}`.toUpperCase(),
    walletUri: row.payreq === null ? null : `lightning:${row.payreq}`,
    chain:
      row.payment_mode === 'onchain' && row.chain_address !== null && row.chain_network !== null
        ? {
            network: row.chain_network,
            networkName: CHAIN_NETWORK_NAMES[row.chain_network],
            address: row.chain_address,
            uri: paymentUri(deps.config, row) ?? '',
            transactionHash: row.transaction_hash,
            statusPayer: row.status_payer,
            receivedText: assetAmount(row.wallet, row.received_units),
            excessText:
              row.received_units > requestedUnits(row)
                ? assetAmount(row.wallet, row.received_units - requestedUnits(row))
                : null,
          }
        : null,
    createdAtMs: row.created_at_ms,
    expiresAtMs: row.hosted_checkout_expiry_ms,
    paidAtMs: row.paid_at_ms,
    merchantOrigin: originOf(row.success_url),
  });
}
