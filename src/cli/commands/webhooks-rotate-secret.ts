import { rotateWebhookSecret } from '../../app/webhooks/rotate-webhook-secret.ts';
import { type Command, fail, json, opts, print, UsageError, withRuntime } from '../command.ts';

export const webhooksRotateSecret: Command = {
  name: 'webhooks rotate-secret',
  help: `Usage: paytag webhooks rotate-secret <usertag> [--json]

Creates a new webhook secret and prints it. For 24 hours every webhook carries two signatures, one per
secret, so the receiver can switch to the new secret without missing an event.`,
  async run(args) {
    const { values, positionals } = opts(args, {});
    const usertag = positionals[0];
    if (usertag === undefined)
      throw new UsageError('give the usertag: paytag webhooks rotate-secret <usertag>');
    const r = await withRuntime((rt) => rotateWebhookSecret(rt.deps, usertag));
    if (!r.ok) fail(r.error);
    const until = new Date(r.value.previousValidUntilMs).toISOString();
    if (values['json']) json({ usertag, webhook_secret: r.value.secret, previous_until: until });
    else {
      print(`new webhook secret: ${r.value.secret}`);
      print(`The previous secret keeps signing alongside the new one until ${until}.`);
    }
    return 0;
  },
};
