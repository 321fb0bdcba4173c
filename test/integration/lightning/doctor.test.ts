import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClnBackend } from '../../../src/adapters/lightning/cln.ts';
import { createLndBackend } from '../../../src/adapters/lightning/lnd.ts';
import { clnPayPermissionProbe, lndPayPermissionProbe } from '../../../src/adapters/lightning/probes.ts';
import { runDoctor } from '../../../src/app/system/doctor.ts';
import { type ClnStandin, startClnStandin } from '../../fixtures/lightning/cln-standin.ts';
import { type LndStandin, startLndStandin } from '../../fixtures/lightning/lnd-standin.ts';

let lnd: LndStandin;
let cln: ClnStandin;
beforeAll(async () => {
  lnd = await startLndStandin();
  cln = await startClnStandin();
});
afterAll(async () => {
  await lnd.close();
  await cln.close();
});

async function doctor(
  backend: ReturnType<typeof createLndBackend>,
  probes: Parameters<typeof runDoctor>[2],
  network: 'regtest' | 'bitcoin' = 'regtest',
) {
  try {
    return await runDoctor(backend, network, probes);
  } finally {
    await backend.close();
  }
}

describe('paytag doctor', () => {
  it('passes every check on a well configured LND and leaves no open invoice behind', async () => {
    const opts = { url: lnd.url, macaroonHex: lnd.macaroonHex };
    const checks = await doctor(createLndBackend(opts), [lndPayPermissionProbe(opts)]);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks.map((c) => c.name)).toEqual([
      'reach, TLS and credentials',
      'network',
      'create an invoice',
      'look up the invoice',
      'cancel the invoice',
      'look up payments',
      'balances',
      'permission to send payments (offchain:write)',
    ]);
    const hash = checks[2]?.detail.replace('created ', '') ?? '';
    expect(lnd.invoice(hash)?.state).toBe('CANCELED');
  });

  it('passes every check on a well configured Core Lightning', async () => {
    const opts = { url: cln.url, rune: cln.rune, tlsCaPem: cln.caPem ?? '' };
    const checks = await doctor(createClnBackend(opts), [clnPayPermissionProbe(opts)]);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
  });

  it('says the network does not match LIGHTNING_NETWORK', async () => {
    const checks = await doctor(
      createLndBackend({ url: lnd.url, macaroonHex: lnd.macaroonHex }),
      [],
      'bitcoin',
    );
    expect(checks.find((c) => c.name === 'network')).toEqual({
      name: 'network',
      ok: false,
      detail: 'the node is on regtest, but LIGHTNING_NETWORK is bitcoin',
    });
  });

  it('says which certificate to give when clnrest’s TLS is not trusted', async () => {
    const checks = await doctor(createClnBackend({ url: cln.url, rune: cln.rune }), []);
    expect(checks).toHaveLength(1);
    expect(checks[0]?.ok).toBe(false);
    expect(checks[0]?.detail).toMatch(/^TLS: .*CLN_TLS_CA_PATH/);
  });

  it('says the credentials were refused, and that a macaroon may not send payments', async () => {
    const refused = await doctor(createLndBackend({ url: lnd.url, macaroonHex: 'ab'.repeat(20) }), []);
    expect(refused[0]?.detail).toMatch(/refused the macaroon/);
    const opts = { url: lnd.url, macaroonHex: lnd.noSendMacaroonHex };
    const checks = await doctor(createLndBackend(opts), [lndPayPermissionProbe(opts)]);
    expect(checks.filter((c) => !c.ok).map((c) => c.detail)).toEqual([
      'the macaroon may not send payments (permission denied); bake one with offchain:write',
    ]);
  });

  it('says the node cannot be reached', async () => {
    const gone = await startLndStandin();
    await gone.close();
    const checks = await doctor(
      createLndBackend({ url: gone.url, macaroonHex: 'ab', requestTimeoutMs: 1000 }),
      [],
    );
    expect(checks[0]?.detail).toMatch(/cannot reach the node/);
  });

  it('the CLI command exits 1 and prints what failed', async () => {
    const run = promisify(execFile);
    const env = {
      ...process.env,
      LIGHTNING_BACKEND: 'cln',
      CLN_URL: cln.url,
      CLN_RUNE: cln.rune,
      LIGHTNING_NETWORK: 'signet',
      CLN_TLS_CA_PATH: new URL('../../fixtures/lightning/tls/cln-ca.pem', import.meta.url).pathname,
    };
    const bin = new URL('../../../bin/paytag', import.meta.url).pathname;
    const failed = await run(bin, ['doctor'], { env }).catch((e: { code: number; stdout: string }) => e);
    expect('code' in failed && failed.code).toBe(1);
    expect(failed.stdout).toMatch(/FAIL network: the node is on regtest, but LIGHTNING_NETWORK is signet/);
    const passed = await run(bin, ['doctor', '--json'], { env: { ...env, LIGHTNING_NETWORK: 'regtest' } });
    expect(JSON.parse(passed.stdout)).toMatchObject({ backend: 'cln', ok: true });
    // Two processes start here; on a loaded machine that takes a while.
  }, 120_000);
});
