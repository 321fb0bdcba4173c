import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { safeFetch, webhookPost } from '../../../src/adapters/http-out/safe-fetch.ts';
import { listen, listenTls, type RunningServer, readBody } from '../../fixtures/lightning/http-server.ts';

let server: RunningServer;
let lastRequest: { method: string; url: string; headers: IncomingMessage['headers']; body: string } | null =
  null;

beforeAll(async () => {
  server = await listen(async (req, res) => {
    const body = await readBody(req);
    lastRequest = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    if (path === '/redirect') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      res.end();
    } else if (path === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('a'.repeat(10_000));
    } else if (path === '/hang') {
      res.writeHead(200);
      res.write('partial');
      // never ends
    } else if (path === '/silent') {
      // never answers
    } else {
      res.writeHead(201, { 'content-type': 'text/plain', 'x-multi': ['a', 'b'] });
      res.end(`hello ${req.method}`);
    }
  });
});

afterAll(async () => {
  await server.close();
});

describe('safeFetch', () => {
  it('GETs from an allowed private host and returns status, headers and body', async () => {
    const r = await safeFetch(`${server.url}/hi?x=1`, { allowPrivate: true });
    expect(r).toMatchObject({
      ok: true,
      status: 201,
      body: 'hello GET',
      truncated: false,
      remoteAddress: '127.0.0.1',
    });
    expect(r.ok && r.headers['x-multi']).toBe('a, b');
    expect(lastRequest?.url).toBe('/hi?x=1');
  });

  it('POSTs a body with its headers and content length', async () => {
    const r = await safeFetch(`${server.url}/post`, {
      method: 'POST',
      allowPrivate: true,
      headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' },
      body: '{"a":"é"}',
    });
    expect(r.ok && r.body).toBe('hello POST');
    expect(lastRequest?.body).toBe('{"a":"é"}');
    expect(lastRequest?.headers['content-length']).toBe('10');
    expect(lastRequest?.headers['webhook-id']).toBe('msg_1');
  });

  it('webhookPost sends one POST', async () => {
    const r = await webhookPost(`${server.url}/hook`, {
      headers: { 'content-type': 'application/json' },
      body: '{}',
      timeoutMs: 2000,
      maxBytes: 1000,
      allowPrivate: true,
    });
    expect(r.ok && r.status).toBe(201);
    expect(lastRequest?.method).toBe('POST');
  });

  it.each([
    ['loopback IPv4', (port: number) => `http://127.0.0.1:${port}/`],
    ['localhost by name', (port: number) => `http://localhost:${port}/`],
    ['loopback IPv6', (port: number) => `http://[::1]:${port}/`],
    ['IPv4-mapped loopback', (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
    ['decimal-encoded loopback', (port: number) => `http://2130706433:${port}/`],
    ['octal-encoded loopback', (port: number) => `http://0177.0.0.1:${port}/`],
    ['hex-encoded loopback', (port: number) => `http://0x7f.0.0.1:${port}/`],
    ['hex-number loopback', (port: number) => `http://0x7f000001:${port}/`],
    ['short-form loopback', (port: number) => `http://127.1:${port}/`],
    ['IPv4-mapped loopback in hex', (port: number) => `http://[::ffff:7f00:1]:${port}/`],
    ['NAT64-embedded loopback', (port: number) => `http://[64:ff9b::7f00:1]:${port}/`],
    ['6to4-embedded loopback', (port: number) => `http://[2002:7f00:1::]:${port}/`],
    ['IPv4-compatible loopback', (port: number) => `http://[::127.0.0.1]:${port}/`],
    ['metadata service', () => 'http://169.254.169.254/latest/meta-data/'],
    ['private network', () => 'http://10.0.0.1/'],
    ['unspecified', (port: number) => `http://0.0.0.0:${port}/`],
  ])('refuses %s unless private addresses are allowed', async (_name, url) => {
    const before = lastRequest;
    const r = await safeFetch(url(server.port), { timeoutMs: 2000 });
    expect(r).toMatchObject({ ok: false, reason: 'blocked_address' });
    expect(lastRequest).toBe(before);
  });

  it('refuses a name when any of its addresses is private, and connects to the checked address', async () => {
    const mixed = await safeFetch('http://mixed.example/', {
      lookup: async () => [
        { address: '93.184.216.34', family: 4 },
        { address: '127.0.0.1', family: 4 },
      ],
    });
    expect(mixed).toMatchObject({ ok: false, reason: 'blocked_address' });

    // The name resolves (in this test) to the stand-in; the request carries the original Host.
    const pinned = await safeFetch(`http://service.example:${server.port}/pinned`, {
      allowPrivate: true,
      lookup: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    expect(pinned.ok && pinned.body).toBe('hello GET');
    expect(lastRequest?.headers.host).toBe(`service.example:${server.port}`);
  });

  it.each([
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '64:ff9b::7f00:1',
    '2002:7f00:1::',
    '::ffff:169.254.169.254',
    'fd00:ec2::254',
    '100.64.0.1',
    '192.0.0.9',
  ])('refuses a name that resolves to %s', async (address) => {
    const r = await safeFetch('http://embedded.example/', {
      lookup: async () => [{ address, family: address.includes(':') ? 6 : 4 }],
    });
    expect(r).toMatchObject({ ok: false, reason: 'blocked_address' });
  });

  it('reports a name that does not resolve', async () => {
    const r = await safeFetch('http://nowhere.example/', {
      lookup: async () => {
        throw new Error('ENOTFOUND');
      },
    });
    expect(r).toMatchObject({ ok: false, reason: 'dns_failure' });
  });

  it.each(['ftp://example.com/', 'file:///etc/passwd', 'javascript:alert(1)', 'not a url', 'gopher://x/'])(
    'refuses %s',
    async (url) => {
      expect(await safeFetch(url)).toMatchObject({ ok: false, reason: 'invalid_url' });
    },
  );

  it('returns a redirect without following it', async () => {
    const r = await safeFetch(`${server.url}/redirect`, { allowPrivate: true });
    expect(r).toMatchObject({ ok: true, status: 302 });
    expect(r.ok && r.headers.location).toBe('http://169.254.169.254/latest/meta-data/');
  });

  it('reads at most maxBytes and says it truncated', async () => {
    const r = await safeFetch(`${server.url}/big`, { allowPrivate: true, maxBytes: 1000 });
    expect(r.ok && r.body.length).toBe(1000);
    expect(r.ok && r.truncated).toBe(true);
  });

  it('times out a server that never finishes', async () => {
    const started = Date.now();
    const r = await safeFetch(`${server.url}/hang`, { allowPrivate: true, timeoutMs: 300 });
    expect(r).toMatchObject({ ok: false, reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(3000);
    const silent = await safeFetch(`${server.url}/silent`, { allowPrivate: true, timeoutMs: 300 });
    expect(silent).toMatchObject({ ok: false, reason: 'timeout' });
  });

  it('stops when the caller aborts', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const r = await safeFetch(`${server.url}/silent`, { allowPrivate: true, signal: controller.signal });
    expect(r).toMatchObject({ ok: false, reason: 'aborted' });
  });

  it('reports a refused connection', async () => {
    const closed = await listen(() => {});
    const port = closed.port;
    await closed.close();
    const r = await safeFetch(`http://127.0.0.1:${port}/`, { allowPrivate: true, timeoutMs: 2000 });
    expect(r).toMatchObject({ ok: false, reason: 'connection_failed' });
  });

  it('verifies TLS certificates (a self-signed server is refused)', async () => {
    const dir = new URL('../../fixtures/lightning/tls/', import.meta.url);
    const tls = await listenTls(
      (_req, res) => {
        res.writeHead(200);
        res.end('secret');
      },
      {
        cert: readFileSync(new URL('cert.pem', dir), 'utf8'),
        key: readFileSync(new URL('key.pem', dir), 'utf8'),
      },
    );
    try {
      const r = await safeFetch(`https://localhost:${tls.port}/`, {
        allowPrivate: true,
        timeoutMs: 2000,
        lookup: async () => [{ address: '127.0.0.1', family: 4 }],
      });
      expect(r).toMatchObject({ ok: false, reason: 'connection_failed' });
    } finally {
      await tls.close();
    }
  });
});
