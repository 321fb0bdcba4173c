import {
  findPayoutFundingMismatches,
  findPayoutItemLedgerMismatches,
  findPayoutItemOutcomeMismatches,
  payoutEscrowVersusItems,
} from '../../db/repos/audit/payouts.ts';
import type { AppDeps, AuditCheck } from '../deps.ts';
import type { HookPart } from '../hooks.ts';
import { settlePayoutItem } from './settle-item.ts';

/** Most findings one audit check lists; one is already a finding. */
const MAX_REPORTED = 100;

/**
 * `paytag audit`: the payout escrow holds exactly the shares of the items without a payment; every batch
 * took exactly its reserve, which is the sum of its items' shares; every item's escrow was released at
 * most once and exactly when it got a payment or ended; and every item ended at most once, in agreement
 * with its payment (paid ⇔ a paid payment of purpose payout; failed ⇒ no payment or a declined one).
 */
const auditPayouts: AuditCheck = async (deps: AppDeps) => {
  const db = deps.db.read;
  const found: string[] = [];
  const e = await payoutEscrowVersusItems(db);
  if (e.escrow !== e.items) {
    found.push(`payout escrow holds ${e.escrow} msat, but the items without a payment hold ${e.items}`);
  }
  if (e.pending !== 0n) found.push(`payout escrow has ${e.pending} msat pending; it never reserves`);
  for (const b of await findPayoutFundingMismatches(db, MAX_REPORTED)) {
    found.push(
      `payout batch ${b.id}: reserved ${b.reserved} msat, its funding took ${b.funded}, its items' shares are ${b.shares}`,
    );
  }
  for (const m of await findPayoutItemLedgerMismatches(db, MAX_REPORTED)) {
    found.push(
      `payout item ${m.id}: its release gave the payer ${m.actual} msat in ${m.transfers} transfers, expected ${m.expected}`,
    );
  }
  for (const m of await findPayoutItemOutcomeMismatches(db, MAX_REPORTED)) {
    found.push(
      m.item === null
        ? `payment ${m.payment} of purpose payout belongs to no payout item`
        : `payout item ${m.item} is ${m.status}, but its payment ${m.payment ?? '(none)'} is ${m.paymentStatus ?? 'missing'}`,
    );
  }
  return found;
};

/** The payouts' share of the hook table: ending an item with its payment, and the audit. */
export const payoutHooks: HookPart = {
  paymentResolved: { payout: settlePayoutItem },
  auditChecks: { payouts_settle_once: auditPayouts },
};
