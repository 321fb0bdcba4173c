import type { Kysely } from 'kysely';
import { prepare } from '../prepared.ts';
import type { DB, PaymentStatus } from '../schema.ts';

/**
 * Reads of the hosted checkout page: a payment request with its payee's public names, and the status of
 * many requests at once (the page's live updates). Explicit column lists: nothing private is read.
 */

type Exec = Kysely<DB>;

/** What a checkout's live status is made of. */
export interface CheckoutStatusRow {
  public_id: string;
  status: PaymentStatus;
  amount_msat: bigint;
  paid_at_ms: bigint | null;
  hosted_checkout_expiry_ms: bigint | null;
  success_url: string | null;
  wallet: 'lbtc' | 'btc' | 'usdt';
  /** The requested amount in the wallet's unit (10^-6 USDT for usdt). */
  amount_units: bigint;
}

/** The page: the status, what is to be paid and to whom. */
export interface CheckoutRow extends CheckoutStatusRow {
  direction: 'in' | 'out';
  payreq: string | null;
  receiver_usertag: string | null;
  description: string | null;
  order_id: string | null;
  fiat_currency: string | null;
  fiat_value: string | null;
  created_at_ms: bigint;
  payee_usertag: string;
  payee_full_name: string;
  /** JSON object; only its company_name is read. */
  payee_company_kyc: string;
  payment_mode: 'lightning' | 'onchain';
  chain_network: 'BTC' | 'ERC20' | 'BEP20' | 'MATIC' | null;
  chain_address: string | null;
  transaction_hash: string | null;
  status_payer: PaymentStatus;
}

const STATUS_COLUMNS = [
  'payments.public_id',
  'payments.status',
  'payments.amount_msat',
  'payments.paid_at_ms',
  'payments.hosted_checkout_expiry_ms',
  'payments.success_url',
  'payments.wallet',
  'payments.amount_units',
] as const;

const byPublicId = prepare<{ publicId: string }, CheckoutRow>((db, p) =>
  db
    .selectFrom('payments')
    .innerJoin('accounts', 'accounts.id', 'payments.account_id')
    .select([
      ...STATUS_COLUMNS,
      'payments.direction',
      'payments.payreq',
      'payments.receiver_usertag',
      'payments.description',
      'payments.order_id',
      'payments.fiat_currency',
      'payments.fiat_value',
      'payments.created_at_ms',
      'payments.payment_mode',
      'payments.chain_network',
      'payments.chain_address',
      'payments.transaction_hash',
      'payments.status_payer',
      'accounts.usertag as payee_usertag',
      'accounts.full_name as payee_full_name',
      'accounts.company_kyc as payee_company_kyc',
    ])
    .where('payments.public_id', '=', p('publicId')),
);

export const findCheckout = (exec: Exec, publicId: string): Promise<CheckoutRow | undefined> =>
  byPublicId.first(exec, { publicId });

/** Most ids one status query carries. */
export const STATUS_BATCH_MAX = 500;

/** The status of each of these payments (by public id) that exists; at most STATUS_BATCH_MAX ids. */
export function listCheckoutStatuses(exec: Exec, publicIds: string[]): Promise<CheckoutStatusRow[]> {
  if (publicIds.length === 0) return Promise.resolve([]);
  if (publicIds.length > STATUS_BATCH_MAX) throw new RangeError('too many ids for one status query');
  return exec.selectFrom('payments').select(STATUS_COLUMNS).where('public_id', 'in', publicIds).execute();
}
