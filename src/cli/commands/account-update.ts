import { updateProfile } from '../../app/accounts/kyc.ts';
import {
  type Command,
  fail,
  json,
  optionalStrings,
  opts,
  print,
  UsageError,
  withRuntime,
} from '../command.ts';
import { operatorName } from './operator.ts';

export const accountUpdate: Command = {
  name: 'account update',
  help: `Usage: paytag account update <usertag> [--full-name NAME] [--phone +E164] [--country CC] [--json]

Changes the profile fields given ('' clears one): the full name (at most 200 characters), the phone
number in E.164 form (+ and up to 15 digits), the ISO 3166-1 alpha-2 country code. Every change is
kept with who made it and when (paytag kyc history U). Changing the full name, phone or country of an
account whose KYC is verified puts its KYC status back to pending (the level is kept until the next
review): applications then see it as not verified.`,
  async run(args) {
    const { values, positionals } = opts(args, {
      'full-name': { type: 'string' },
      phone: { type: 'string' },
      country: { type: 'string' },
    });
    const usertag = positionals[0];
    if (usertag === undefined) throw new UsageError('give the usertag: paytag account update <usertag> …');
    const change = optionalStrings(values, { fullName: 'full-name', phone: 'phone', country: 'country' });
    if (Object.keys(change).length === 0)
      throw new UsageError('give at least one of --full-name, --phone, --country');
    const r = await withRuntime((rt) => updateProfile(rt.deps, usertag, change, operatorName()));
    if (!r.ok) fail(r.error);
    if (values['json']) json(r.value);
    else {
      print(
        r.value.changed.length === 0
          ? 'nothing changed'
          : `updated ${r.value.usertag}: ${r.value.changed.join(', ')}`,
      );
      if (r.value.kycBackToReview)
        print(`the verified identity changed: the KYC of ${r.value.usertag} is pending review again`);
    }
    return 0;
  },
};
