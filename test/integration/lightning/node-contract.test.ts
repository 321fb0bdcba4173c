import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClnBackend } from '../../../src/adapters/lightning/cln.ts';
import { createLndBackend } from '../../../src/adapters/lightning/lnd.ts';
import { LightningBackendError } from '../../../src/adapters/lightning/rest.ts';
import type { LightningBackend } from '../../../src/app/ports.ts';
import { type ClnStandin, startClnStandin } from '../../fixtures/lightning/cln-standin.ts';
import { expectUnreachableNodeBehaviour, foreignInvoice } from '../../fixtures/lightning/helpers.ts';
import { type LndStandin, startLndStandin } from '../../fixtures/lightning/lnd-standin.ts';

/** What both node adapters promise alike, each against its stand-in. */
interface NodeUnderTest {
  name: string;
  /** The credential a wrong one stands for, as the failed payment's reason names it. */
  credential: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** A backend of the running stand-in with wrong credentials. */
  withWrongCredentials(): LightningBackend;
  /** The payment the stand-in saw for the hash, if any. */
  paymentOf(hash: string): unknown;
  /** A backend of a node that is gone (a stand-in started and closed again). */
  unreachable(): Promise<LightningBackend>;
}

let cln: ClnStandin;
let lnd: LndStandin;

const NODES: NodeUnderTest[] = [
  {
    name: 'CLN (wrong rune)',
    credential: 'rune',
    start: async () => {
      cln = await startClnStandin();
    },
    stop: () => cln.close(),
    withWrongCredentials: () =>
      createClnBackend({ url: cln.url, rune: 'not-the-rune', tlsCaPem: cln.caPem ?? '' }),
    paymentOf: (hash) => cln.pay(hash),
    unreachable: async () => {
      const gone = await startClnStandin();
      const url = gone.url;
      await gone.close();
      return createClnBackend({ url, rune: 'x', requestTimeoutMs: 1000 });
    },
  },
  {
    name: 'LND (wrong macaroon)',
    credential: 'credentials',
    start: async () => {
      lnd = await startLndStandin();
    },
    stop: () => lnd.close(),
    withWrongCredentials: () => createLndBackend({ url: lnd.url, macaroonHex: 'ab'.repeat(20) }),
    paymentOf: (hash) => lnd.payment(hash),
    unreachable: async () => {
      const gone = await startLndStandin();
      const url = gone.url;
      await gone.close();
      return createLndBackend({ url, macaroonHex: 'ab', requestTimeoutMs: 1000 });
    },
  },
];

describe.each(NODES)('$name', (node) => {
  beforeAll(() => node.start());
  afterAll(() => node.stop());

  it('wrong credentials are an unauthorized error, and payments fail without starting', async () => {
    const bad = node.withWrongCredentials();
    try {
      await expect(bad.nodeInfo()).rejects.toBeInstanceOf(LightningBackendError);
      await expect(bad.nodeInfo()).rejects.toMatchObject({ code: 'unauthorized' });
      await expect(
        bad.createInvoice({ amountMsat: 1n, description: 'x', expirySec: 60 }),
      ).rejects.toMatchObject({
        code: 'unauthorized',
      });
      const { payreq, paymentHash } = foreignInvoice();
      const r = await bad.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 1_000n, timeoutSec: 5 });
      expect(r.status === 'failed' && r.reason).toMatch(new RegExp(node.credential));
      expect(node.paymentOf(paymentHash)).toBeUndefined();
    } finally {
      await bad.close();
    }
  });

  it('an unreachable node makes payments pending and other calls throw', async () => {
    await expectUnreachableNodeBehaviour(await node.unreachable());
  });
});
