import type { Kysely } from 'kysely';
import { type AccountRef, createTransfer } from '../../db/repos/ledger.ts';
import {
  closeIfSettled,
  refundRedeemable,
  type VoucherBatchRow,
  type VoucherRow,
} from '../../db/repos/vouchers.ts';
import type { DB } from '../../db/schema.ts';
import type { ServiceFees } from '../../domain/payments/fees.ts';
import { enqueueWebhook } from '../outbox/enqueue.ts';
import type { SendDetails } from '../payments/engine/rows.ts';
import { enqueueRefundedWebhook } from '../refunds/refunded-webhook.ts';
import { voucherUrl } from './urls.ts';

/**
 * The ledger side of vouchers. Every function runs inside the caller's write unit; transfer ids derive
 * from the batch or the voucher, so a replayed step is a no-op, never a second movement.
 *
 *   creation     issuer → voucher_escrow   count × (amount + fee reserve)   `vchb:<batch>:escrow`
 *   redemption   voucher_escrow → issuer   amount + fee reserve             `vch:<code>:release:<payment>`
 *                and in the same unit the issuer's payment of the amount (a usertag, an invoice of this
 *                service, or a reserve for another node's invoice), so the issuer's balance never shows
 *                the voucher's funds and what the redemption leaves of the fee reserve stays with the issuer
 *   failed pay   issuer → voucher_escrow   amount + fee reserve             `vch:<code>:return:<payment>`
 *   revoke/expiry voucher_escrow → issuer  amount + fee reserve             `vch:<code>:refund`
 *
 * Voucher transfers carry `ref = voucher:<code>` (the funding one `voucher_batch:<id>`); the audit sums them.
 */

type Trx = Kysely<DB>;

const voucherRef = (code: string): string => `voucher:${code}`;
const batchRef = (batchId: string): string => `voucher_batch:${batchId}`;

/** What each voucher holds in escrow. */
const escrowPerVoucher = (b: Pick<VoucherBatchRow, 'amount_msat' | 'fee_reserve_msat'>): bigint =>
  b.amount_msat + b.fee_reserve_msat;

/** Vouchers carry no service fee of their own: the issuer prepaid everything the escrow holds. */
export const NO_FEES: ServiceFees = { serviceFeeMsat: 0n, gstFeeMsat: 0n, servicePpm: 0n };

/** Escrows a new batch; aborts with insufficient_balance (rolling the unit back) when the issuer cannot. */
export async function fundBatch(trx: Trx, b: VoucherBatchRow, nowMs: number): Promise<void> {
  await createTransfer(
    trx,
    {
      id: `vchb:${b.id}:escrow`,
      debit: { owner: b.account_id },
      credit: { system: 'voucher_escrow' },
      asset: 'lbtc',
      amount: b.voucher_count * escrowPerVoucher(b),
      code: 'voucher_escrow',
      ref: batchRef(b.id),
    },
    nowMs,
  );
}

const ESCROW: AccountRef = { system: 'voucher_escrow' };

/** The ledger accounts a batch's own movements touch (funding, refunds), to lock them up front. */
export const issuerAndEscrow = (b: Pick<VoucherBatchRow, 'account_id'>): AccountRef[] => [
  { owner: b.account_id },
  ESCROW,
];

/** Moves one voucher's funds (amount + fee reserve) out of the escrow to its issuer, or back. */
async function moveVoucherFunds(
  trx: Trx,
  b: VoucherBatchRow,
  voucherCode: string,
  t: { id: string; code: string; toIssuer: boolean },
  nowMs: number,
): Promise<void> {
  const issuer: AccountRef = { owner: b.account_id };
  await createTransfer(
    trx,
    {
      id: t.id,
      debit: t.toIssuer ? ESCROW : issuer,
      credit: t.toIssuer ? issuer : ESCROW,
      asset: 'lbtc',
      amount: escrowPerVoucher(b),
      code: t.code,
      ref: voucherRef(voucherCode),
    },
    nowMs,
  );
}

/**
 * A redemption's escrow step, for its payment `paymentId`: `release` hands the voucher's escrow to its
 * issuer, who pays the redemption from it; `return` puts the funds of a failed invoice redemption back
 * into escrow (in the unit that voided the payment's reserve, so the issuer holds exactly these funds
 * again and the debit cannot fail).
 */
export const moveForRedemption = (
  trx: Trx,
  step: 'release' | 'return',
  b: VoucherBatchRow,
  code: string,
  paymentId: bigint,
  nowMs: number,
): Promise<void> =>
  moveVoucherFunds(
    trx,
    b,
    code,
    { id: `vch:${code}:${step}:${paymentId}`, code: `voucher_${step}`, toIssuer: step === 'release' },
    nowMs,
  );

/**
 * Returns the escrow of every still redeemable voucher of the batch to its issuer (revoke, expiry) and
 * closes the batch when nothing of it can move any more. A voucher whose payment is under way is left
 * to that payment's outcome. Answers how many vouchers were refunded.
 */
export async function refundBatch(trx: Trx, b: VoucherBatchRow, nowMs: number): Promise<number> {
  const refunded = await refundRedeemable(trx, b.id, nowMs);
  for (const v of refunded) {
    await moveVoucherFunds(
      trx,
      b,
      v.code,
      { id: `vch:${v.code}:refund`, code: 'voucher_refund', toIssuer: true },
      nowMs,
    );
  }
  await closeIfSettled(trx, b.id, nowMs);
  return refunded.length;
}

/**
 * The voucher webhook of the spec's Events table, when the batch named a callback_url; for a refund's
 * voucher, the refunded payment's `payment.refunded`. Every redemption path ends here.
 */
export async function enqueueRedeemedWebhook(
  trx: Trx,
  publicUrl: string,
  b: VoucherBatchRow,
  v: Pick<VoucherRow, 'id' | 'code'>,
  redemption: { by: string; paymentId: bigint },
  nowMs: number,
): Promise<void> {
  await enqueueRefundedWebhook(trx, b, nowMs);
  if (b.callback_url === null) return;
  await enqueueWebhook(
    trx,
    {
      accountId: b.account_id,
      url: b.callback_url,
      type: 'voucher.redeemed',
      body: {
        tid: b.id,
        voucher_url: voucherUrl(publicUrl, v.code),
        redeemed_by: redemption.by,
        redeemed_tid: Number(redemption.paymentId),
      },
      eventId: `voucher.redeemed.${v.id}`,
      target: { kind: 'voucher', id: String(v.id) },
    },
    nowMs,
  );
}

/**
 * What a redemption's payment rows carry. The issuer's row names the batch and voucher (to match it
 * with checkVoucher); the redeemer's names neither, since the batch id is also the static URL.
 */
export function redemptionDetails(b: VoucherBatchRow, code: string | null): SendDetails {
  return {
    description: b.title === null ? 'Voucher' : `Voucher: ${b.title}`.slice(0, 639),
    customerName: null,
    orderId: null,
    fiatCurrency: null,
    fiatValue: null,
    extra: code === null ? '{}' : JSON.stringify({ voucher_tid: b.id, voucher_code: code }),
    idempotencyKey: null,
    requestHash: '',
  };
}
