import { setCallbackStatus } from '../../db/repos/payments.ts';
import type { DeliveryStatusSink } from '../deps.ts';
import type { HookPart } from '../hooks.ts';
import { paymentAuditChecks } from './audit.ts';

/**
 * callback_status of a payment is the HTTP status of the latest attempt that got an answer; a report
 * without a status (no answer came, or a redelivery was queued) leaves it as it is.
 */
const paymentCallbackSink: DeliveryStatusSink = async (trx, targetId, report) => {
  if (report.channel !== 'webhook' || report.status === null || !/^\d{1,16}$/.test(targetId)) return;
  await setCallbackStatus(trx, BigInt(targetId), report.status);
};

/** The payments' share of the hook table: a send or a receive settles nothing else. */
export const paymentHooks: HookPart = {
  paymentResolved: { send: null, receive: null },
  deliveryStatus: { payment: paymentCallbackSink },
  auditChecks: paymentAuditChecks,
};
