import { EXPIRE_BATCH, expireInvoicesRound } from '../app/payments/settlement/expire-invoices.ts';
import type { Job } from './runner.ts';

/** Declines unpaid invoices past their expiry (crediting any the node reports settled); a full batch means more are due, so it goes on at once. */
export const invoiceExpiryJob: Job = {
  name: 'invoice-expiry',
  async run(deps) {
    const { listed } = await expireInvoicesRound(deps);
    return listed >= EXPIRE_BATCH ? 0 : 15_000;
  },
  errorDelayMs: 15_000,
};
