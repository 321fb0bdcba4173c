import type { PaymentRow } from '../../db/repos/payments.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import type { PaymentReferences } from './input.ts';

/** The caller-supplied fields every send carries onto its payment row. */
export interface SendDetails extends PaymentReferences {
  idempotencyKey: string | null;
  requestHash: string;
}

/** A new outgoing payment row of the caller, status pending, with the caller's details. */
export function newOutgoingRow(
  deps: AppDeps,
  caller: Caller,
  d: SendDetails,
  fields: Pick<PaymentRow, 'route' | 'amount_msat'> & Partial<PaymentRow>,
  nowMs: number,
): PaymentRow {
  return {
    id: BigInt(deps.ids.randomInt53()),
    public_id: deps.ids.publicId(16),
    account_id: caller.accountId,
    requester_account_id: caller.accountId,
    direction: 'out',
    status: 'pending',
    payment_hash: null,
    payreq: null,
    invoice_type: null,
    invoice_expires_at_ms: null,
    counterpart_id: null,
    receiver_usertag: null,
    description: d.description,
    callback_url: null,
    callback_status: null,
    success_url: null,
    hosted_checkout_expiry_ms: null,
    customer_name: d.customerName,
    order_id: d.orderId,
    fiat_currency: d.fiatCurrency,
    fiat_value: d.fiatValue,
    extra: d.extra,
    network_fee_msat: 0n,
    fee_reserve_msat: 0n,
    service_fee_msat: 0n,
    service_fee_ppm: 0n,
    gst_fee_msat: 0n,
    preimage: null,
    failure_reason: null,
    idempotency_key: d.idempotencyKey,
    request_hash: d.idempotencyKey === null ? null : d.requestHash,
    created_at_ms: BigInt(nowMs),
    paid_at_ms: null,
    updated_at_ms: BigInt(nowMs),
    ...fields,
  };
}
