import { auditLedger } from '../../app/audit/audit-ledger.ts';
import { type Command, json, opts, print, withRuntime } from '../command.ts';

export const audit: Command = {
  name: 'audit',
  synopsis: 'audit',
  summary: 'check every ledger invariant; exit 1 on a violation',
  help: `Usage: paytag audit [--json]

Checks that every asset's ledger sums to zero, that every account's balances equal the sum of its
transfers, that no guarded account is negative, and every feature's own invariants. Exit code 1 on any violation.`,
  async run(args) {
    const { values } = opts(args, {});
    return withRuntime(async (rt) => {
      const report = await auditLedger(rt.deps);
      if (values['json']) json(report);
      else {
        print(`checked ${report.checkedAccounts} ledger accounts and ${report.checkedTransfers} transfers`);
        if (report.violations.length === 0) print('ledger OK: no violations');
        else for (const v of report.violations) print(`VIOLATION: ${v}`);
      }
      return report.violations.length === 0 ? 0 : 1;
    });
  },
};
