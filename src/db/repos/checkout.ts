import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type {
  ChainNetwork,
  PaymentDirection,
  PaymentException,
  PaymentStatus,
  Rail,
  Wallet,
} from '../../domain/payments/vocabulary.ts';
import { prepare } from '../prepared.ts';
import type { DB } from '../schema.ts';
import { onTimeDepositColumns } from './chain-on-time.ts';

/**
 * Reads of the hosted checkout page: a payment request with its payee's public names, and the status of
 * many requests at once (the page's live updates). Explicit column lists: nothing private is read.
 */

type Exec = Kysely<DB>;

/** What a checkout's live status is made of. */
export interface CheckoutStatusRow {
  /** Internal: joins the request's chain deposits; never shown. */
  id: bigint;
  public_id: string;
  status: PaymentStatus;
  amount_msat: bigint;
  paid_at_ms: bigint | null;
  hosted_checkout_expiry_ms: bigint | null;
  success_url: string | null;
  wallet: Wallet;
  /** The requested amount in the wallet's unit (10^-6 USDT for usdt). */
  amount_units: bigint;
  payment_mode: Rail;
  chain_network: ChainNetwork | null;
  /** What on-chain deposits credited so far, in the wallet's unit (msat for btc). */
  received_units: bigint;
  /** paid_late, paid_partial, paid_over (migration 028); null otherwise. */
  exception: PaymentException | null;
  /** What the payment URI is made of (the remainder's URI of an underpaid request). */
  direction: PaymentDirection;
  payreq: string | null;
  receiver_usertag: string | null;
  description: string | null;
  chain_address: string | null;
  /** Deposits seen on chain and not yet credited: their sum (null when there are none) … */
  unconfirmed_units: bigint | null;
  /** … and the fewest confirmations among them. */
  unconfirmed_confirmations: bigint | null;
  /** Whether deposits seen before the expiry still make it (repos/chain-on-time.ts). */
  on_time_units: bigint | null;
  on_time_seen_units: bigint | null;
  watch_until_ms: bigint | null;
}

/** The page: the status, what is to be paid and to whom. */
export interface CheckoutRow extends CheckoutStatusRow {
  order_id: string | null;
  fiat_currency: string | null;
  fiat_value: string | null;
  /** A fiat-priced request's locked rate (fiat per one BTC or USDT × 10^8), else null. */
  fiat_rate_e8: bigint | null;
  created_at_ms: bigint;
  payee_usertag: string;
  payee_full_name: string;
  /** JSON object; only its company_name is read. */
  payee_company_kyc: string;
  transaction_hash: string | null;
  status_payer: PaymentStatus;
}

/**
 * The request's deposits that are seen and not yet credited, read by the same statement as the payment
 * row: one snapshot, so a deposit that is credited meanwhile is counted once, in `received_units` or
 * here, never in neither (a page that read them apart briefly showed it as neither seen nor received).
 */
const unconfirmedColumns = (eb: ExpressionBuilder<DB, 'payments'>) => {
  const seen = () =>
    eb
      .selectFrom('chain_deposits')
      .whereRef('chain_deposits.payment_id', '=', 'payments.id')
      .where('chain_deposits.state', '=', 'seen');
  return [
    seen()
      .select(sql<bigint>`cast(sum(chain_deposits.amount_units) as bigint)`.as('u'))
      .as('unconfirmed_units'),
    seen()
      .select(sql<bigint>`cast(min(chain_deposits.confirmations) as bigint)`.as('c'))
      .as('unconfirmed_confirmations'),
  ];
};

const STATUS_COLUMNS = [
  'payments.id',
  'payments.public_id',
  'payments.status',
  'payments.amount_msat',
  'payments.paid_at_ms',
  'payments.hosted_checkout_expiry_ms',
  'payments.success_url',
  'payments.wallet',
  'payments.amount_units',
  'payments.payment_mode',
  'payments.chain_network',
  'payments.received_units',
  'payments.exception',
  'payments.direction',
  'payments.payreq',
  'payments.receiver_usertag',
  'payments.description',
  'payments.chain_address',
] as const;

const byPublicId = prepare<{ publicId: string }, CheckoutRow>((db, p) =>
  db
    .selectFrom('payments')
    .innerJoin('accounts', 'accounts.id', 'payments.account_id')
    .select(unconfirmedColumns)
    .select(onTimeDepositColumns)
    .select([
      ...STATUS_COLUMNS,
      'payments.order_id',
      'payments.fiat_currency',
      'payments.fiat_value',
      'payments.fiat_rate_e8',
      'payments.created_at_ms',
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
  return exec
    .selectFrom('payments')
    .select(STATUS_COLUMNS)
    .select(unconfirmedColumns)
    .select(onTimeDepositColumns)
    .where('public_id', 'in', publicIds)
    .execute();
}
