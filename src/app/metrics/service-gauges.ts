import { countOutboxBacklog, countPendingPayments, ledgerTransfersWritten } from '../../db/repos/metrics.ts';
import type { AppDeps } from '../deps.ts';

/** What /metrics reads from the database at each scrape (the same figures on every instance). */
export interface ServiceGauges {
  pendingPayments: Array<{ direction: string; count: number }>;
  outboxBacklog: Array<{ kind: string; state: string; count: number }>;
  ledgerTransfers: number;
}

export async function readServiceGauges(deps: AppDeps): Promise<ServiceGauges> {
  const read = deps.db.read;
  const [pending, backlog, transfers] = await Promise.all([
    countPendingPayments(read),
    countOutboxBacklog(read),
    ledgerTransfersWritten(read),
  ]);
  return {
    pendingPayments: pending.map((r) => ({ direction: r.direction, count: Number(r.n) })),
    outboxBacklog: backlog.map((r) => ({ kind: r.kind, state: r.state, count: Number(r.n) })),
    ledgerTransfers: transfers,
  };
}
