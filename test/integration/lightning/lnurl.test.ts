import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { descriptionHashHex } from '../../../src/adapters/lightning/bolt11.ts';
import { secp256k1 } from '../../../src/adapters/lightning/secp256k1.ts';
import {
  createLnurlPayClient,
  decodeLnurl,
  encodeLnurl,
  lightningAddressUrl,
  type PayRequest,
  requestInvoice,
  resolvePayTarget,
} from '../../../src/adapters/lnurl/index.ts';
import type { LnurlPayClient } from '../../../src/app/ports.ts';
import { listen } from '../../fixtures/lightning/http-server.ts';
import {
  buildPayMetadata,
  buildPayRequest,
  buildWithdrawRequest,
  lnurlError,
  parseWithdrawCallback,
  payMetadataHash,
} from '../../fixtures/lightning/lnurl-documents.ts';
import { type LnurlService, startLnurlService } from '../../fixtures/lightning/lnurl-service.ts';

const LOCAL = { allowPrivate: true, allowHttpLocalhost: true, timeoutMs: 3000 };

let service: LnurlService;
let host: string;

beforeAll(async () => {
  service = await startLnurlService();
  host = `127.0.0.1:${service.port}`;
});
afterAll(async () => {
  await service.close();
});
beforeEach(() => {
  service.mode = 'ok';
  service.network = 'regtest';
  service.callbackQueries.length = 0;
});

async function alice(): Promise<PayRequest> {
  const r = await resolvePayTarget(`alice@${host}`, LOCAL);
  if (!r.ok) throw new Error(`${r.reason}: ${r.message}`);
  return r.value;
}

describe('LUD-01 bech32 LNURL', () => {
  const VECTOR =
    'LNURL1DP68GURN8GHJ7UM9WFMXJCM99E3K7MF0V9CXJ0M385EKVCENXC6R2C35XVUKXEFCV5MKVV34X5EKZD3EV56NYD3HXQURZEPEXEJXXEPNXSCRVWFNV9NXZCN9XQ6XYEFHVGCXXCMYXYMNSERXFQ5FNS';
  const URL_OF_VECTOR =
    'https://service.com/api?q=3fc3645b439ce8e7f2553a69e5267081d96dcd340693afabe04be7b0ccd178df';

  it('decodes the LUD-01 example', () => {
    const r = decodeLnurl(VECTOR);
    expect(r.ok && r.url.href).toBe(URL_OF_VECTOR);
  });

  it('encodes the LUD-01 example', () => {
    expect(encodeLnurl(URL_OF_VECTOR)).toBe(VECTOR);
  });

  it('accepts lower case and a lightning: prefix', () => {
    const r = decodeLnurl(`lightning:${VECTOR.toLowerCase()}`);
    expect(r.ok && r.url.href).toBe(URL_OF_VECTOR);
  });

  it('maps LUD-17 lnurlp:// to https, and to http for .onion', () => {
    const a = decodeLnurl('lnurlp://service.com/api?q=1');
    expect(a.ok && a.url.href).toBe('https://service.com/api?q=1');
    const b = decodeLnurl('lnurlp://abcdef.onion/pay');
    expect(b.ok && b.url.href).toBe('http://abcdef.onion/pay');
  });

  it('refuses plain http except .onion and allowed local hosts', () => {
    expect(decodeLnurl(encodeLnurl('http://service.com/x')).ok).toBe(false);
    expect(decodeLnurl(encodeLnurl('http://abc.onion/x')).ok).toBe(true);
    expect(decodeLnurl(encodeLnurl('http://127.0.0.1:1/x')).ok).toBe(false);
    expect(decodeLnurl(encodeLnurl('http://127.0.0.1:1/x'), { allowHttpLocalhost: true }).ok).toBe(true);
    expect(decodeLnurl(encodeLnurl('https://user:pw@service.com/x')).ok).toBe(false);
  });

  it('refuses a bad checksum, another prefix and garbage', () => {
    expect(decodeLnurl(`${VECTOR.slice(0, -1)}T`).ok).toBe(false);
    expect(decodeLnurl('lnbc1qqqqqq').ok).toBe(false);
    expect(decodeLnurl('').ok).toBe(false);
    expect(decodeLnurl(`lnurl1${'q'.repeat(5000)}`).ok).toBe(false);
  });
});

describe('LUD-16 lightning addresses', () => {
  it('maps name@host to the well-known URL', () => {
    const r = lightningAddressUrl('Alice@Example.com');
    expect(r.ok && r.value.href).toBe('https://example.com/.well-known/lnurlp/alice');
    const local = lightningAddressUrl('bob@127.0.0.1:8080', { allowHttpLocalhost: true });
    expect(local.ok && local.value.href).toBe('http://127.0.0.1:8080/.well-known/lnurlp/bob');
    const notAllowed = lightningAddressUrl('bob@127.0.0.1:8080');
    expect(notAllowed.ok && notAllowed.value.protocol).toBe('https:');
  });

  it.each([
    '@example.com',
    'alice@',
    'a b@example.com',
    'alice@exa mple.com',
    'alice@example.com/evil',
    'al/ice@x.com',
  ])('refuses %s', (address) => {
    expect(lightningAddressUrl(address).ok).toBe(false);
  });
});

describe('resolvePayTarget', () => {
  it('fetches and validates the payRequest of a lightning address', async () => {
    const p = await alice();
    expect(p).toMatchObject({
      callback: `${service.url}/lnurlp/alice/callback?token=a%2Fb`,
      minSendableMsat: 1000n,
      maxSendableMsat: 2_100_000_000_000_000_000n,
      metadata: service.metadata,
      description: 'Pay alice at the stand-in',
      identifier: 'alice@stand.in',
      commentAllowed: 32,
      lightningAddress: `alice@${host}`,
    });
  });

  it('resolves a bech32 LNURL in any case with a lightning: prefix', async () => {
    const lnurl = encodeLnurl(`${service.url}/lnurlp/alice`);
    const r = await resolvePayTarget(`lightning:${lnurl.toLowerCase()}`, LOCAL);
    expect(r.ok && r.value.metadata).toBe(service.metadata);
    expect(r.ok && r.value.lightningAddress).toBeNull();
  });

  it('refuses a private address unless allowed', async () => {
    const r = await resolvePayTarget(`alice@${host}`, { allowHttpLocalhost: true, timeoutMs: 2000 });
    expect(r).toMatchObject({ ok: false, reason: 'unreachable' });
    expect(!r.ok && r.message).toMatch(/is not allowed or cannot be reached$/);
  });

  it('refuses a withdrawRequest where a payRequest is expected', async () => {
    const r = await resolvePayTarget(encodeLnurl(`${service.url}/lnurlw/voucher`), LOCAL);
    expect(r).toMatchObject({ ok: false, reason: 'not_pay_request' });
  });

  it('passes on a service error with its reason', async () => {
    const r = await resolvePayTarget(`bob@${host}`, LOCAL);
    expect(r).toMatchObject({ ok: false, reason: 'service_error', message: 'not found' });
  });

  it('reports an unreachable service', async () => {
    const gone = await listen(() => {});
    const port = gone.port;
    await gone.close();
    const r = await resolvePayTarget(`alice@127.0.0.1:${port}`, LOCAL);
    expect(r).toMatchObject({ ok: false, reason: 'unreachable' });
  });

  it('refuses input that is neither an LNURL nor an address', async () => {
    expect(await resolvePayTarget('hello', LOCAL)).toMatchObject({ ok: false, reason: 'invalid_input' });
  });
});

describe('requestInvoice', () => {
  it('appends amount and comment to the callback query and verifies the invoice', async () => {
    const p = await alice();
    const r = await requestInvoice(p, 21_000n, {
      ...LOCAL,
      comment: 'for the coffee & cake',
      network: 'regtest',
    });
    if (!r.ok) throw new Error(`${r.reason}: ${r.message}`);
    expect(service.callbackQueries).toEqual([
      '?token=a%2Fb&amount=21000&comment=for%20the%20coffee%20%26%20cake',
    ]);
    expect(r.value.invoice.amountMsat).toBe(21_000n);
    expect(r.value.invoice.descriptionHash).toBe(descriptionHashHex(service.metadata));
    expect(r.value.invoice.payeePubkey).toBe(
      Buffer.from(secp256k1().publicKey(service.payeeKey)).toString('hex'),
    );
    expect(r.value.successAction).toEqual({ tag: 'message', message: 'thanks' });
  });

  it('does not send a comment to a service that takes none', async () => {
    const p = { ...(await alice()), commentAllowed: 0 };
    const r = await requestInvoice(p, 5_000n, { ...LOCAL, comment: 'ignored' });
    expect(r.ok).toBe(true);
    expect(service.callbackQueries).toEqual(['?token=a%2Fb&amount=5000']);
  });

  it('adds ? when the callback has no query', async () => {
    const p = { ...(await alice()), callback: `${service.url}/lnurlp/alice/callback` };
    await requestInvoice(p, 5_000n, LOCAL);
    expect(service.callbackQueries).toEqual(['?amount=5000']);
  });

  it('refuses amounts outside min/max without asking the service', async () => {
    const p = await alice();
    expect(await requestInvoice(p, 999n, LOCAL)).toMatchObject({ ok: false, reason: 'amount_out_of_range' });
    expect(await requestInvoice(p, p.maxSendableMsat + 1n, LOCAL)).toMatchObject({
      ok: false,
      reason: 'amount_out_of_range',
    });
    expect(service.callbackQueries).toEqual([]);
  });

  it('refuses a comment longer than the service accepts', async () => {
    const r = await requestInvoice(await alice(), 5_000n, { ...LOCAL, comment: 'x'.repeat(33) });
    expect(r).toMatchObject({ ok: false, reason: 'comment_too_long' });
  });

  it.each([
    ['wrong_amount', 'amount_mismatch'],
    ['amountless', 'amount_mismatch'],
    ['wrong_hash', 'hash_mismatch'],
    ['error', 'service_error'],
    ['not_json', 'bad_response'],
    ['http_500', 'bad_response'],
    ['garbage_invoice', 'bad_invoice'],
    ['huge', 'bad_response'],
  ] as const)('a service in mode %s gives %s', async (mode, reason) => {
    const p = await alice();
    service.mode = mode;
    const r = await requestInvoice(p, 5_000n, LOCAL);
    expect(r).toMatchObject({ ok: false, reason });
  });

  it('passes the reason of an ERROR answer', async () => {
    const p = await alice();
    service.mode = 'error';
    expect(await requestInvoice(p, 5_000n, LOCAL)).toMatchObject({ message: 'alice is on holiday' });
  });

  it('refuses an invoice for another network when asked to check', async () => {
    const p = await alice();
    service.network = 'testnet';
    expect(await requestInvoice(p, 5_000n, { ...LOCAL, network: 'regtest' })).toMatchObject({
      ok: false,
      reason: 'network_mismatch',
    });
  });
});

describe('the LnurlPayClient port', () => {
  it('resolves and requests through the port, mapping failures to kinds', async () => {
    const client: LnurlPayClient = createLnurlPayClient(LOCAL);
    const resolved = await client.resolvePay(`alice@${host}`);
    if (!resolved.ok) throw new Error(resolved.message);
    const invoice = await client.requestInvoice(resolved.params, 7_000n);
    expect(invoice.ok && invoice.payreq.startsWith('lnbcrt70n1')).toBe(true);

    expect(await client.resolvePay('nonsense')).toMatchObject({ ok: false, kind: 'invalid_target' });
    service.mode = 'wrong_hash';
    expect(await client.requestInvoice(resolved.params, 7_000n)).toMatchObject({
      ok: false,
      kind: 'invalid',
    });
    service.mode = 'error';
    expect(await client.requestInvoice(resolved.params, 7_000n)).toMatchObject({
      ok: false,
      kind: 'refused',
    });
  });
});

describe('service-side documents', () => {
  it('a payRequest built here is accepted by the client, and its invoice hash is the metadata hash', () => {
    const metadata = buildPayMetadata({ description: 'Pay bob', identifier: 'bob@paytag.test' });
    expect(JSON.parse(metadata)).toEqual([
      ['text/plain', 'Pay bob'],
      ['text/identifier', 'bob@paytag.test'],
    ]);
    expect(Buffer.from(payMetadataHash(metadata)).toString('hex')).toBe(descriptionHashHex(metadata));
    expect(
      buildPayRequest({
        callback: 'https://paytag.test/lnurlp/bob/cb',
        minSendableMsat: 1000n,
        maxSendableMsat: 100_000_000n,
        metadata,
        commentAllowed: 140,
      }),
    ).toEqual({
      tag: 'payRequest',
      callback: 'https://paytag.test/lnurlp/bob/cb',
      minSendable: 1000,
      maxSendable: 100_000_000,
      metadata,
      commentAllowed: 140,
    });
    expect(() =>
      buildPayRequest({ callback: 'x', minSendableMsat: 10n, maxSendableMsat: 1n, metadata }),
    ).toThrow(RangeError);
  });

  it('builds a LUD-03 withdrawRequest and parses the wallet callback', () => {
    expect(
      buildWithdrawRequest({
        callback: 'https://paytag.test/lnurlw/cb',
        k1: 'k1value',
        defaultDescription: 'Voucher ABC',
        minWithdrawableMsat: 1000n,
        maxWithdrawableMsat: 1000n,
      }),
    ).toEqual({
      tag: 'withdrawRequest',
      callback: 'https://paytag.test/lnurlw/cb',
      k1: 'k1value',
      defaultDescription: 'Voucher ABC',
      minWithdrawable: 1000,
      maxWithdrawable: 1000,
    });
    expect(parseWithdrawCallback({ k1: 'k1value', pr: 'lnbc1...' })).toEqual({
      ok: true,
      k1: 'k1value',
      pr: 'lnbc1...',
    });
    expect(parseWithdrawCallback({ k1: 'k1value' }).ok).toBe(false);
    expect(parseWithdrawCallback({ pr: ['a', 'b'], k1: 'x' }).ok).toBe(false);
    expect(lnurlError('voucher already redeemed')).toEqual({
      status: 'ERROR',
      reason: 'voucher already redeemed',
    });
  });
});
