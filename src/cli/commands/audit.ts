import { auditLedger } from '../../app/audit/audit-ledger.ts';
import { type Command, json, opts, print, withRuntime } from '../command.ts';

export const audit: Command = {
  name: 'audit',
  help: `Usage: paytag audit [--json]

Checks that every asset's ledger sums to zero, that every account's balances equal the sum of its
transfers, that no guarded account is negative, and every feature's own invariants: payments and their
transfers, reserves against payment status, the node's balance against the ledger's lightning_node
account (where the backend can tell), chain deposits against their transfers and their requests'
received amounts, and chain transfers credited twice. Prints every group of checks with how many things it checked and
its violations, then notes (second and short payments, fee overruns, late successes, what chain_reorg_shortfall paid). Exit code 1 on
any violation.`,
  async run(args) {
    const { values } = opts(args, {});
    return withRuntime(async (rt) => {
      const report = await auditLedger(rt.deps);
      if (values['json']) json(report);
      else {
        print(`checked ${report.checkedAccounts} ledger accounts and ${report.checkedTransfers} transfers`);
        for (const g of report.groups) {
          const checked = g.checked < 0 ? '' : `${g.checked} checked, `;
          print(`${g.violations === 0 ? 'ok  ' : 'FAIL'} ${g.name}: ${checked}${g.violations} violations`);
        }
        for (const n of report.notes) print(`NOTE: ${n}`);
        if (report.violations.length === 0) print('ledger OK: no violations');
        else for (const v of report.violations) print(`VIOLATION: ${v}`);
      }
      return report.violations.length === 0 ? 0 : 1;
    });
  },
};
