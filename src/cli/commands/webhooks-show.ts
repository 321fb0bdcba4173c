import { showWebhookSecret } from '../../app/webhooks/show-webhook-secret.ts';
import { type Command, fail, json, opts, print, UsageError, withRuntime } from '../command.ts';

export const webhooksShow: Command = {
  name: 'webhooks show',
  help: `Usage: paytag webhooks show <usertag> [--json]

Prints the secret (whsec_...) that signs the account's webhooks (Standard Webhooks scheme), and the
previous secret while it still signs after a rotation. See docs/webhooks.md.`,
  async run(args) {
    const { values, positionals } = opts(args, {});
    const usertag = positionals[0];
    if (usertag === undefined) throw new UsageError('give the usertag: paytag webhooks show <usertag>');
    const r = await withRuntime((rt) => showWebhookSecret(rt.deps, usertag));
    if (!r.ok) fail(r.error);
    const v = r.value;
    const until = v.previousValidUntilMs === null ? null : new Date(v.previousValidUntilMs).toISOString();
    if (values['json'])
      json({
        usertag: v.usertag,
        webhook_secret: v.secret,
        previous_secret: v.previousSecret,
        previous_until: until,
      });
    else {
      print(`webhook secret: ${v.secret}`);
      if (v.previousSecret !== null) print(`previous secret: ${v.previousSecret} (signs too until ${until})`);
    }
    return 0;
  },
};
