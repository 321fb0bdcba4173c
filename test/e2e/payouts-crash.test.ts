import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import type { Env } from '../../src/config/index.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';
import {
  DIST_START_TIMEOUT_MS,
  ensureFreshDist,
  freePort,
  startServerProcess,
} from '../fixtures/server-process.ts';

// SIGKILL during a payout batch: the service (compiled, as `npm start` runs it) pays a batch and is killed
// at ten moments while items are being paid, then started again; at the end every item is paid exactly
// once and the audit is clean. The destinations are usertags and Lightning addresses of this service,
// paid inside the ledger: the sandbox node keeps its outcomes in the killed process's memory, so a payment
// through it could not be asked about after a restart (docs/payouts.md explains that case: the payments
// reconciler asks the node).

const ITEMS = 300;
const KILLS = 10;

describe.each(DIALECTS)('a payout batch killed mid-way on %s', (dialect) => {
  let t: TestRuntime;
  let dir: string;
  let env: Env;

  beforeEach(async () => {
    await ensureFreshDist();
    const shared: Env = {
      PUBLIC_URL: 'http://paytag.test',
      RATE_LIMIT_ENABLED: 'false',
      WEBHOOK_ALLOW_PRIVATE: 'true',
      SANDBOX_NODE_KEY: '11'.repeat(32),
      PAYOUT_CLAIM_LEASE_MS: '1000',
      PAYOUT_POLL_INTERVAL_MS: '50',
    };
    t = await testRuntime(dialect, shared);
    dir = mkdtempSync(join(tmpdir(), 'paytag-payouts-crash-'));
    env = { ...shared, DATABASE_URL: t.databaseUrl, DATA_DIR: dir, HOST: '127.0.0.1', LOG_LEVEL: 'info' };
  }, DIST_START_TIMEOUT_MS);
  afterEach(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ended = async (): Promise<number> =>
    (
      await t.deps.db.read
        .selectFrom('payout_items')
        .select('id')
        .where('ended_at_ms', 'is not', null)
        .execute()
    ).length;

  it('every item is paid exactly once across ten kills, and the audit is clean', async () => {
    const payer: TestAccount = await makeAccount(t.deps, { fund: { lbtc: '0.1' } });
    const alice = await makeAccount(t.deps);
    const bob = await makeAccount(t.deps);
    const items = Array.from({ length: ITEMS }, (_, i) => ({
      destination: i % 2 === 0 ? alice.usertag : `${bob.usertag}@paytag.test`,
      amount: '0.00001',
    }));
    const r = await t.app.inject({
      method: 'POST',
      url: '/lapi/v1/payouts',
      headers: { 'x-api-key': payer.adminKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ items }),
    });
    expect(r.statusCode, r.body).toBe(200);
    const before = await availableBalance(t.deps.db.read, payer.id, 'lbtc');
    const reserved = BigInt(r.json().data.reserved_msat as string);

    const progress: number[] = [];
    for (let k = 0; k < KILLS; k += 1) {
      const port = await freePort();
      const server = await startServerProcess({ ...process.env, ...env, PORT: String(port) }, { dist: true });
      // Killed once the worker has ended at least one more item (or the batch is done), at once.
      const start = await ended();
      for (let i = 0; i < 2000 && (await ended()) === start && start < ITEMS; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      await server.kill();
      progress.push(await ended());
    }
    // The last start finishes the batch.
    const port = await freePort();
    const server = await startServerProcess({ ...process.env, ...env, PORT: String(port) }, { dist: true });
    for (let i = 0; i < 6000 && (await ended()) < ITEMS; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await server.stop();

    expect(await ended()).toBe(ITEMS);
    // The kills landed while items were being paid, not all after the end.
    expect(progress.filter((n) => n < ITEMS).length).toBeGreaterThan(0);
    const rows = await t.deps.db.read.selectFrom('payout_items').select(['status', 'payment_id']).execute();
    expect(rows.filter((x) => x.status === 'paid')).toHaveLength(ITEMS);
    const payments = await t.deps.db.read
      .selectFrom('payments')
      .select(['id', 'status'])
      .where('purpose', '=', 'payout')
      .execute();
    expect(payments).toHaveLength(ITEMS);
    expect(new Set(rows.map((x) => String(x.payment_id))).size).toBe(ITEMS);
    // The payer paid exactly the items' amounts (no service fee by default) and got back the unused reserves.
    const spent = before + reserved - (await availableBalance(t.deps.db.read, payer.id, 'lbtc'));
    expect(spent).toBe(BigInt(ITEMS) * 1_000_000n);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  }, 600_000);
});
