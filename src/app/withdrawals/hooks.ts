import {
  findWithdrawalLedgerMismatches,
  withdrawalEscrowVersusOpen,
} from '../../db/repos/audit/chain-withdrawals.ts';
import {
  countWithdrawalsOutsideBatches,
  findBatchMismatches,
  findConfirmedWithdrawalMismatches,
} from '../../db/repos/audit/withdrawal-batches.ts';
import type { AppDeps, AuditCheck } from '../deps.ts';
import type { HookPart } from '../hooks.ts';

/** Most findings one audit check lists; one is already a finding. */
const MAX_REPORTED = 100;

/**
 * `paytag audit`: the withdrawal escrow holds exactly the reserves of the open withdrawals (queued,
 * signing, broadcast) in each asset (btc in msat, usdt in 10^-6 USDT), never anything pending; each
 * withdrawal took its reserve from its payer once and, when cancelled, got it back once; a confirmed btc
 * withdrawal paid amount + fee share out of the escrow and got the rest of its fee reserve back
 * (track-batches.ts); a confirmed usdt withdrawal was paid out of the escrow to evm_settlement once;
 * every batch's sums hold (inputs = outputs + change + fee, the shares sum to the fee) and its
 * withdrawals are in its state.
 */
const auditWithdrawals: AuditCheck = async (deps: AppDeps) => {
  const db = deps.db.read;
  const found: string[] = [];
  for (const [wallet, unit] of [
    ['btc', 'msat'],
    ['usdt', 'µUSDT'],
  ] as const) {
    const e = await withdrawalEscrowVersusOpen(db, wallet);
    if (e.escrow !== e.open) {
      found.push(
        `withdrawal escrow holds ${e.escrow} ${unit} (${wallet}), but the open ${wallet} withdrawals reserved ${e.open}`,
      );
    }
    if (e.pending !== 0n)
      found.push(`withdrawal escrow has ${e.pending} ${unit} (${wallet}) pending; it never reserves`);
  }
  for (const m of await findWithdrawalLedgerMismatches(db, MAX_REPORTED)) {
    found.push(
      `withdrawal ${m.id} (${m.status}): its transfers took ${m.actual} net from the payer in ${m.transfers} transfers and paid ${m.paid} out, expected ${m.expected} and ${m.expectedPaid}`,
    );
  }
  for (const m of await findConfirmedWithdrawalMismatches(db, MAX_REPORTED)) {
    found.push(
      `withdrawal ${m.id} (confirmed, fee share ${m.feeSat ?? 'none'} sat): its transfers took ${m.actual} msat net from the payer in ${m.transfers} transfers, expected ${m.expected}`,
    );
  }
  for (const b of await findBatchMismatches(db, MAX_REPORTED)) {
    found.push(`withdrawal batch ${b.publicId} (${b.status}): ${b.problem}`);
  }
  const outside = await countWithdrawalsOutsideBatches(db);
  if (outside > 0n) found.push(`${outside} withdrawal(s) past queued belong to no live batch`);
  return found;
};

/** The withdrawals' share of the hook table: the audit. */
export const withdrawalHooks: HookPart = {
  auditChecks: { chain_withdrawals_escrow: auditWithdrawals },
};
