import { isExpired } from '../../domain/payments/fees.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import type { DecodedInvoice } from '../ports.ts';

export interface InvoiceInfo extends DecodedInvoice {
  expired: boolean;
}

/** Decodes and verifies a BOLT11 invoice for the "Decode Invoice" endpoint. */
export function decodeInvoiceInfo(deps: AppDeps, invoice: string): Result<InvoiceInfo> {
  const r = deps.decodeInvoice(invoice);
  if (!r.ok) return err('invoice_invalid', `not a valid BOLT11 invoice: ${r.message}`, 'invoice');
  return ok({ ...r.invoice, expired: isExpired(r.invoice.expiresAtSec * 1000, deps.clock.nowMs()) });
}
