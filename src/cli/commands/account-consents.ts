import { accountConsents, revokeAccountConsent } from '../../app/verification/consents.ts';
import { type Command, fail, json, opts, print, UsageError, withRuntime } from '../command.ts';

export const accountConsentsCommand: Command = {
  name: 'account consents',
  help: `Usage: paytag account consents <usertag> [--revoke ID] [--json]

Lists every approval and decline of sharing KYC data with an application (which application, which
fields, when). --revoke ID withdraws an approval: a verification not yet completed then gets no KYC
data. Data an application already received cannot be called back.`,
  async run(args) {
    const { values, positionals } = opts(args, { revoke: { type: 'string' } });
    const usertag = positionals[0];
    if (usertag === undefined) throw new UsageError('give the usertag: paytag account consents <usertag>');
    const revoke = values['revoke'];
    if (typeof revoke === 'string') {
      const r = await withRuntime((rt) => revokeAccountConsent(rt.deps, usertag, revoke));
      if (!r.ok) fail(r.error);
      print(`consent ${revoke} revoked`);
      return 0;
    }
    const r = await withRuntime((rt) => accountConsents(rt.deps, usertag));
    if (!r.ok) fail(r.error);
    if (values['json']) json(r.value);
    else {
      for (const c of r.value) {
        const state = c.revoked_at === null ? '' : ` (revoked ${c.revoked_at})`;
        print(
          `${c.id.padStart(6)} ${c.decided_at} ${c.decision.padEnd(8)} @${c.application}${state}: ${c.fields.join(', ')}`,
        );
      }
      print(`${r.value.length} decision(s)`);
    }
    return 0;
  },
};
