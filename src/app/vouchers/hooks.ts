import {
  escrowVersusVouchers,
  findBatchFundingMismatches,
  findRedeemedWithoutPayment,
  findVoucherLedgerMismatches,
} from '../../db/repos/audit/vouchers.ts';
import {
  countRedeemable,
  findBatch,
  setEmailStatus,
  setVoucherCallbackStatus,
} from '../../db/repos/vouchers.ts';
import { batchState, batchStateError } from '../../domain/vouchers.ts';
import type { AppDeps, AuditCheck, DeliveryStatusSink, RedeliveryGuard } from '../deps.ts';
import type { HookPart } from '../hooks.ts';
import { emailStatusOf } from '../outbox/status-sinks.ts';
import { settleVoucherClaim } from './settle-claim.ts';
import { batchFacts } from './view-voucher.ts';

/** Most findings one audit check lists; one is already a finding. */
const MAX_REPORTED = 100;

/**
 * `paytag audit`: every voucher has exactly its transfers (a redeemable one none, any other its amount +
 * fee reserve handed to the issuer), every redeemed voucher names a paid payment of the issuer for its
 * amount, every batch took count × (amount + reserve), and the escrow holds exactly what the redeemable
 * vouchers are worth.
 */
const auditVouchers: AuditCheck = async (deps: AppDeps) => {
  const db = deps.db.read;
  const found: string[] = [];
  for (const m of await findVoucherLedgerMismatches(db, MAX_REPORTED)) {
    found.push(
      `voucher ${m.voucherId}: its transfers give the issuer ${m.actual} msat, expected ${m.expected}`,
    );
  }
  for (const id of await findRedeemedWithoutPayment(db, MAX_REPORTED)) {
    found.push(
      `voucher ${id}: redeemed, but redeemed_tid is not a paid payment of the issuer for its amount`,
    );
  }
  for (const b of await findBatchFundingMismatches(db, MAX_REPORTED)) {
    found.push(
      `voucher batch ${b.id}: its funding took ${b.actual} msat from the issuer, expected ${b.expected}`,
    );
  }
  const e = await escrowVersusVouchers(db);
  if (e.escrow !== e.vouchers) {
    found.push(`voucher escrow holds ${e.escrow} msat, but the redeemable vouchers are worth ${e.vouchers}`);
  }
  if (e.pending !== 0n) found.push(`voucher escrow has ${e.pending} msat pending; it never reserves`);
  return found;
};

/**
 * callback_status of a voucher item: the HTTP status of the latest answered attempt of its webhook. A
 * report without a status (no answer came, or a redelivery was queued) leaves it as it is.
 */
const voucherCallbackSink: DeliveryStatusSink = async (trx, targetId, report) => {
  if (report.channel !== 'webhook' || report.status === null || !/^\d{1,19}$/.test(targetId)) return;
  await setVoucherCallbackStatus(trx, BigInt(targetId), report.status);
};

/** email_status of a batch sent to receiver_email (a queued redelivery makes it `pending` again). */
const batchEmailSink: DeliveryStatusSink = async (trx, targetId, report) => {
  if (report.channel !== 'email') return;
  await setEmailStatus(trx, targetId, emailStatusOf(report));
};

/**
 * The e-mail of a batch is sent (first attempt, retries, redeliveries) only while its voucher can be
 * redeemed: after a revoke, the expiry or the redemption it would hand out a voucher that no longer pays.
 */
const batchEmailGuard: RedeliveryGuard = async (trx, targetId, nowMs) => {
  const batch = await findBatch(trx, targetId);
  if (batch === undefined) return null;
  const state = batchState(batchFacts(batch), nowMs, await countRedeemable(trx, batch.id));
  return batchStateError(state);
};

/**
 * The vouchers' share of the hook table: settling a voucher with the issuer's outgoing payment, delivery
 * statuses of voucher webhooks and e-mails, when a voucher e-mail may be sent again, and the audit.
 */
export const voucherHooks: HookPart = {
  paymentResolved: { voucher_claim: settleVoucherClaim },
  deliveryStatus: { voucher: voucherCallbackSink, voucher_batch: batchEmailSink },
  redeliveryGuards: { voucher_batch: batchEmailGuard },
  auditChecks: { vouchers_have_their_transfers: auditVouchers },
};
