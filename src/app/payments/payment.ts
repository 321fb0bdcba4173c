import type { PaymentRow } from '../../db/repos/payments.ts';

/** A payment as the use cases answer it (one row of the `payments` table). */
export type Payment = PaymentRow;

/**
 * The preimage a view may show: an outgoing payment's (the payer's proof of payment), and an incoming
 * invoice's only once it is paid. The service chooses its invoices' preimages and keeps them so that a
 * payer inside the ledger gets one; before the invoice is paid it stays with the service.
 */
export const revealedPreimage = (p: Pick<PaymentRow, 'direction' | 'status' | 'preimage'>): string | null =>
  p.direction === 'in' && p.status !== 'paid' ? null : p.preimage;
