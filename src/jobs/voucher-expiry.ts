import { EXPIRY_BATCH, expireVouchers } from '../app/vouchers/expire-vouchers.ts';
import type { Job } from './runner.ts';

/**
 * Returns the escrow of expired voucher batches to their issuers. Runs in every process; concurrent
 * sweepers agree through conditional updates, so a voucher is refunded once. A full round means more
 * may be due: the next starts at once; otherwise it waits VOUCHER_SWEEP_INTERVAL_MS.
 */
export const voucherExpiryJob: Job = {
  name: 'voucher-expiry',
  async run(deps, signal) {
    const round = await expireVouchers(deps, signal);
    return round.batches >= EXPIRY_BATCH ? 0 : deps.config.vouchers.sweepIntervalMs;
  },
  errorDelayMs: 30_000,
};
