import { LightningAddress } from '@getalby/lightning-tools/lnurl';
import { validateZapRequest } from 'nostr-tools/nip57';
import { type EventTemplate, finalizeEvent, generateSecretKey, getPublicKey } from 'nostr-tools/pure';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dispatchDue } from '../../src/app/outbox/dispatch.ts';
import { payFromOutside } from '../../src/app/sandbox/pay-from-outside.ts';
import { startNostrRelay, type TestRelay } from '../fixtures/nostr-relay.ts';
import { makeAccount, type TestAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { freePort } from '../fixtures/server-process.ts';

// An outside zap client, @getalby/lightning-tools (pinned, dev), against the service over real HTTP: it
// reads the Lightning address (LUD-16) and NIP-05 (it takes the zap's `p` from nostr.json, so an address
// without a published key cannot be zapped by it), asks the callback for a zap invoice, and checks
// payment through LUD-21 `verify`. It fetches `https://<domain>/…` only; the test's fetch sends those
// requests to the service on loopback (the domain is the address's, the scheme http).

describe('@getalby/lightning-tools zaps a Lightning address of the service', () => {
  let t: TestRuntime;
  let bob: TestAccount;
  let relay: TestRelay;
  let base: string;
  const realFetch = globalThis.fetch;
  const DOMAIN = 'paytag.example';

  beforeEach(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    relay = await startNostrRelay();
    t = await testRuntime('sqlite', {
      SANDBOX_NODE_KEY: '22'.repeat(32),
      PUBLIC_URL: base,
      NOSTR_SECRET_KEY: '5c'.repeat(32),
      NOSTR_ALLOW_PRIVATE: 'true',
    });
    await t.app.listen({ port, host: '127.0.0.1' });
    bob = await makeAccount(t.deps);
    globalThis.fetch = (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      const prefix = `https://${DOMAIN}/`;
      return realFetch(url.startsWith(prefix) ? `${base}/${url.slice(prefix.length)}` : input, init);
    };
  });
  afterEach(async () => {
    globalThis.fetch = realFetch;
    await t.close();
    await relay.close();
  });

  it('fetches the address with NIP-05, gets a zap invoice, and sees it paid through LUD-21 and a receipt', async () => {
    const bobKey = getPublicKey(generateSecretKey());
    const put = await t.app.inject({
      method: 'PUT',
      url: '/lapi/v1/nostr/pubkey',
      headers: { 'x-api-key': bob.adminKey },
      payload: { pubkey: bobKey, relays: [relay.url] },
    });
    expect(put.statusCode).toBe(200);

    const sender = generateSecretKey();
    const nostr = {
      getPublicKey: async () => getPublicKey(sender),
      signEvent: async (e: EventTemplate) => finalizeEvent(e, sender),
    };
    const ln = new LightningAddress(`${bob.usertag}@${DOMAIN}`, { proxy: false });
    await ln.fetch();
    expect(ln.nostrPubkey).toBe(bobKey);
    expect(ln.lnurlpData?.allowsNostr).toBe(true);
    const invoice = await ln.zapInvoice(
      { satoshi: 21, comment: 'great post', relays: [relay.url], e: 'ee'.repeat(32) },
      { nostr },
    );
    expect(invoice.satoshi).toBe(21);
    expect(await invoice.isPaid()).toBe(false);

    expect((await payFromOutside(t.deps, invoice.paymentRequest)).ok).toBe(true);
    expect(await invoice.isPaid()).toBe(true);
    expect(invoice.validatePreimage(invoice.preimage ?? '')).toBe(true);

    await dispatchDue(t.deps, new AbortController().signal);
    const receipt = await relay.waitFor((e) => e.kind === 9735);
    const description = receipt.tags.find((x) => x[0] === 'description')?.[1] ?? '';
    expect(validateZapRequest(description)).toBeNull();
    expect(receipt.tags.find((x) => x[0] === 'p')?.[1]).toBe(bobKey);
    expect(receipt.tags.find((x) => x[0] === 'preimage')?.[1]).toBe(invoice.preimage);
  });

  it('cannot zap an address whose account published no Nostr key (NIP-05 is what it zaps to)', async () => {
    const ln = new LightningAddress(`${bob.usertag}@${DOMAIN}`, { proxy: false });
    await ln.fetch();
    expect(ln.lnurlpData?.allowsNostr).toBe(true);
    await expect(ln.zapInvoice({ satoshi: 21, relays: [relay.url] }, { nostr: {} as never })).rejects.toThrow(
      'Nostr Pubkey is missing',
    );
  });
});
