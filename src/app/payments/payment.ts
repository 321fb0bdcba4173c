import type { PaymentRow } from '../../db/repos/payments.ts';

/** A payment as the use cases answer it (one row of the `payments` table). */
export type Payment = PaymentRow;
