// `paytag doctor`: checks the configured Lightning node end to end through the port, and says exactly
// what is wrong. Backend-specific probes (permissions the port cannot test without moving money) are
// given by the caller.

import type { LightningBackend, LightningNetwork } from '../ports.ts';

export interface DoctorCheck {
  name: string;
  ok: boolean;
  /** What was found, or what is wrong and how to fix it. */
  detail: string;
}

/** A check that only a particular backend can make (e.g. "may this macaroon send payments?"). */
export interface DoctorProbe {
  name: string;
  run(): Promise<{ ok: boolean; detail: string }>;
}

/** The error a node backend throws: a code such as `unreachable` or `unauthorized`, and a message. */
function explain(e: unknown, backend: LightningBackend['kind']): string {
  const code =
    typeof e === 'object' && e !== null && 'code' in e ? String((e as { code: unknown }).code) : '';
  const message = e instanceof Error ? e.message : String(e);
  const certificate =
    backend === 'cln' ? 'CLN_TLS_CA_PATH (the node’s ca.pem)' : 'LND_TLS_CERT_PATH (LND’s tls.cert)';
  if (code === 'unreachable' && /certificate|self.signed|verify|TLS|SSL|alert/i.test(message)) {
    return `TLS: the node's certificate was not accepted (${message}); give ${certificate}`;
  }
  if (code === 'unreachable') return `cannot reach the node (${message}); check the URL, port and firewall`;
  if (code === 'timeout') return `the node did not answer in time (${message})`;
  if (code === 'unauthorized') {
    return backend === 'cln'
      ? `the node refused the rune (${message}); check CLN_RUNE and its restrictions`
      : `the node refused the macaroon (${message}); check LND_MACAROON_HEX and its permissions`;
  }
  return message;
}

async function check(
  checks: DoctorCheck[],
  name: string,
  backend: LightningBackend['kind'],
  fn: () => Promise<string | { ok: false; detail: string }>,
): Promise<boolean> {
  try {
    const r = await fn();
    if (typeof r === 'string') {
      checks.push({ name, ok: true, detail: r });
      return true;
    }
    checks.push({ name, ok: false, detail: r.detail });
    return false;
  } catch (e) {
    checks.push({ name, ok: false, detail: explain(e, backend) });
    return false;
  }
}

/**
 * Runs every check in order; a node that cannot be reached or refuses the credentials stops the rest.
 * The test invoice (1 sat, 60 s) is cancelled at the end.
 */
export async function runDoctor(
  backend: LightningBackend,
  expectedNetwork: LightningNetwork,
  probes: DoctorProbe[] = [],
): Promise<DoctorCheck[]> {
  const checks: DoctorCheck[] = [];
  if (backend.kind === 'sandbox') {
    checks.push({ name: 'backend', ok: true, detail: 'the sandbox backend needs no node' });
    return checks;
  }
  const kind = backend.kind;
  let network: LightningNetwork | null = null;
  const reached = await check(checks, 'reach, TLS and credentials', kind, async () => {
    const info = await backend.nodeInfo();
    network = info.network;
    return `node ${info.pubkey}${info.alias ? ` (${info.alias})` : ''} answered`;
  });
  if (!reached) return checks;
  await check(checks, 'network', kind, async () =>
    network === expectedNetwork
      ? `the node is on ${network}`
      : { ok: false, detail: `the node is on ${network}, but LIGHTNING_NETWORK is ${expectedNetwork}` },
  );
  let hash: string | null = null;
  await check(checks, 'create an invoice', kind, async () => {
    const created = await backend.createInvoice({
      amountMsat: 1000n,
      description: 'paytag doctor',
      expirySec: 60,
    });
    hash = created.paymentHash;
    return `created ${created.paymentHash}`;
  });
  const created = hash as string | null;
  if (created !== null) {
    await check(checks, 'look up the invoice', kind, async () => {
      const state = await backend.lookupInvoice(created);
      return state.state === 'open'
        ? 'the node reports it open'
        : { ok: false, detail: `the node reports the new invoice as ${state.state}, not open` };
    });
    await check(checks, 'cancel the invoice', kind, async () => {
      const r = await backend.cancelInvoice(created);
      return r.status === 'canceled'
        ? 'cancelled'
        : { ok: false, detail: `cancelling answered ${r.status}${'reason' in r ? `: ${r.reason}` : ''}` };
    });
  }
  await check(checks, 'look up payments', kind, async () => {
    // A hash nobody paid: the node must answer, and say it does not know it.
    const r = await backend.lookupPayment('00'.repeat(32));
    return r.status === 'failed'
      ? 'the node answers payment lookups'
      : { ok: false, detail: `a payment nobody made is reported ${r.status}` };
  });
  await check(checks, 'balances', kind, async () => {
    const b = await backend.nodeBalance();
    return b === null
      ? 'the backend cannot tell its balances'
      : `channels ${b.channelLocalMsat} msat, on-chain confirmed ${b.onchainConfirmedMsat} msat`;
  });
  for (const probe of probes) {
    await check(checks, probe.name, kind, async () => {
      const r = await probe.run();
      return r.ok ? r.detail : { ok: false, detail: r.detail };
    });
  }
  return checks;
}
