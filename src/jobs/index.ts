import { chainDepositsJob } from './chain-deposits.ts';
import { dashboardSweepJob } from './dashboard-sweep.ts';
import { invoiceExpiryJob } from './invoice-expiry.ts';
import { invoiceSettlementsJob } from './invoice-settlements.ts';
import { nwcRequestRetentionJob } from './nwc-request-retention.ts';
import { ordersMatchJob } from './orders-match.ts';
import { outboxDispatchJob } from './outbox-dispatch.ts';
import { outboxRetentionJob } from './outbox-retention.ts';
import { paymentsReconcileJob } from './payments-reconcile.ts';
import { payoutsJob } from './payouts.ts';
import { pricesRefreshJob } from './prices-refresh.ts';
import { rateLimitSweepJob } from './rate-limit-sweep.ts';
import type { Job } from './runner.ts';
import { usdtWithdrawalsJob } from './usdt-withdrawals.ts';
import { voucherExpiryJob } from './voucher-expiry.ts';
import { withdrawalBatchesJob } from './withdrawal-batches.ts';

/** Every background job the service runs (in each process; jobs coordinate through the database). */
export const ALL_JOBS: Job[] = [
  outboxDispatchJob,
  outboxRetentionJob,
  invoiceSettlementsJob,
  invoiceExpiryJob,
  paymentsReconcileJob,
  payoutsJob,
  voucherExpiryJob,
  rateLimitSweepJob,
  pricesRefreshJob,
  chainDepositsJob,
  withdrawalBatchesJob,
  ordersMatchJob,
  dashboardSweepJob,
  usdtWithdrawalsJob,
  nwcRequestRetentionJob,
];
