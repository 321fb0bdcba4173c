import type { RecordChain } from '../../app/chain/deposit-hashes.ts';
import { paymentUri } from '../../app/chain/payment-uri.ts';
import type { Payment } from '../../app/payments/payment.ts';
import type { Config } from '../../config/index.ts';
import { requestedUnits, walletAmountNumber } from '../../domain/payments/amounts.ts';
import {
  CHAIN_NETWORKS,
  PAYMENT_EXCEPTIONS,
  PAYMENT_STATUSES,
  RAILS,
  WALLETS,
} from '../../domain/payments/vocabulary.ts';
import {
  fiatRateNumber,
  fiatRateOf,
  fiatRateSchema,
  PAYMENT_TTL,
  standardRecord,
  standardRecordSchema,
} from './payment-record.ts';
import { seconds } from './schemas.ts';

/**
 * The pro variant's payment record (spec "Payment record", compatibility.md): a bare object with an
 * integer `tid`, `amount` and `fiat_value` as JSON numbers (BTC for lbtc and btc, USDT for usdt; negative
 * for sent payments), the payer's and payee's statuses, the on-chain hash (the one a payer submitted, else
 * the first deposit seen on chain), and `chain_address` {asset, chain_network, address}, the asset upper
 * case as the original documentation's samples write it (BTC for lbtc and btc, USDT for usdt). `amount_received` (a number, same unit) shows what
 * arrived on chain so far, so an underpaid request can be seen as such.
 */

/** The amount of `units` of the payment's wallet (msat for lbtc and btc, 10^-6 USDT for usdt). */
function amountNumber(p: Payment, units: bigint): number {
  return walletAmountNumber(p.wallet, units);
}

function fiatNumber(text: string | null): number | null {
  if (text === null) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** `chain_address.asset`: the currency, as the original samples write it (Lightning moves bitcoin too). */
const ASSET_NAME = { lbtc: 'BTC', btc: 'BTC', usdt: 'USDT' } as const;

/**
 * `chain`: the payment's deposits seen on chain and the first one's hash (app/chain/deposit-hashes.ts
 * recordChains); none for a payment without any.
 */
export function proRecord(
  p: Payment,
  config: Pick<Config, 'publicUrl' | 'chain'>,
  chain: RecordChain | null = null,
) {
  const firstDepositTxHash = chain?.firstDepositTxHash ?? null;
  const std = standardRecord(p, config.publicUrl);
  const requested = requestedUnits(p);
  return {
    tid: Number(p.id),
    payment_mode: p.payment_mode,
    wallet: p.wallet,
    amount: (p.direction === 'in' ? 1 : -1) * amountNumber(p, requested),
    amount_received: amountNumber(p, p.received_units),
    exception: p.exception,
    deposits: (chain?.deposits ?? []).map((d) => ({
      txid: d.tx_hash,
      index: Number(d.output_index),
      amount: amountNumber(p, d.amount_units),
      confirmations: Number(d.confirmations),
      state: d.state,
      flag: d.flag,
    })),
    receiver_usertag: std.receiver_usertag,
    description: std.description,
    created_at: std.created_at,
    status: std.status,
    status_payee: p.status_payee,
    status_payer: p.status_payer,
    transaction_hash: p.transaction_hash ?? firstDepositTxHash,
    callback_url: std.callback_url,
    callback_status: std.callback_status,
    success_url: std.success_url,
    hosted_checkout_url: std.hosted_checkout_url,
    hosted_checkout_expiry: std.hosted_checkout_expiry,
    customer_name: std.customer_name,
    order_id: std.order_id,
    fiat_currency: std.fiat_currency,
    fiat_value: fiatNumber(p.fiat_value),
    fiat_rate: fiatRateOf(p, fiatRateNumber),
    extra: std.extra,
    chain_address: {
      asset: ASSET_NAME[p.wallet],
      chain_network: p.chain_network,
      address: p.chain_address,
    },
    uri: paymentUri(config, p),
    ttl: PAYMENT_TTL,
    lightning_invoice: {
      lightning_invoice_type: p.invoice_type,
      expires_at: p.payreq === null ? null : seconds(p.invoice_expires_at_ms),
      payreq: p.payreq,
    },
    total_fee: std.total_fee,
  };
}

const s = standardRecordSchema.properties;
const statusOf = (description: string) => ({ type: 'string', enum: [...PAYMENT_STATUSES], description });

/** JSON schema of the pro record (response serialisation and the OpenAPI document). */
export const proRecordSchema = {
  type: 'object',
  properties: {
    tid: { type: 'integer', description: 'transaction id (an integer below 2^53)' },
    payment_mode: { type: 'string', enum: [...RAILS] },
    wallet: { type: 'string', enum: [...WALLETS] },
    amount: {
      type: 'number',
      description: 'BTC (lbtc, btc; 8 decimals) or USDT (usdt; 6 decimals); negative for sent payments',
    },
    amount_received: {
      type: 'number',
      description:
        'received so far, in the same unit: the credited deposits, and for a btc request paid through its invoice what the invoice brought (an underpaid request stays pending)',
    },
    exception: {
      type: ['string', 'null'],
      enum: [...PAYMENT_EXCEPTIONS, null],
      description:
        'how an on-chain outcome differs from an exact, on-time payment: paid_late (paid by a deposit first seen after the expiry, inside CHAIN_MONITOR_AFTER_EXPIRY_MIN), paid_partial (declined at the expiry with part of the amount received and credited), paid_over (paid with more than the amount; the excess is amount_received - amount); null otherwise',
    },
    deposits: {
      type: 'array',
      description:
        'the deposits to the request’s address seen on chain (not those reorganised away), oldest first; empty for Lightning',
      items: {
        type: 'object',
        properties: {
          txid: { type: 'string', description: 'transaction hash' },
          index: {
            type: 'integer',
            description: 'output index (BTC) or position among the transaction’s token transfers (USDT)',
          },
          amount: { type: 'number', description: 'in the record’s unit' },
          confirmations: { type: 'integer' },
          state: {
            type: 'string',
            enum: ['seen', 'credited'],
            description: 'seen: not yet final; credited: final and credited to the balance',
          },
          flag: {
            type: ['string', 'null'],
            enum: ['late', 'reuse', null],
            description:
              'late: first seen after the expiry (or the request was declined); reuse: the request was already paid',
          },
        },
      },
    },
    receiver_usertag: s.receiver_usertag,
    description: s.description,
    created_at: s.created_at,
    status: statusOf('set by the service only'),
    status_payee: statusOf('set by the payee (updateStatus); moves no money'),
    status_payer: statusOf('set by the payer on the hosted checkout; moves no money'),
    transaction_hash: {
      type: ['string', 'null'],
      description:
        'the on-chain transaction hash the payer submitted on the hosted checkout (a claim, checked first by the watcher), else the first deposit to the address seen on chain; null before either',
    },
    callback_url: s.callback_url,
    callback_status: s.callback_status,
    success_url: s.success_url,
    hosted_checkout_url: s.hosted_checkout_url,
    hosted_checkout_expiry: s.hosted_checkout_expiry,
    customer_name: s.customer_name,
    order_id: s.order_id,
    fiat_currency: s.fiat_currency,
    fiat_value: { type: ['number', 'null'] },
    fiat_rate: fiatRateSchema({
      type: 'number',
      description: 'fiat per one BTC (or USDT), a JSON number whose text is the exact rate',
    }),
    extra: s.extra,
    chain_address: {
      type: 'object',
      properties: {
        asset: {
          type: 'string',
          enum: ['BTC', 'USDT'],
          description: 'the currency: BTC (wallet lbtc or btc) or USDT (wallet usdt)',
        },
        chain_network: { type: ['string', 'null'], enum: [...CHAIN_NETWORKS, null] },
        address: {
          type: ['string', 'null'],
          description: 'BIP84 bech32 address (btc) or EIP-55 address (usdt); null for Lightning',
        },
      },
    },
    uri: {
      type: ['string', 'null'],
      description:
        'lightning:<invoice> (lbtc); bitcoin:<address>?amount=..&label=..&lightning=<invoice> (btc, BIP21 unified QR); ethereum:<token contract>@<chain id>/transfer?address=<address>&uint256=<base units> (usdt, EIP-681)',
    },
    ttl: s.ttl,
    lightning_invoice: s.lightning_invoice,
    total_fee: s.total_fee,
  },
};
