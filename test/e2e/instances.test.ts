import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CHAIN_KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import { runCli, type ServerProcess, startServerProcess } from '../fixtures/server-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../fixtures/webhook-receiver.ts';

/**
 * Two real `paytag serve` processes on one PostgreSQL database (SQLite serves one process at a time:
 * its serve lock), each running every background job, under a mixed load sent to both: payment
 * requests paid through the other instance's sandbox node, usertag sends, vouchers requested on one and
 * redeemed on the other, webhooks to a real receiver. Afterwards every invariant holds: `paytag audit`
 * is clean, every payment and voucher event was delivered exactly once, every request paid once.
 */
describe.each(DIALECTS.filter((d) => d === 'postgres'))('two instances on one %s database', (dialect) => {
  const nodeKey = randomBytes(32).toString('hex');
  let db: TestRuntime;
  const servers: ServerProcess[] = [];
  const dirs: string[] = [];
  let receiver: WebhookReceiver;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // The database and its accounts are made here; this runtime serves nothing and runs no job.
    db = await testRuntime(dialect, { SANDBOX_NODE_KEY: nodeKey });
    env = {
      ...process.env,
      PAYTAG_FROM_SOURCE: '1',
      DATABASE_URL: db.databaseUrl,
      SANDBOX_NODE_KEY: nodeKey,
      PORT: '0',
      LOG_LEVEL: 'info', // the fixture waits for the "paytag ready" line
      PUBLIC_URL: 'http://paytag.test',
      RATE_LIMIT_ENABLED: 'false',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      OUTBOX_POLL_INTERVAL_MS: '50',
      // Instances of one database derive on-chain addresses from the same account keys (or refuse to start).
      BTC_XPUB: TEST_CHAIN_KEYS.btc.text,
      EVM_XPUB: TEST_CHAIN_KEYS.evm.text,
    };
    for (let i = 0; i < 2; i++) {
      const dir = mkdtempSync(join(tmpdir(), `paytag-instance-${i}-`));
      dirs.push(dir);
      servers.push(await startServerProcess({ ...env, DATA_DIR: dir }));
    }
  }, 90_000);
  afterAll(async () => {
    for (const s of servers) await s.stop();
    await receiver?.close();
    await db?.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  const call = async (i: number, method: string, path: string, key: string | null, body?: unknown) => {
    const res = await fetch(`${servers[i % 2]!.url}${path}`, {
      method,
      headers: {
        ...(key === null ? {} : { 'x-api-key': key }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${path} on instance ${i % 2}: ${res.status} ${text}`);
    return JSON.parse(text) as { data: Record<string, unknown> & { tid: string } };
  };

  it('under a mixed load, nothing is lost or doubled and the audit is clean', {
    timeout: 240_000,
  }, async () => {
    const shop = await makeAccount(db.deps);
    const payers: TestAccount[] = [];
    for (let i = 0; i < 3; i++) payers.push(await makeAccount(db.deps, { fund: { lbtc: '0.05' } }));
    const hook = receiver.url('/events');
    const paidTids: string[] = [];
    const voucherEvents: string[] = [];
    let sends = 0;

    const lane = async (lane: number) => {
      for (let round = 0; round < 6; round++) {
        const here = lane + round;
        const there = here + 1;
        // A payment request made on one instance, paid through the other's sandbox node.
        const req = await call(here, 'POST', '/lapi/v1/receive', shop.invoiceKey, {
          amount: '0.00001',
          callback_url: hook,
        });
        const payreq = (req.data['lightning_invoice'] as { payreq: string }).payreq;
        await call(there, 'POST', '/sandbox/v1/pay', null, { invoice: payreq });
        paidTids.push(req.data.tid);
        // A send between payers.
        const from = payers[here % 3]!;
        const to = payers[there % 3]!;
        await call(here, 'POST', '/lapi/v1/send', from.adminKey, {
          payment_mode: 'usertag',
          usertag: to.usertag,
          amount: '0.00000500',
        });
        sends += 1;
        // A voucher requested on one instance and redeemed on the other.
        const batch = await call(here, 'POST', '/lapi/v1/requestVoucher', from.adminKey, {
          amount: '0.00000300',
          voucher_count: 1,
          callback_url: hook,
        });
        const url = (batch.data['voucher_urls'] as Array<{ voucher_url: string }>)[0]!.voucher_url;
        const code = url.split('/').pop()!;
        await call(there, 'POST', '/lapi/v1/redeemVoucher', to.invoiceKey, {
          voucher_code: code,
          redeem_mode: 'usertag',
          redeem_to: to.usertag,
        });
        voucherEvents.push(batch.data.tid);
      }
    };
    await Promise.all([0, 1, 2, 3].map(lane));

    // Each paid request and each redeemed voucher has exactly one webhook event, delivered once, by
    // whichever instance claimed it.
    const expected = paidTids.length + voucherEvents.length;
    await receiver.waitFor(expected, 60_000);
    await new Promise((r) => setTimeout(r, 1_000)); // a second delivery of anything would arrive now
    const counts = receiver.countsById();
    expect(counts.size).toBe(expected);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    const paidEvents = receiver.requests
      .map((r) => JSON.parse(r.rawBody.toString()) as { tid?: string; status?: string; voucher_url?: string })
      .filter((b) => b.status === 'paid')
      .map((b) => b.tid);
    expect(new Set(paidEvents)).toEqual(new Set(paidTids));

    // Every request paid once, every send once.
    const rows = await db.deps.db.read
      .selectFrom('payments')
      .select(['public_id', 'direction', 'status', 'purpose'])
      .execute();
    for (const tid of paidTids) {
      expect(
        rows.filter((r) => r.public_id === tid && r.direction === 'in' && r.status === 'paid'),
      ).toHaveLength(1);
    }
    expect(
      rows.filter((r) => r.direction === 'out' && r.purpose === 'send' && r.status === 'paid'),
    ).toHaveLength(sends);

    // Both instances stop cleanly, and the ledger they leave is exact.
    for (const s of servers) await s.stop();
    const audit = runCli({ ...env, DATA_DIR: dirs[0] }, 'audit');
    expect(audit.code, audit.out + audit.err).toBe(0);
    expect(audit.out).toContain('ledger OK: no violations');
  });

  it('a rolling restart under load loses and doubles nothing', { timeout: 240_000 }, async () => {
    for (const s of servers.splice(0)) await s.stop();
    const start = async (i: number) => startServerProcess({ ...env, DATA_DIR: dirs[i % 2] });
    const live: ServerProcess[] = [await start(0), await start(1)];
    const payers: TestAccount[] = [];
    for (let i = 0; i < 2; i++) payers.push(await makeAccount(db.deps, { fund: { lbtc: '0.05' } }));
    let stopping = false;
    let retries = 0;
    let refused = 0;
    const keys: string[] = [];

    /** Sends with an Idempotency-Key; a refused connection (an instance restarting) is retried elsewhere. */
    const sendOnce = async (lane: number, n: number) => {
      const key = `roll-${lane}-${n}`;
      keys.push(key);
      for (let attempt = 0; ; attempt++) {
        const server = live[(lane + attempt) % 2]!;
        try {
          const res = await fetch(`${server.url}/lapi/v1/send`, {
            method: 'POST',
            headers: {
              'x-api-key': payers[lane % 2]!.adminKey,
              'content-type': 'application/json',
              'idempotency-key': key,
            },
            body: JSON.stringify({
              payment_mode: 'usertag',
              usertag: payers[(lane + 1) % 2]!.usertag,
              amount: '0.00000100',
            }),
          });
          const text = await res.text();
          if (res.status === 200) return;
          // An instance that is stopping refuses what arrives on a kept-alive connection: send it again.
          if (res.status === 503 && JSON.parse(text).code === 'shutting_down') {
            expect(res.headers.get('retry-after')).toBe('1');
            refused += 1;
            continue;
          }
          throw new Error(`send ${key}: ${res.status} ${text}`);
        } catch (e) {
          // Only a refused or cut connection is retried: any answer the server gave is final.
          if (e instanceof Error && e.message.startsWith('send ')) throw e;
          retries += 1;
          if (attempt > 200) throw e;
        }
      }
    };
    const lanes = [0, 1, 2, 3].map(async (lane) => {
      for (let n = 0; !stopping || n < 10; n++) await sendOnce(lane, n);
    });

    await new Promise((r) => setTimeout(r, 1_500));
    for (const i of [0, 1]) {
      // As a load balancer would, requests still go to the old process while it stops and after it is
      // gone (until the new one is up): refused connections, retried on the other instance.
      await live[i]!.stop(); // SIGTERM: answers what it has in flight, then exits
      live[i] = await start(i);
      await new Promise((r) => setTimeout(r, 1_000));
    }
    stopping = true;
    await Promise.all(lanes);
    for (const s of live) await s.stop();

    // One paid payment per key, whatever instance answered it and however often it was retried.
    const rows = await db.deps.db.read
      .selectFrom('payments')
      .select(['idempotency_key', 'status'])
      .where('direction', '=', 'out')
      .where('idempotency_key', 'like', 'roll-%')
      .execute();
    expect(rows).toHaveLength(keys.length);
    expect(new Set(rows.map((r) => r.idempotency_key))).toEqual(new Set(keys));
    expect(rows.every((r) => r.status === 'paid')).toBe(true);
    const audit = runCli({ ...env, DATA_DIR: dirs[0] }, 'audit');
    expect(audit.code, audit.out + audit.err).toBe(0);
    // The restarts were felt: some requests found an instance stopping or gone and were sent again.
    expect(retries + refused).toBeGreaterThan(0);
  });
});
