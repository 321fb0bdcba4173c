import {
  countReversals,
  findDepositLedgerMismatches,
  findDoubleCredits,
  findExceptionMismatches,
  findReceivedMismatches,
} from '../../db/repos/audit/chain-deposits.ts';
import { systemAccountTotals } from '../../db/repos/ledger.ts';
import { formatAssetBalance } from '../../domain/money.ts';
import type { AppDeps } from '../deps.ts';
import type { HookPart } from '../hooks.ts';

/** Violations listed per check at most (the counts say how many there are). */
const LISTED = 100;

/**
 * The chain deposits' share of the hook table, the checks of `paytag audit`:
 * - chain_deposits_have_one_transfer: every credited deposit has its credit transfer, every reversed
 *   credit its reversal, and no chain deposit transfer is without its deposit;
 * - chain_received_matches_deposits: every on-chain request's received amount is the sum of its
 *   credited deposits (a lost update, or a credit booked without the request, shows here);
 * - chain_exception_matches_state: every request's exception (paid_late, paid_over, paid_partial) agrees
 *   with its status and received amount;
 * - chain_transfer_credited_once: no two credited deposits are one chain transfer by identity;
 * - chain_evm_transfer_suspected_duplicate: see below;
 * - chain_reorg_shortfall: a note of what reversed credits took from the operator (checks nothing).
 */
export const chainHooks: HookPart = {
  auditChecks: {
    chain_deposits_have_one_transfer: async (deps) => {
      const { checked, found } = await findDepositLedgerMismatches(deps.db.read, LISTED);
      return { checked, violations: found };
    },
    chain_received_matches_deposits: async (deps) => {
      const { checked, found } = await findReceivedMismatches(deps.db.read, LISTED);
      return { checked, violations: found };
    },
    chain_exception_matches_state: async (deps) => {
      const { checked, found } = await findExceptionMismatches(deps.db.read, LISTED);
      return { checked, violations: found };
    },
    chain_transfer_credited_once: async (deps) => {
      const r = await findDoubleCredits(deps.db.read, LISTED);
      return { checked: r.checked, violations: r.identity };
    },
    // An EVM deposit's position in its block (logIndex) changes when a reorg mines the transaction
    // again elsewhere, so one transfer credited twice shows as two deposits of one transaction hash
    // with the same recipient and amount under different positions, which the identity check cannot
    // see. A transaction that really pays one address the same amount twice (a batch payout) is rare
    // enough that an operator's look at each is cheap, and a missed double credit is not: it is a
    // violation, not a note.
    chain_evm_transfer_suspected_duplicate: async (deps) => {
      const r = await findDoubleCredits(deps.db.read, LISTED);
      return { checked: r.evmChecked, violations: r.evmSuspects };
    },
    chain_reorg_shortfall: async (deps) => ({
      checked: await countReversals(deps.db.read),
      violations: [],
      notes: await shortfallNotes(deps),
    }),
  },
};

/** What the system account chain_reorg_shortfall paid for merchants who had spent a reversed credit. */
async function shortfallNotes(deps: AppDeps): Promise<string[]> {
  const notes: string[] = [];
  for (const asset of ['btc', 'usdt'] as const) {
    const t = await systemAccountTotals(deps.db.read, 'chain_reorg_shortfall', asset);
    const loss = t.debits_posted - t.credits_posted;
    if (loss === 0n) continue;
    const text = formatAssetBalance(asset, loss);
    notes.push(
      `chain_reorg_shortfall: ${text} ${asset} of credits reversed by chain reorgs had already been spent by the accounts credited (the operator's loss)`,
    );
  }
  return notes;
}
