import { findDepositLedgerMismatches } from '../../db/repos/chain-deposits.ts';
import type { HookPart } from '../hooks.ts';

/**
 * The chain deposits' share of the hook table: `paytag audit` checks that every credited deposit has
 * exactly one ledger transfer and every chain deposit transfer belongs to a credited deposit.
 */
export const chainHooks: HookPart = {
  auditChecks: {
    chain_deposits_have_one_transfer: async (deps) => {
      const { checked, found } = await findDepositLedgerMismatches(deps.db.read, 100);
      return { checked, violations: found };
    },
  },
};
