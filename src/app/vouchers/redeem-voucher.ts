import type { Kysely } from 'kysely';
import { findPaymentById, type PaymentRow } from '../../db/repos/payments.ts';
import {
  findBatch,
  findVoucherByCode,
  findVoucherById,
  insertStaticRedemption,
  markClaimed,
  markRedeemed,
  pickRedeemable,
  type Redemption,
  type VoucherBatchRow,
  type VoucherRow,
} from '../../db/repos/vouchers.ts';
import type { DB } from '../../db/schema.ts';
import { type AppError, abort } from '../../domain/errors.ts';
import { formatMsatAsBtc } from '../../domain/money.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import {
  batchState,
  batchStateError,
  normalizeBatchId,
  normalizeVoucherCode,
  type RedeemMode,
  voucherStateError,
} from '../../domain/vouchers.ts';
import type { AppDeps } from '../deps.ts';
import { type ClaimContext, type Claimed, type PayTarget, payOut } from '../payments/engine/pay-out.ts';
import type { DecodedInvoice } from '../ports.ts';
import type { RedeemCommand, RedeemTarget, RedeemTo } from './commands.ts';
import { enqueueRedeemedWebhook, moveForRedemption, NO_FEES, redemptionDetails } from './movements.ts';
import { batchFacts, voucherStateOf } from './view-voucher.ts';

export interface RedeemOutcome {
  batch: VoucherBatchRow;
  /** The voucher used, as it is now. */
  voucher: VoucherRow;
  /** The issuer's payment of the redemption: `redeemed_tid`. */
  payment: PaymentRow;
  mode: RedeemMode;
  by: string;
  /** False while an invoice payment to another node is still under way. */
  redeemed: boolean;
}

type Plan = { mode: 'usertag'; usertag: string } | { mode: 'invoice'; invoice: DecodedInvoice };

/** The invoice of an invoice redemption decoded; the request's fields were checked by its codec. */
function plan(deps: AppDeps, to: RedeemTo): Result<Plan> {
  if (to.mode === 'usertag') return ok(to);
  const decoded = deps.decodeInvoice(to.payreq);
  if (!decoded.ok) {
    return err('invoice_invalid', `redeem_to is not a valid BOLT11 invoice: ${decoded.message}`, 'redeem_to');
  }
  return ok({ mode: 'invoice', invoice: decoded.invoice });
}

interface Loaded {
  batch: VoucherBatchRow;
  /** null for a static URL: the voucher is chosen inside the write unit. */
  voucher: VoucherRow | null;
  /** Set when this very redemption happened before (an answer that was lost): it is answered again. */
  earlier?: RedeemOutcome;
}

/** The plan's mode and what it names, as a redemption records them (`redeemed_mode`, `redeemed_by`). */
const byOf = (p: Plan): { mode: RedeemMode; by: string } =>
  p.mode === 'usertag' ? { mode: 'usertag', by: p.usertag } : { mode: 'invoice', by: p.invoice.payreq };

/**
 * A voucher already redeemed (or being paid) to exactly this target: the earlier redemption, so a
 * redeemer whose answer was lost can confirm it. Undefined for any other target.
 */
async function earlierRedemption(
  deps: AppDeps,
  batch: VoucherBatchRow,
  voucher: VoucherRow,
  p: Plan,
): Promise<RedeemOutcome | undefined> {
  const r = byOf(p);
  const paymentId = voucher.redeemed_tid ?? voucher.claim_payment_id;
  if (paymentId === null) return undefined;
  const payment = await findPaymentById(deps.db.read, paymentId);
  if (payment === undefined) return undefined;
  const same =
    voucher.redeemed_tid !== null
      ? voucher.redeemed_mode === r.mode && voucher.redeemed_by === r.by
      : r.mode === 'invoice' && payment.payreq === r.by;
  return same ? outcome(batch, voucher, payment, r, voucher.redeemed_tid !== null) : undefined;
}

async function load(deps: AppDeps, target: RedeemTarget, p: Plan, nowMs: number): Promise<Result<Loaded>> {
  const db = deps.db.read;
  if ('code' in target) {
    const code = normalizeVoucherCode(target.code);
    const voucher = code === null ? undefined : await findVoucherByCode(db, code);
    if (voucher === undefined) return err('not_found', 'no voucher with this code', 'voucher_code');
    const batch = await findBatch(db, voucher.batch_id);
    if (batch === undefined) throw new Error(`voucher ${voucher.id} without its batch`);
    const why = voucherStateError(voucherStateOf(voucher, batch, nowMs));
    if (why === null) return ok({ batch, voucher });
    const earlier = await earlierRedemption(deps, batch, voucher, p);
    return earlier !== undefined
      ? ok({ batch, voucher, earlier })
      : { ok: false, error: { ...why, field: 'voucher_code' } };
  }
  const id = normalizeBatchId(target.batchId);
  const batch = id === null ? undefined : await findBatch(db, id);
  if (batch === undefined) return err('not_found', 'no voucher batch at this address');
  const why = batchStateError(batchState(batchFacts(batch), nowMs, null));
  return why === null ? ok({ batch, voucher: null }) : { ok: false, error: why };
}

const abortWith = (e: AppError, field?: string): never => abort(e.code, e.message, field ?? e.field);

/**
 * Inside the payment's write unit: takes the voucher for this redemption, by a conditional update that
 * exactly one of any number of concurrent redemptions wins. Through a static URL, the first redeemable
 * voucher of the batch, and an account of this service (by usertag, or as the owner of an invoice of
 * this service) only once per batch (its primary key decides). Aborts with the reason when the voucher
 * (or batch) cannot be redeemed any more. Then hands the voucher's escrow to the issuer, who pays the
 * redemption from it.
 */
async function takeVoucher(
  deps: AppDeps,
  trx: Kysely<DB>,
  loaded: Loaded,
  isStatic: boolean,
  c: ClaimContext,
  byWhom: { mode: RedeemMode; by: string },
  nowMs: number,
): Promise<{ voucher: VoucherRow; redemption: Redemption | null }> {
  // Read in the unit, after the accounts were locked: a revoke or expiry that committed meanwhile counts.
  const batchNow = async (): Promise<VoucherBatchRow> => {
    const b = await findBatch(trx, loaded.batch.id);
    if (b === undefined) throw new Error(`voucher batch ${loaded.batch.id} vanished`);
    return b;
  };
  const batch = await batchNow();
  const state = batchState(batchFacts(batch), nowMs, null);
  if (state === 'revoked' || state === 'expired') abortWith(voucherStateError(state)!);

  const voucher =
    loaded.voucher ?? (await pickRedeemable(trx, batch.id)) ?? abortWith(batchStateError('all_redeemed')!);
  if (isStatic && c.receiver !== null) {
    const first = await insertStaticRedemption(trx, {
      batchId: batch.id,
      usertag: c.receiver.usertag,
      voucherId: voucher.id,
      nowMs,
    });
    if (!first) {
      abort(
        'voucher_already_redeemed',
        `${c.receiver.usertag} has already redeemed a voucher of this batch; each usertag redeems once`,
        'redeem_to',
      );
    }
  }
  // Settled inside the ledger, the voucher is redeemed at once; to another node's invoice it is in
  // progress until the payment has an outcome (settle-claim.ts).
  const redemption: Redemption | null =
    c.receiver === null ? null : { ...byWhom, paymentId: c.paymentId, nowMs };
  const taken =
    redemption !== null
      ? await markRedeemed(trx, voucher.id, redemption)
      : await markClaimed(trx, voucher.id, c.paymentId);
  if (!taken) {
    const now = await findVoucherById(trx, voucher.id);
    // The batch again: under READ COMMITTED a revoke that took this voucher committed after the first read.
    const why = now === undefined ? null : voucherStateError(voucherStateOf(now, await batchNow(), nowMs));
    if (why === null || loaded.voucher === null) {
      abort('state_conflict', 'another redemption took this voucher at the same moment; try again');
    }
    abortWith(why!, 'voucher_code');
  }
  await moveForRedemption(trx, 'release', batch, voucher.code, c.paymentId, nowMs);
  if (redemption !== null) {
    await enqueueRedeemedWebhook(trx, deps.config.publicUrl, batch, voucher, redemption, nowMs);
  }
  return { voucher, redemption };
}

/**
 * Redeems a voucher (by code, or any voucher of a batch by its static URL) to a usertag or a Lightning
 * invoice. Exactly one redemption per voucher, whatever runs concurrently. The escrow hands the voucher's
 * funds to the issuer and the issuer pays the redemption through the payment engine in the same write
 * unit (purpose `voucher_claim`): a payment in both histories, whose integer id is `redeemed_tid`. An
 * invoice of another node is reserved, paid outside the unit and settled with the payment
 * (settle-claim.ts); if it fails, the voucher is redeemable again. Redeeming a redeemed voucher again to
 * the same target answers the earlier redemption.
 */
export async function redeemVoucher(deps: AppDeps, input: RedeemCommand): Promise<Result<RedeemOutcome>> {
  const p = plan(deps, input.to);
  if (!p.ok) return p;
  const loadedR = await load(deps, input.target, p.value, deps.clock.nowMs());
  if (!loadedR.ok) return loadedR;
  const loaded = loadedR.value;
  if (loaded.earlier !== undefined) return ok(loaded.earlier);
  const { batch } = loaded;
  const amountMsat = batch.amount_msat;
  let target: PayTarget;
  if (p.value.mode === 'usertag') {
    target = { kind: 'usertag', usertag: p.value.usertag };
  } else {
    const inv: DecodedInvoice = p.value.invoice;
    if (inv.amountMsat !== null && inv.amountMsat !== amountMsat) {
      const more = inv.amountMsat > amountMsat;
      return err(
        'amount_mismatch',
        `the invoice asks for ${formatMsatAsBtc(inv.amountMsat)} BTC, ${more ? 'more than' : 'not'} the voucher's ` +
          `${formatMsatAsBtc(amountMsat)} BTC; use an invoice for that amount or one without an amount`,
        'redeem_to',
      );
    }
    target = { kind: 'invoice', invoice: inv, invoiceType: 'invoice' };
  }
  const byWhom = byOf(p.value);
  const isStatic = !('code' in input.target);
  const nowMs = deps.clock.nowMs();
  let taken: { voucher: VoucherRow; redemption: Redemption | null } | undefined;
  const paid = await payOut(deps, {
    purpose: 'voucher_claim',
    payerId: batch.account_id,
    amountMsat,
    target,
    details: redemptionDetails(batch, null),
    sendFees: NO_FEES,
    // The routing fee may use what the batch escrowed for it, no more.
    feeReserveMsat: batch.fee_reserve_msat,
    field: 'redeem_to',
    refusals: {
      selfUsertag: 'this voucher was issued by that account; revoke it to get its funds back',
      selfInvoice: 'this invoice belongs to the voucher’s issuer; revoke the voucher instead',
      amount: 'the invoice is not for the voucher’s amount',
    },
    claimMoves: [{ system: 'voucher_escrow' }],
    claim: async (trx, c): Promise<Claimed> => {
      taken = await takeVoucher(deps, trx, loaded, isStatic, c, byWhom, nowMs);
      return { voucherId: taken.voucher.id, extra: redemptionDetails(batch, taken.voucher.code).extra };
    },
    payment: input.payment ?? 'await',
  });
  if (!paid.ok) return paid;
  const { voucher, redemption } = taken!;
  const after = paid.value.row;
  if (redemption !== null) {
    return ok(outcome(batch, { ...voucher, ...redeemedFields(redemption) }, after, byWhom, true));
  }
  if (input.payment === 'background') return ok(outcome(batch, voucher, after, byWhom, false));
  if (after.status === 'declined') {
    // The voucher is redeemable again, unless its batch was revoked or expired meanwhile: then the
    // voided payment gave its amount back to the issuer.
    const batchNow = (await findBatch(deps.db.read, batch.id)) ?? batch;
    const ended = batchStateError(batchState(batchFacts(batchNow), deps.clock.nowMs(), null));
    const then =
      ended === null
        ? 'can be redeemed again'
        : `cannot be redeemed any more (${ended.message}); its amount went back to the issuer`;
    return err(
      'payment_failed',
      `the payment of the invoice failed (${after.failure_reason ?? 'no route'}); the voucher was not used and ${then}`,
    );
  }
  const now = (await findVoucherById(deps.db.read, voucher.id)) ?? voucher;
  return ok(outcome(batch, now, after, byWhom, after.status === 'paid'));
}

const redeemedFields = (r: Redemption) => ({
  redeemed_mode: r.mode,
  redeemed_by: r.by,
  redeemed_tid: r.paymentId,
  redeemed_at_ms: BigInt(r.nowMs),
});

const outcome = (
  batch: VoucherBatchRow,
  voucher: VoucherRow,
  payment: PaymentRow,
  r: { mode: RedeemMode; by: string },
  redeemed: boolean,
): RedeemOutcome => ({ batch, voucher, payment, mode: r.mode, by: r.by, redeemed });
