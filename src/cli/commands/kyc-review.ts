import { reviewAsOperator } from '../../app/operator/kyc-queue.ts';
import { KYC_STATUSES, type KycStatus } from '../../domain/kyc.ts';
import { type Command, fail, json, opts, print, required, UsageError, withRuntime } from '../command.ts';
import { operatorName } from './operator.ts';

export const kycReview: Command = {
  name: 'kyc review',
  help: `Usage: paytag kyc review <usertag> --level 0..3 --status verified|rejected|pending [--reason TEXT] [--json]

Records an operator's review, with who and when, in the account's history (paytag kyc history U)
and in the operator log.
is_verified is true when the account's e-mail is confirmed and the status is verified.`,
  async run(args) {
    const { values, positionals } = opts(args, {
      level: { type: 'string' },
      status: { type: 'string' },
      reason: { type: 'string' },
    });
    const usertag = positionals[0];
    if (usertag === undefined) throw new UsageError('give the usertag: paytag kyc review <usertag> …');
    const levelText = required(values, 'level');
    if (!/^[0-3]$/.test(levelText)) throw new UsageError('--level must be 0, 1, 2 or 3');
    const status = required(values, 'status');
    if (!KYC_STATUSES.includes(status as KycStatus) || status === 'none') {
      throw new UsageError('--status must be verified, rejected or pending');
    }
    const reason = typeof values['reason'] === 'string' ? values['reason'] : null;
    const r = await withRuntime((rt) =>
      reviewAsOperator(rt.deps, { accountId: null, name: operatorName() }, usertag, {
        level: Number(levelText),
        status: status as KycStatus,
        reason,
      }),
    );
    if (!r.ok) fail(r.error);
    if (values['json']) json(r.value);
    else
      print(
        `${r.value.usertag}: KYC level ${r.value.kyc_level}, ${r.value.kyc_status}; verified: ${r.value.is_verified}`,
      );
    return 0;
  },
};
