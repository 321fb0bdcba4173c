import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/errors.ts';
import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import {
  findIncomingByHash,
  findLiveOutgoingByHash,
  insertPayment,
  type PaymentRow,
} from '../../db/repos/payments.ts';
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
import { isExpired } from '../../domain/payments.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import {
  batchState,
  batchStateError,
  normalizeBatchId,
  normalizeVoucherCode,
  type RedeemMode,
  VOUCHER_TEXT_LIMITS,
  voucherStateError,
} from '../../domain/vouchers.ts';
import type { AppDeps } from '../deps.ts';
import { thenCloseAtNode } from '../payments/close-settled-invoice.ts';
import { feesFor, moveInternal, reserveOutgoing } from '../payments/movements.ts';
import { newOutgoingRow } from '../payments/outgoing-row.ts';
import { assertOwnInvoicePayable, settleOwnInvoice } from '../payments/own-invoice.ts';
import { ALREADY_PAYING } from '../payments/pay-invoice.ts';
import { resolveOutgoing } from '../payments/resolve-outgoing.ts';
import type { DecodedInvoice, PayResult } from '../ports.ts';
import { runWrite } from '../write.ts';
import { enqueueRedeemedWebhook, NO_FEES, redemptionDetails, releaseToIssuer } from './movements.ts';
import { batchFacts, voucherStateOf } from './view-voucher.ts';

/** A one-time voucher by its code, or any voucher of a batch through its static URL. */
export type RedeemTarget = { code: string } | { batchId: string };

export interface RedeemInput {
  target: RedeemTarget;
  /** `usertag` or `invoice`, as sent. */
  mode: unknown;
  /** A usertag or a BOLT11 invoice, as sent. */
  to: unknown;
  /**
   * For an invoice of another node: `await` (the default) answers once the payment has an outcome or
   * the backend's timeout passed; `background` answers as soon as the voucher and the payment are
   * reserved and pays afterwards (an LNURL-withdraw callback, LUD-03).
   */
  payment?: 'await' | 'background';
}

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

function plan(deps: AppDeps, mode: unknown, to: unknown): Result<Plan> {
  if (mode === undefined || mode === null || mode === '') {
    return err('invalid_request', 'redeem_mode is required: usertag or invoice', 'redeem_mode');
  }
  const m = typeof mode === 'string' ? mode.trim().toLowerCase() : mode;
  if (m !== 'usertag' && m !== 'invoice') {
    return err('invalid_request', 'redeem_mode must be usertag or invoice', 'redeem_mode');
  }
  if (to === undefined || to === null || (typeof to === 'string' && to.trim() === '')) {
    return err(
      'invalid_request',
      `redeem_to is required: ${m === 'usertag' ? 'the usertag to credit' : 'a Lightning invoice'}`,
      'redeem_to',
    );
  }
  if (typeof to !== 'string') return err('invalid_request', 'redeem_to must be a string', 'redeem_to');
  if (to.length > VOUCHER_TEXT_LIMITS.redeem_to)
    return err('invalid_request', 'redeem_to is too long', 'redeem_to');
  if (m === 'usertag') {
    const tag = normalizeUsertag(to, 'redeem_to');
    return tag.ok ? ok({ mode: 'usertag', usertag: tag.value }) : tag;
  }
  const payreq = to.trim().replace(/^lightning:/i, '');
  const decoded = deps.decodeInvoice(payreq);
  if (!decoded.ok) {
    return err('invoice_invalid', `redeem_to is not a valid BOLT11 invoice: ${decoded.message}`, 'redeem_to');
  }
  const inv = decoded.invoice;
  if (inv.network !== deps.config.lightning.network) {
    return err(
      'invoice_invalid',
      `the invoice is for ${inv.network}; this service pays ${deps.config.lightning.network} invoices`,
      'redeem_to',
    );
  }
  if (isExpired(inv.expiresAtSec * 1000, deps.clock.nowMs())) {
    return err('invoice_expired', 'the invoice has expired', 'redeem_to');
  }
  return ok({ mode: 'invoice', invoice: inv });
}

interface Loaded {
  batch: VoucherBatchRow;
  /** null for a static URL: the voucher is chosen inside the write unit. */
  voucher: VoucherRow | null;
}

async function load(deps: AppDeps, target: RedeemTarget, nowMs: number): Promise<Result<Loaded>> {
  const db = deps.db.read;
  if ('code' in target) {
    const code = normalizeVoucherCode(target.code);
    const voucher = code === null ? undefined : await findVoucherByCode(db, code);
    if (voucher === undefined) return err('not_found', 'no voucher with this code', 'voucher_code');
    const batch = await findBatch(db, voucher.batch_id);
    if (batch === undefined) throw new Error(`voucher ${voucher.id} without its batch`);
    const why = voucherStateError(voucherStateOf(voucher, batch, nowMs));
    return why === null ? ok({ batch, voucher }) : { ok: false, error: { ...why, field: 'voucher_code' } };
  }
  const id = normalizeBatchId(target.batchId);
  const batch = id === null ? undefined : await findBatch(db, id);
  if (batch === undefined) return err('not_found', 'no voucher batch at this address');
  const why = batchStateError(batchState(batchFacts(batch), nowMs, null));
  return why === null ? ok({ batch, voucher: null }) : { ok: false, error: why };
}

type Take = { redeem: Redemption } | { claimFor: bigint };

const abortWith = (e: AppError, field?: string): never => abort(e.code, e.message, field ?? e.field);

/**
 * Inside a write unit: takes the voucher for this redemption, by a conditional update that exactly one
 * of any number of concurrent redemptions wins. Through a static URL, the first redeemable voucher of
 * the batch, and a usertag only once per batch (its primary key decides). Aborts with the reason when
 * the voucher (or batch) cannot be redeemed any more.
 */
async function takeVoucher(
  deps: AppDeps,
  trx: Kysely<DB>,
  loaded: Loaded,
  take: Take,
  staticUsertag: string | null,
  nowMs: number,
): Promise<VoucherRow> {
  const batch = await findBatch(trx, loaded.batch.id);
  if (batch === undefined) throw new Error(`voucher batch ${loaded.batch.id} vanished`);
  const state = batchState(batchFacts(batch), nowMs, null);
  if (state === 'revoked' || state === 'expired') abortWith(voucherStateError(state)!);

  const voucher =
    loaded.voucher ??
    (await pickRedeemable(trx, deps.db.dialect, batch.id)) ??
    abortWith(batchStateError('all_redeemed')!);
  if (staticUsertag !== null) {
    const first = await insertStaticRedemption(trx, {
      batchId: batch.id,
      usertag: staticUsertag,
      voucherId: voucher.id,
      nowMs,
    });
    if (!first) {
      abort(
        'voucher_already_redeemed',
        `${staticUsertag} has already redeemed a voucher of this batch; each usertag redeems once`,
        'redeem_to',
      );
    }
  }
  const taken =
    'redeem' in take
      ? await markRedeemed(trx, voucher.id, take.redeem)
      : await markClaimed(trx, voucher.id, take.claimFor);
  if (!taken) {
    const now = await findVoucherById(trx, voucher.id);
    const why = now === undefined ? null : voucherStateError(voucherStateOf(now, batch, nowMs));
    if (why === null || loaded.voucher === null) {
      abort('conflict', 'another redemption took this voucher at the same moment; try again');
    }
    abortWith(why!, 'voucher_code');
  }
  return voucher;
}

/**
 * Inside a write unit, what every redemption starts with: takes the voucher, hands its escrow to the
 * issuer and records the issuer's payment of the redemption (`fields.id` is `redeemed_tid`).
 */
async function takeAndRecordPayment(
  deps: AppDeps,
  trx: Kysely<DB>,
  loaded: Loaded,
  take: Take,
  staticUsertag: string | null,
  fields: Pick<PaymentRow, 'id' | 'route' | 'amount_msat'> & Partial<PaymentRow>,
  nowMs: number,
): Promise<{ voucher: VoucherRow; out: PaymentRow }> {
  const { batch } = loaded;
  const voucher = await takeVoucher(deps, trx, loaded, take, staticUsertag, nowMs);
  await releaseToIssuer(trx, batch, voucher.code, fields.id, nowMs);
  const out = newOutgoingRow(deps, batch.account_id, redemptionDetails(batch, voucher.code), fields, nowMs);
  await insertPayment(trx, out);
  return { voucher, out };
}

/** The end of a redemption settled inside the ledger (after the receiver was credited): webhook and answer. */
async function redeemedInLedger(
  deps: AppDeps,
  trx: Kysely<DB>,
  batch: VoucherBatchRow,
  voucher: VoucherRow,
  out: PaymentRow,
  redemption: Redemption,
): Promise<RedeemOutcome> {
  await enqueueRedeemedWebhook(trx, deps.config.publicUrl, batch, voucher, redemption, redemption.nowMs);
  return outcome(batch, { ...voucher, ...redeemedFields(redemption) }, out, redemption, true);
}

/**
 * Redeems a voucher (by code, or any voucher of a batch by its static URL) to a usertag or a Lightning
 * invoice. Exactly one redemption per voucher, whatever runs concurrently. The escrow hands the voucher's
 * funds to the issuer and the issuer pays the redemption in the same write unit: a payment in both
 * histories, whose integer id is `redeemed_tid`. An invoice of another node is reserved, paid outside
 * the unit and settled with the payment (settle-claim.ts); if it fails, the voucher is redeemable again.
 */
export async function redeemVoucher(deps: AppDeps, input: RedeemInput): Promise<Result<RedeemOutcome>> {
  const p = plan(deps, input.mode, input.to);
  if (!p.ok) return p;
  const loaded = await load(deps, input.target, deps.clock.nowMs());
  if (!loaded.ok) return loaded;
  const isStatic = !('code' in input.target);
  if (p.value.mode === 'usertag') return toUsertag(deps, loaded.value, p.value.usertag, isStatic);

  const inv = p.value.invoice;
  const amountMsat = loaded.value.batch.amount_msat;
  if (inv.amountMsat !== null && inv.amountMsat !== amountMsat) {
    const more = inv.amountMsat > amountMsat;
    return err(
      'amount_mismatch',
      `the invoice asks for ${formatMsatAsBtc(inv.amountMsat)} BTC, ${more ? 'more than' : 'not'} the voucher's ` +
        `${formatMsatAsBtc(amountMsat)} BTC; use an invoice for that amount or one without an amount`,
      'redeem_to',
    );
  }
  const own = await findIncomingByHash(deps.db.read, inv.paymentHash);
  return own !== undefined
    ? toOwnInvoice(deps, loaded.value, inv)
    : toExternalInvoice(deps, loaded.value, inv, input.payment ?? 'await');
}

/** To an account of this service: one write unit, like a usertag payment from the issuer. */
function toUsertag(
  deps: AppDeps,
  loaded: Loaded,
  usertag: string,
  isStatic: boolean,
): Promise<Result<RedeemOutcome>> {
  const { batch } = loaded;
  const nowMs = deps.clock.nowMs();
  const outId = BigInt(deps.ids.randomInt53());
  const inId = BigInt(deps.ids.randomInt53());
  const receive = feesFor(deps, batch.amount_msat, 'in');
  return runWrite(deps.db, async (trx) => {
    const receiver = await findAccountByUsertag(trx, usertag);
    if (receiver === undefined)
      abort('usertag_not_found', `no account with usertag "${usertag}"`, 'redeem_to');
    if (receiver!.id === batch.account_id) {
      abort(
        'self_payment',
        'this voucher was issued by that account; revoke it to get its funds back',
        'redeem_to',
      );
    }
    const redemption: Redemption = { mode: 'usertag', by: usertag, paymentId: outId, nowMs };
    const { voucher, out } = await takeAndRecordPayment(
      deps,
      trx,
      loaded,
      { redeem: redemption },
      isStatic ? usertag : null,
      {
        id: outId,
        route: 'internal',
        amount_msat: batch.amount_msat,
        status: 'paid',
        paid_at_ms: BigInt(nowMs),
        counterpart_id: inId,
        receiver_usertag: usertag,
      },
      nowMs,
    );
    await insertPayment(trx, {
      ...out,
      id: inId,
      public_id: deps.ids.publicId(16),
      account_id: receiver!.id,
      requester_account_id: receiver!.id,
      direction: 'in',
      counterpart_id: out.id,
      extra: redemptionDetails(batch, null).extra,
      service_fee_msat: receive.serviceFeeMsat,
      service_fee_ppm: receive.servicePpm,
      gst_fee_msat: receive.gstFeeMsat,
    });
    await moveInternal(
      trx,
      {
        outId,
        senderId: batch.account_id,
        receiverId: receiver!.id,
        amountMsat: batch.amount_msat,
        send: NO_FEES,
        receive,
      },
      nowMs,
    );
    return redeemedInLedger(deps, trx, batch, voucher, out, redemption);
  });
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

const invoiceFields = (inv: DecodedInvoice, amountMsat: bigint) => ({
  amount_msat: amountMsat,
  payment_hash: inv.paymentHash,
  payreq: inv.payreq,
  invoice_type: 'invoice' as const,
  invoice_expires_at_ms: BigInt(inv.expiresAtSec * 1000),
});

/** An invoice issued by this service: settled inside the ledger in one write unit, as payInvoice does. */
function toOwnInvoice(deps: AppDeps, loaded: Loaded, inv: DecodedInvoice): Promise<Result<RedeemOutcome>> {
  const { batch } = loaded;
  const amountMsat = batch.amount_msat;
  const nowMs = deps.clock.nowMs();
  const outId = BigInt(deps.ids.randomInt53());
  const receive = feesFor(deps, amountMsat, 'in');
  const settled = runWrite(deps.db, async (trx) => {
    const target = await findIncomingByHash(trx, inv.paymentHash);
    if (target === undefined) throw new Error('own invoice vanished');
    assertOwnInvoicePayable(target, {
      payerAccountId: batch.account_id,
      amountMsat,
      nowMs,
      field: 'redeem_to',
      selfMessage: 'this invoice belongs to the voucher’s issuer; revoke the voucher instead',
      amountMessage: 'the invoice is not for the voucher’s amount',
    });
    const redemption: Redemption = { mode: 'invoice', by: inv.payreq, paymentId: outId, nowMs };
    const { voucher, out } = await takeAndRecordPayment(
      deps,
      trx,
      loaded,
      { redeem: redemption },
      null,
      {
        ...invoiceFields(inv, amountMsat),
        id: outId,
        route: 'internal',
        status: 'paid',
        paid_at_ms: BigInt(nowMs),
        counterpart_id: target.id,
      },
      nowMs,
    );
    await settleOwnInvoice(trx, {
      target,
      outId,
      payerAccountId: batch.account_id,
      amountMsat,
      send: NO_FEES,
      receive,
      field: 'redeem_to',
      nowMs,
    });
    return redeemedInLedger(deps, trx, batch, voucher, out, redemption);
  });
  return thenCloseAtNode(deps, inv.paymentHash, settled);
}

/**
 * An invoice of another node: the voucher is put in progress and the payment reserved in one write
 * unit, the Lightning backend pays outside it, and resolveOutgoing posts or voids the payment and
 * settles the voucher in one more unit. An outcome the backend does not know yet stays reserved until
 * the payments reconciler learns it. With `background` the answer comes right after the reservation.
 */
async function toExternalInvoice(
  deps: AppDeps,
  loaded: Loaded,
  inv: DecodedInvoice,
  payment: 'await' | 'background',
): Promise<Result<RedeemOutcome>> {
  const backend = deps.lightning;
  if (backend === null) return err('lightning_unavailable', 'no Lightning backend is configured');
  const { batch } = loaded;
  const nowMs = deps.clock.nowMs();
  const outId = BigInt(deps.ids.randomInt53());
  const claimed = await runWrite(deps.db, async (trx) => {
    if (await findLiveOutgoingByHash(trx, inv.paymentHash)) {
      abort('invoice_already_paid', ALREADY_PAYING, 'redeem_to');
    }
    const { voucher, out: row } = await takeAndRecordPayment(
      deps,
      trx,
      loaded,
      { claimFor: outId },
      null,
      {
        ...invoiceFields(inv, batch.amount_msat),
        id: outId,
        route: 'lightning',
        // The routing fee may use what the batch escrowed for it, no more.
        fee_reserve_msat: batch.fee_reserve_msat,
      },
      nowMs,
    );
    await reserveOutgoing(trx, row, nowMs);
    return { voucher, row };
  }).catch((e: unknown) => {
    // A concurrent payment of the same invoice won the unique index on live outgoing payment hashes.
    if (isUniqueViolation(e)) return err('invoice_already_paid', ALREADY_PAYING, 'redeem_to');
    throw e;
  });
  if (!claimed.ok) return claimed;
  const { voucher: taken, row } = claimed.value;
  const by = { mode: 'invoice' as const, by: inv.payreq };

  const pay = async (): Promise<PaymentRow> => {
    let result: PayResult;
    try {
      result = await backend.payInvoice({
        payreq: inv.payreq,
        amountMsat: batch.amount_msat,
        maxFeeMsat: batch.fee_reserve_msat,
        timeoutSec: deps.config.payments.payTimeoutSec,
      });
    } catch (e) {
      // The payment may or may not have left: it stays reserved and the reconciler asks the backend later.
      deps.log.error({ err: e, paymentId: String(outId) }, 'Lightning backend failed while paying a voucher');
      result = { status: 'pending' };
    }
    return resolveOutgoing(deps, row, result);
  };
  if (payment === 'background') {
    // Reserved and committed: if the process stops before the payment has an outcome, the payments
    // reconciler asks the backend and settles the voucher then.
    deps.background.run('voucher invoice payment', pay);
    return ok(outcome(batch, taken, row, by, false));
  }
  const after = await pay();
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
  const voucher = (await findVoucherById(deps.db.read, taken.id)) ?? taken;
  return ok(outcome(batch, voucher, after, by, after.status === 'paid'));
}
