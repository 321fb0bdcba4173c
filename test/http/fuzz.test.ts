import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

/**
 * Every route of the OpenAPI document, called with arbitrary parameters of arbitrary JSON types (GET
 * query strings and JSON bodies, POST bodies), with each kind of key: whatever arrives, the answer is a
 * 4xx or a success in the family's shape, never a 500, and the ledger stays consistent. On both
 * databases: PostgreSQL refuses some text SQLite stores (a NUL character), and that must be a 400 too.
 */

interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
interface Route {
  method: 'GET' | 'POST';
  path: string;
  names: string[];
  /** HTML forms post urlencoded bodies. */
  form?: boolean;
}

// The voucher and checkout pages are not API operations, so the OpenAPI document leaves them out.
const PAGE_ROUTES: Route[] = [
  { method: 'GET', path: '/voucher/redeem/{code}', names: [] },
  { method: 'POST', path: '/voucher/redeem/{code}', names: ['redeem_mode', 'redeem_to'], form: true },
  { method: 'GET', path: '/voucher/{id}', names: [] },
  { method: 'POST', path: '/voucher/{id}', names: ['redeem_mode', 'redeem_to'], form: true },
  { method: 'GET', path: '/voucher/{id}/print', names: ['token'] },
  { method: 'GET', path: '/checkout/{tid}', names: ['lang'] },
  { method: 'POST', path: '/checkout/{tid}/pay', names: ['lang'], form: true },
];

// Names every route might read, besides those its own schema declares.
const COMMON_NAMES = [
  'amount',
  'tid',
  'limit',
  'usertag',
  'api_key',
  'wallet',
  'invoice',
  'voucher_code',
  'payment_mode',
  'lightning_invoice_type',
];

const EDGE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '1e400',
  '0.000000001',
  '21000000.00000001',
  '9007199254740993',
  'NaN',
  'Infinity',
  'null',
  'true',
  '[]',
  '{}',
  '%00',
  '\u0000',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
  'x'.repeat(5000),
  'lnbcrt1',
  'lnurl1dp68gurn8ghj7',
  'alice@localhost',
  'http://127.0.0.1:1/x',
  'javascript:alert(1)',
  'usertag',
  'invoice',
  'lightning',
  'lnurl',
];
/** Scalars, with the values `real` holds (a usertag, an invoice, a tid that exist) mixed in. */
const scalarOf = (real: string[]) =>
  fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...real) },
    fc.constantFrom(...EDGE_STRINGS),
    fc.string({ maxLength: 40 }),
    fc.integer(),
    fc.constantFrom(0, -0, 1e21, 2 ** 53 + 2, -1, 0.1, 1e-9, Number.MAX_VALUE),
    fc.boolean(),
    fc.constant(null),
  );
const jsonOf = (real: string[]) => {
  const scalar = scalarOf(real);
  return fc.oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), scalar, { maxKeys: 3 }) },
  );
};

const STREAMS = new Set(['/api/v1/payments/sse', '/api/v1/ws/{key}']);

function routesOf(doc: { paths: Record<string, Record<string, Operation>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    // Live streams answer for as long as the client listens (test/http/lnbits-clients.test.ts covers them).
    if (STREAMS.has(path)) continue;
    for (const [method, op] of Object.entries(ops)) {
      const m = method.toUpperCase();
      if (m !== 'GET' && m !== 'POST') continue;
      const declared = [
        ...(op.parameters ?? []).filter((p) => p.in !== 'path' && p.in !== 'header').map((p) => p.name),
        ...Object.keys(op.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      ];
      routes.push({ method: m, path, names: [...new Set([...declared, ...COMMON_NAMES])] });
    }
  }
  return routes;
}

const asQueryValue = (v: unknown): string => (typeof v === 'string' ? v : JSON.stringify(v));

describe.each(DIALECTS)('arbitrary input on every route, on %s', (dialect) => {
  let t: TestRuntime;
  let alice: TestAccount;
  let bob: TestAccount;
  let routes: Route[];
  /** Values that exist in the service, so that requests get past validation into the use cases. */
  let real: string[];
  /** A valid request per route; half the runs start from it and change a few of its fields. */
  let valid: Record<string, Record<string, unknown>>;
  /** LNDhub access tokens of the keys (the /lndhub/ext routes take a bearer token, not the key). */
  let hubTokens: Record<string, string>;

  beforeAll(async () => {
    t = await testRuntime(dialect, { SANDBOX_NODE_KEY: '22'.repeat(32) });
    alice = await makeAccount(t.deps, { fund: { lbtc: '0.01' } });
    bob = await makeAccount(t.deps);
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    routes = [...routesOf(doc), ...PAGE_ROUTES];
    const receive = async (amount: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/lapi/v1/receive',
          headers: { 'x-api-key': bob.invoiceKey },
          payload: { amount },
        })
      ).json().data as { tid: string; lightning_invoice: { payreq: string } };
    const invoice = await receive('0.00001');
    const batch = (
      await t.app.inject({
        method: 'POST',
        url: '/lapi/v1/requestVoucher',
        headers: { 'x-api-key': alice.adminKey },
        payload: { amount: '0.00001', voucher_count: 3 },
      })
    ).json().data as { tid: string; voucher_urls: Array<{ voucher_url: string }> };
    const hubToken = async (login: string, password: string) =>
      (await t.app.inject({ method: 'POST', url: '/lndhub/ext/auth', payload: { login, password } })).json()
        .access_token as string;
    hubTokens = {
      [alice.adminKey]: await hubToken('admin', alice.adminKey),
      [alice.invoiceKey]: await hubToken('invoice', alice.invoiceKey),
      [bob.adminKey]: await hubToken('admin', bob.adminKey),
    };
    valid = {
      '/lndhub/ext/addinvoice': { amt: '10', memo: 'fuzz' },
      '/lndhub/ext/payinvoice': { invoice: invoice.lightning_invoice.payreq },
      '/lndhub/ext/decodeinvoice': { invoice: invoice.lightning_invoice.payreq },
      '/lndhub/ext/auth': { login: 'admin', password: alice.adminKey },
      '/lapi/v1/receive': { amount: '0.00001', description: 'fuzz' },
      '/lapi/v1/send': { payment_mode: 'usertag', usertag: bob.usertag, amount: '0.0000001' },
      '/lapi/v1/decodeInvoice': { invoice: invoice.lightning_invoice.payreq },
      '/lapi/v1/checkPayment': { tid: invoice.tid },
      '/lapi/v1/history': { limit: 5 },
      '/lapi/v1/requestVoucher': { amount: '0.000001', voucher_count: 1 },
      '/lapi/v1/checkVoucher': { tid: batch.tid },
      '/lapi/v1/redeemVoucher': {
        voucher_code: batch.voucher_urls[0]!.voucher_url.split('/').pop(),
        redeem_mode: 'usertag',
        redeem_to: bob.usertag,
      },
      '/lapi/v1/webhooks/deliveries': { limit: 5 },
      '/sandbox/v1/pay': { invoice: invoice.lightning_invoice.payreq },
      '/voucher/{id}': { redeem_mode: 'usertag', redeem_to: bob.usertag },
      '/sapi/v1/receive': { wallet: 'usdt', payment_mode: 'onchain', chain_network: 'BEP20', amount: '1.5' },
      '/sapi/v1/history': { limit: 5, wallet: 'btc' },
      '/api/v1/payments': { out: false, amount: 10, memo: 'fuzz' },
      '/api/v1/payments/decode': { data: invoice.lightning_invoice.payreq },
    };
    real = [
      bob.usertag,
      alice.usertag,
      invoice.tid,
      invoice.lightning_invoice.payreq,
      batch.tid,
      ...batch.voucher_urls.map((v) => v.voucher_url.split('/').pop()!),
      '0.00001',
      '0.000001',
      '1',
      '100',
      'invoice',
      'lnurl',
      'usertag',
      'lightning',
      'lbtc',
      'btc',
      'usdt',
      'onchain',
      'BEP20',
    ];
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads the routes from the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toContain('POST /lapi/v1/send');
  });

  it('refuses U+0000 wherever it comes, naming the field, and stores nothing', async () => {
    const key = { 'x-api-key': alice.adminKey };
    const before = (
      await t.app.inject({ method: 'GET', url: '/lapi/v1/history?limit=1000', headers: key })
    ).json().data.length;
    const answers = [
      await t.app.inject({
        method: 'POST',
        url: '/lapi/v1/receive',
        headers: key,
        payload: { amount: '0.00001', description: 'a\u0000b' },
      }),
      await t.app.inject({ method: 'GET', url: '/lapi/v1/checkPayment?tid=%00', headers: key }),
      await t.app.inject({
        method: 'GET',
        url: '/lapi/v1/checkPayment',
        headers: { ...key, 'content-type': 'application/json' },
        payload: '{"tid": "x\\u0000"}',
      }),
      await t.app.inject({
        method: 'POST',
        url: '/lapi/v1/receive',
        headers: { ...key, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'amount=0.00001&order_id=%00',
      }),
    ];
    expect(answers.map((r) => [r.statusCode, r.json().field])).toEqual([
      [400, 'description'],
      [400, 'tid'],
      [400, 'tid'],
      [400, 'order_id'],
    ]);
    for (const r of answers) expect(r.json().message).toBe('text must not contain NUL characters (U+0000)');
    const page = await t.app.inject({ method: 'GET', url: '/voucher/redeem/%00' });
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const after = (
      await t.app.inject({ method: 'GET', url: '/lapi/v1/history?limit=1000', headers: key })
    ).json().data.length;
    expect(after).toBe(before);
  });

  // 3000 requests over every route: seconds alone, far longer beside other test files on a busy machine.
  it('answers every request with a 2xx or a clear 4xx, never a 500', { timeout: 180_000 }, async () => {
    const seen = new Map<string, Set<number>>();
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.constantFrom<'admin' | 'invoice' | 'none' | 'other'>('admin', 'invoice', 'none', 'other'),
        fc.boolean(),
        fc.boolean(),
        fc.oneof(fc.string({ maxLength: 24 }), fc.constantFrom(...real)),
        fc.array(fc.tuple(fc.nat(), jsonOf(real)), { maxLength: 4 }),
        async (routeIndex, keyKind, jsonBody, fromValid, pathPart, picks) => {
          const route = routes[routeIndex % routes.length]!;
          const params: Record<string, unknown> = fromValid ? { ...valid[route.path] } : {};
          for (const [i, v] of picks) params[route.names[i % route.names.length]!] = v;
          const key = { admin: alice.adminKey, invoice: alice.invoiceKey, other: bob.adminKey, none: null }[
            keyKind
          ];
          // Path parameters (a voucher code, a batch id, a usertag) get arbitrary text too.
          const url = route.path.replace(/\{[^}]+\}/g, () => encodeURIComponent(pathPart) || 'x');
          const headers: Record<string, string> =
            key === null
              ? {}
              : route.path.startsWith('/lndhub/ext/')
                ? { authorization: `Bearer ${hubTokens[key]}` }
                : { 'x-api-key': key };
          let res: Awaited<ReturnType<TestRuntime['app']['inject']>>;
          if (route.form) {
            const form = new URLSearchParams(
              Object.entries(params).map(([k, v]): [string, string] => [k, asQueryValue(v)]),
            );
            res = await t.app.inject({
              method: 'POST',
              url,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              payload: form.toString(),
            });
          } else if (route.method === 'GET' && !jsonBody) {
            const qs = new URLSearchParams(
              Object.entries(params).map(([k, v]): [string, string] => [k, asQueryValue(v)]),
            );
            res = await t.app.inject({ method: 'GET', url: `${url}?${qs}`, headers });
          } else {
            res = await t.app.inject({
              method: route.method,
              url,
              headers: { ...headers, 'content-type': 'application/json' },
              payload: JSON.stringify(params),
            });
          }
          const statuses = seen.get(`${route.method} ${route.path}`) ?? new Set<number>();
          statuses.add(res.statusCode);
          seen.set(`${route.method} ${route.path}`, statuses);
          // LNbits' own answer to a payment or invoice that could not be made (its PaymentError): 520 with
          // status "failed", nothing paid; the LNbits wallet API keeps it (docs/clients.md).
          const lnbitsRefusal =
            res.statusCode === 520 &&
            route.path.startsWith('/api/v1/payments') &&
            res.json().status === 'failed';
          if (res.statusCode >= 500 && !lnbitsRefusal) {
            throw new Error(
              `${route.method} ${url} with ${JSON.stringify(params)} answered ${res.statusCode}: ${res.body.slice(0, 300)}`,
            );
          }
          const type = String(res.headers['content-type'] ?? '');
          if (res.statusCode >= 300 && res.statusCode < 400) {
            // A redeem form that succeeded redirects to the voucher's page, a sandbox payment to the checkout.
            expect(res.headers.location).toMatch(/^\/(voucher|checkout)\//);
          } else if (type.startsWith('application/json')) expect(() => JSON.parse(res.body)).not.toThrow();
          else expect(type).toMatch(/^text\/(html|plain)/);
        },
      ),
      { numRuns: Number(process.env['FUZZ_RUNS'] ?? 3000) },
    );
    // Every route was reached, and the bad input was refused, not ignored.
    expect(seen.size).toBe(routes.length);
    expect([...seen.values()].some((s) => [...s].some((code) => code >= 400 && code < 500))).toBe(true);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });
});
