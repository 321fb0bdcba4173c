// `paytag doctor`: checks the configured Lightning node end to end and says what is wrong.

import { runDoctor } from '../../app/system/doctor.ts';
import { loadConfig } from '../../config/index.ts';
import { openLightningForDoctor } from '../../main.ts';
import { type Command, opts, print } from '../command.ts';

const DOCTOR_HELP = `Usage: paytag doctor [--json]

Checks the configured Lightning node end to end: it can be reached, its TLS certificate is the one
given, the credentials (macaroon or rune) are accepted and may do what paytag needs, the node is on
LIGHTNING_NETWORK, and it can create, look up and cancel an invoice. Prints each check and what is
wrong; exits 1 when a check fails. See docs/lightning-backends.md.`;

async function doctorCommand(asJson: boolean, out: (line: string) => void): Promise<number> {
  const config = loadConfig();
  const { backend, probes } = await openLightningForDoctor(config);
  try {
    const checks = await runDoctor(backend, config.lightning.network, probes);
    const ok = checks.every((c) => c.ok);
    if (asJson) out(JSON.stringify({ backend: backend.kind, ok, checks }));
    else {
      out(`Lightning backend: ${backend.kind}`);
      for (const c of checks) out(`${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
      out(ok ? 'all checks passed' : 'some checks failed');
    }
    return ok ? 0 : 1;
  } finally {
    await backend.close();
  }
}

export const doctor: Command = {
  name: 'doctor',
  help: DOCTOR_HELP,
  run: (args) => doctorCommand(opts(args, {}).values['json'] === true, print),
};
