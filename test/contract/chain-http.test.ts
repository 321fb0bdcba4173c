import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getText } from '../../src/adapters/chain/http-json.ts';
import { ConfigError, loadConfig } from '../../src/config/index.ts';

/**
 * A chain node's answer is read up to CHAIN_RESPONSE_MAX_BYTES, over a real HTTP server on loopback: one
 * that streams without end is cut off at the limit (never buffered whole), and the call fails saying so.
 */
describe('chain node answers are read with a size limit', () => {
  let server: Server;
  let url = '';
  let sentBytes = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/small') {
        res.writeHead(200, { 'content-type': 'text/plain' }).end('812345');
        return;
      }
      // An answer that never ends: 64 KiB chunks as fast as the socket takes them.
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(65_536, 0x20);
      const pump = () => {
        while (!res.destroyed) {
          sentBytes += chunk.length;
          if (!res.write(chunk)) break;
        }
      };
      res.on('drain', pump);
      pump();
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((r) => server.close(() => r()));
  });

  it('an answer within the limit is read; one past it fails that call, naming the limit', async () => {
    expect(await getText(`${url}/small`, 5_000, {}, 65_536)).toEqual({
      ok: true,
      status: 200,
      text: '812345',
    });
    const big = await getText(`${url}/endless`, 30_000, {}, 1_048_576);
    expect(big).toEqual({
      ok: false,
      kind: 'too_large',
      reason: 'answered more than 1048576 bytes (CHAIN_RESPONSE_MAX_BYTES)',
    });
    expect(sentBytes).toBeGreaterThan(1_048_576);
  });

  it('CHAIN_RESPONSE_MAX_BYTES defaults to 16 MiB and refuses a value outside 64 KiB..256 MiB, naming itself', () => {
    expect(loadConfig({}).chainWatch.responseMaxBytes).toBe(16 * 1024 * 1024);
    expect(loadConfig({ CHAIN_RESPONSE_MAX_BYTES: '65536' }).chainWatch.responseMaxBytes).toBe(65_536);
    for (const bad of ['1000', '268435457', 'lots']) {
      let problems: string[] = [];
      try {
        loadConfig({ CHAIN_RESPONSE_MAX_BYTES: bad });
      } catch (e) {
        if (e instanceof ConfigError) problems = e.problems;
      }
      expect(problems, bad).toEqual([expect.stringContaining('CHAIN_RESPONSE_MAX_BYTES')]);
    }
  });
});
