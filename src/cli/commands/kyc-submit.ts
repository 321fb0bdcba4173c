import { submitKyc } from '../../app/accounts/kyc.ts';
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

const FLAGS = {
  idType: 'id-type',
  id1: 'id1',
  id2: 'id2',
  id3: 'id3',
  companyName: 'company-name',
  companyEmail: 'company-email',
  companyPhone: 'company-phone',
  companyCountry: 'company-country',
  doc1: 'doc1',
  doc2: 'doc2',
  doc3: 'doc3',
  doc4: 'doc4',
} as const;

export const kycSubmit: Command = {
  name: 'kyc submit',
  help: `Usage: paytag kyc submit <usertag> [--id-type T] [--id1 URL] [--id2 URL] [--id3 URL]
       [--company-name N] [--company-email E] [--company-phone +E164] [--company-country CC]
       [--doc1 URL] … [--doc4 URL] [--json]

Stores the fields given ('' clears one). Document URLs must be https (http too with the sandbox
backend), phones E.164, countries ISO 3166-1 alpha-2; names at most 200 characters, id type 50,
URLs 2048. The KYC status becomes pending until an operator reviews it (paytag kyc review).`,
  async run(args) {
    const { values, positionals } = opts(
      args,
      Object.fromEntries(Object.values(FLAGS).map((f) => [f, { type: 'string' as const }])),
    );
    const usertag = positionals[0];
    if (usertag === undefined) throw new UsageError('give the usertag: paytag kyc submit <usertag> …');
    const submission = optionalStrings(values, FLAGS);
    if (Object.keys(submission).length === 0) throw new UsageError('give at least one field to submit');
    const r = await withRuntime((rt) => submitKyc(rt.deps, usertag, submission, operatorName()));
    if (!r.ok) fail(r.error);
    if (values['json']) json(r.value);
    else
      print(
        r.value.changed.length === 0
          ? 'nothing changed'
          : `KYC data of ${r.value.usertag}: ${r.value.changed.join(', ')}`,
      );
    return 0;
  },
};
