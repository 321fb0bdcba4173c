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
 * `paytag audit`: the withdrawal escrow (btc) holds exactly the reserves of the open withdrawals
 * (queued, signing, broadcast), never anything pending; each withdrawal took its reserve from its payer
 * once and, when cancelled, got it back once; a confirmed one paid amount + fee share out of the escrow and
 * got the rest of its fee reserve back (track-batches.ts); every batch's sums hold (inputs = outputs +
 * change + fee, the shares sum to the fee) and its withdrawals are in its state.
 */
const auditWithdrawals: AuditCheck = async (deps: AppDeps) => {
  const db = deps.db.read;
  const found: string[] = [];
  const e = await withdrawalEscrowVersusOpen(db);
  if (e.escrow !== e.open) {
    found.push(`withdrawal escrow holds ${e.escrow} msat, but the open withdrawals reserved ${e.open}`);
  }
  if (e.pending !== 0n) found.push(`withdrawal escrow has ${e.pending} msat pending; it never reserves`);
  for (const m of await findWithdrawalLedgerMismatches(db, MAX_REPORTED)) {
    found.push(
      `withdrawal ${m.id} (${m.status}): its transfers took ${m.actual} msat net from the payer in ${m.transfers} transfers, expected ${m.expected}`,
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
