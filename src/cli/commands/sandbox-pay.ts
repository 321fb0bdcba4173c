import { payFromOutside } from '../../app/sandbox/pay-from-outside.ts';
import { formatMsatAsBtc } from '../../domain/money.ts';
import { type Command, fail, json, opts, print, UsageError, withRuntime } from '../command.ts';

export const sandboxPay: Command = {
  name: 'sandbox pay',
  help: `Usage: paytag sandbox pay <bolt11> [--json]

Pays an invoice issued by this service as a Lightning wallet outside it would: the receiving account is
credited and the payment becomes paid (its webhook is queued). Refused unless LIGHTNING_BACKEND=sandbox.`,
  async run(args) {
    const { values, positionals } = opts(args, {});
    const invoice = positionals[0];
    if (invoice === undefined) throw new UsageError('give the invoice: paytag sandbox pay <bolt11>');
    const r = await withRuntime((rt) => payFromOutside(rt.deps, invoice));
    if (!r.ok) fail(r.error);
    const p = r.value;
    if (values['json']) json({ tid: p.public_id, status: p.status, amount_msat: p.amount_msat });
    else print(`paid: payment ${p.public_id} is ${p.status} (${formatMsatAsBtc(p.amount_msat)} BTC)`);
    return 0;
  },
};
