import type { PaymentRow } from '../../../db/repos/payments.ts';
import type { ServiceFees } from '../../../domain/payments/fees.ts';
import type { AppDeps } from '../../deps.ts';
import type { PaymentReferences } from '../commands.ts';

/** The caller-supplied fields every send carries onto its payment row. */
export interface SendDetails extends PaymentReferences {
  idempotencyKey: string | null;
  /** Fingerprint of the request; kept only with an Idempotency-Key (null or anything without one). */
  requestHash: string | null;
}

/** The payment columns of a service fee and its GST. */
export const feeColumns = (
  f: ServiceFees,
): Pick<PaymentRow, 'service_fee_msat' | 'service_fee_ppm' | 'gst_fee_msat'> => ({
  service_fee_msat: f.serviceFeeMsat,
  service_fee_ppm: f.servicePpm,
  gst_fee_msat: f.gstFeeMsat,
});

/** The columns a new payment row must be given; every other one starts empty (null, zero, `{}`). */
type RequiredColumns = 'account_id' | 'requester_account_id' | 'direction' | 'route' | 'amount_msat';

/** A new payment row, status pending, with a fresh id and tid; `fields` fills in what it has. */
export function newPaymentRow(
  deps: AppDeps,
  fields: Pick<PaymentRow, RequiredColumns> & Partial<PaymentRow>,
  nowMs: number,
): PaymentRow {
  // Object.assign, not a spread: copying into a literal of 49 properties costs a fraction of it.
  return Object.assign(
    {
      id: BigInt(deps.ids.paymentId()),
      public_id: deps.ids.paymentTid(),
      status: 'pending',
      payment_hash: null,
      payreq: null,
      invoice_type: null,
      invoice_expires_at_ms: null,
      counterpart_id: null,
      receiver_usertag: null,
      description: null,
      callback_url: null,
      callback_status: null,
      success_url: null,
      hosted_checkout_expiry_ms: null,
      customer_name: null,
      order_id: null,
      fiat_currency: null,
      fiat_value: null,
      fiat_rate_e8: null,
      fiat_rate_pair: null,
      fiat_rate_sources: null,
      fiat_rate_at_ms: null,
      extra: '{}',
      network_fee_msat: 0n,
      fee_reserve_msat: 0n,
      service_fee_msat: 0n,
      service_fee_ppm: 0n,
      gst_fee_msat: 0n,
      preimage: null,
      failure_reason: null,
      idempotency_key: null,
      request_hash: null,
      created_at_ms: BigInt(nowMs),
      paid_at_ms: null,
      updated_at_ms: BigInt(nowMs),
      purpose: fields.direction === 'in' ? 'receive' : 'send',
      voucher_id: null,
      second_payment_of: null,
      recheck_at_ms: null,
      wallet: 'lbtc',
      payment_mode: 'lightning',
      chain_network: null,
      chain_address: null,
      amount_units: fields.amount_msat,
      received_units: 0n,
      status_payer: 'undefined',
      status_payee: 'undefined',
      transaction_hash: null,
      exception: null,
    } satisfies Omit<PaymentRow, RequiredColumns>,
    fields,
  );
}

/** A new outgoing payment row of the paying account, status pending, with the payment's details. */
export function newOutgoingRow(
  deps: AppDeps,
  accountId: bigint,
  d: SendDetails,
  fields: Pick<PaymentRow, 'route' | 'amount_msat'> & Partial<PaymentRow>,
  nowMs: number,
): PaymentRow {
  return newPaymentRow(
    deps,
    {
      account_id: accountId,
      requester_account_id: accountId,
      direction: 'out',
      description: d.description,
      customer_name: d.customerName,
      order_id: d.orderId,
      fiat_currency: d.fiatCurrency,
      fiat_value: d.fiatValue,
      extra: d.extra,
      idempotency_key: d.idempotencyKey,
      request_hash: d.idempotencyKey === null ? null : d.requestHash,
      ...fields,
    },
    nowMs,
  );
}
