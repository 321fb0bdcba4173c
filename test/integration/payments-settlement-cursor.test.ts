import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClnBackend } from '../../src/adapters/lightning/cln.ts';
import { createLndBackend } from '../../src/adapters/lightning/lnd.ts';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import type { AppDeps } from '../../src/app/deps.ts';
import {
  creditSettlement,
  isCursor,
  settlementCursorKey,
} from '../../src/app/payments/settlement/settlement-cursor.ts';
import type { LightningBackend } from '../../src/app/ports.ts';
import { getKv, putKv } from '../../src/db/repos/kv.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { findIncomingByHash, type PaymentRow } from '../../src/db/repos/payments.ts';
import { invoiceSettlementsJob } from '../../src/jobs/invoice-settlements.ts';
import { receiveLapi } from '../fixtures/lapi.ts';
import { type ClnStandin, startClnStandin } from '../fixtures/lightning/cln-standin.ts';
import { type LndStandin, startLndStandin } from '../fixtures/lightning/lnd-standin.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** The cursor stored under a key, or null. */
async function storedCursor(deps: AppDeps, key: string): Promise<string | null> {
  return (await getKv(deps.db.read, key)) ?? null;
}

/** Credits a settlement of an invoice that is not this service's: it moves only the cursor. */
function settleForeign(deps: AppDeps, key: string, cursor: string): Promise<unknown> {
  return creditSettlement(deps, key, {
    paymentHash: randomBytes(32).toString('hex'),
    amountReceivedMsat: 1_000n,
    settledAtSec: Math.floor(Date.now() / 1000),
    cursor,
  });
}

describe('settlement cursor ordering', () => {
  it('only canonical decimals are stored cursors', () => {
    expect(['0', '1', '10', '18446744073709551615'].every(isCursor)).toBe(true);
    expect(['', '01', '-1', '1.0', ' 1', 'abc'].some(isCursor)).toBe(false);
  });

  it('the key names the backend kind and the node', () => {
    expect(settlementCursorKey('lnd', '02ab')).toBe('lightning.settlement_cursor:lnd:02ab');
    expect(settlementCursorKey('cln', '02ab')).not.toBe(settlementCursorKey('lnd', '02ab'));
    expect(settlementCursorKey('lnd', '03cd')).not.toBe(settlementCursorKey('lnd', '02ab'));
  });
});

/** One Lightning node behind a stand-in, as the job sees it. */
interface Node {
  kind: 'lnd' | 'cln';
  pubkey: string;
  backend(): LightningBackend;
  /** A payer pays the invoice. */
  pay(hash: string): void;
  listening(): boolean;
  /** The node's position after this invoice's settlement. */
  cursorOf(hash: string): string;
}

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

const NODES: Array<{ name: 'lnd' | 'cln'; node: () => Node }> = [
  {
    name: 'lnd',
    node: () => ({
      kind: 'lnd',
      pubkey: lnd.pubkey,
      backend: () => createLndBackend({ url: lnd.url, macaroonHex: lnd.macaroonHex, reconnectDelayMs: 50 }),
      pay: (hash) => lnd.receive(hash),
      listening: () => lnd.subscriberCount() > 0,
      cursorOf: (hash) => lnd.invoice(hash)?.settle_index ?? '',
    }),
  },
  {
    name: 'cln',
    node: () => ({
      kind: 'cln',
      pubkey: cln.pubkey,
      backend: () =>
        createClnBackend({
          url: cln.url,
          rune: cln.rune,
          tlsCaPem: cln.caPem ?? '',
          waitTimeoutSec: 1,
          reconnectDelayMs: 50,
        }),
      pay: (hash) => cln.receive(hash),
      listening: () => cln.waiterCount() > 0,
      cursorOf: (hash) => String(cln.invoice(hash)?.pay_index ?? ''),
    }),
  },
];

describe.each(DIALECTS)('settlement cursor on %s', (dialect) => {
  let t: TestRuntime;

  afterEach(async () => {
    await t.close();
  });

  describe('the stored cursor', () => {
    beforeEach(async () => {
      t = await testRuntime(dialect);
    });

    it('is stored in the write unit that credits the settlement: neither happens without the other', async () => {
      const bob = await makeAccount(t.deps);
      const req = await receiveLapi(
        t.deps,
        { accountId: bob.id, usertag: bob.usertag, kind: 'invoice' },
        { body: { amount: '0.0001' }, idempotencyKey: null },
      );
      if (!req.ok) throw new Error(req.error.message);
      const key = settlementCursorKey('lnd', 'node-atomic');
      const settlement = {
        paymentHash: req.value.payment_hash!,
        amountReceivedMsat: 10_000_000n,
        settledAtSec: Math.floor(Date.now() / 1000),
        cursor: '7',
      };
      // The database refuses the cursor's row, as a full disk would.
      const refuse =
        dialect === 'sqlite'
          ? [
              sql`create trigger kv_refuse_insert before insert on kv begin select raise(abort, 'refused'); end`,
              sql`create trigger kv_refuse_update before update on kv begin select raise(abort, 'refused'); end`,
            ]
          : [
              sql`create function kv_refuse() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`,
              sql`create trigger kv_refuse before insert or update on kv for each row execute function kv_refuse()`,
            ];
      for (const q of refuse) await q.execute(t.deps.db.read);
      await expect(creditSettlement(t.deps, key, settlement)).rejects.toThrow(/refused/);
      expect((await findIncomingByHash(t.deps.db.read, settlement.paymentHash))?.status).toBe('pending');
      expect(await availableBalance(t.deps.db.read, bob.id, 'lbtc')).toBe(0n);

      const allow =
        dialect === 'sqlite'
          ? [sql`drop trigger kv_refuse_insert`, sql`drop trigger kv_refuse_update`]
          : [sql`drop trigger kv_refuse on kv`, sql`drop function kv_refuse()`];
      for (const q of allow) await q.execute(t.deps.db.read);
      expect(await creditSettlement(t.deps, key, settlement)).toBe('credited');
      expect(await storedCursor(t.deps, key)).toBe('7');
      expect(await availableBalance(t.deps.db.read, bob.id, 'lbtc')).toBe(10_000_000n);
    });

    it('moves only forward, in numeric order', async () => {
      const key = settlementCursorKey('lnd', 'node-a');
      expect(await storedCursor(t.deps, key)).toBeNull();
      await settleForeign(t.deps, key, '9');
      await settleForeign(t.deps, key, '10');
      expect(await storedCursor(t.deps, key)).toBe('10');
      // Older or equal positions (a replay, another instance behind) leave it alone.
      for (const older of ['9', '10', '2']) await settleForeign(t.deps, key, older);
      expect(await storedCursor(t.deps, key)).toBe('10');
      await settleForeign(t.deps, key, '100');
      expect(await storedCursor(t.deps, key)).toBe('100');
      await settleForeign(t.deps, key, '18446744073709551615');
      await settleForeign(t.deps, key, '18446744073709551614');
      expect(await storedCursor(t.deps, key)).toBe('18446744073709551615');
    });

    it('concurrent writers end at the largest', async () => {
      const key = settlementCursorKey('cln', 'node-b');
      const values = Array.from({ length: 40 }, (_, i) => String((i * 7919) % 101));
      await Promise.all(values.map((v) => settleForeign(t.deps, key, v)));
      expect(await storedCursor(t.deps, key)).toBe('100');
    });

    it('keeps one cursor per node, stores canonical decimals, and replaces a value it did not write', async () => {
      const a = settlementCursorKey('lnd', 'node-a');
      const b = settlementCursorKey('lnd', 'node-b');
      await settleForeign(t.deps, a, '0005');
      await settleForeign(t.deps, b, '3');
      expect(await storedCursor(t.deps, a)).toBe('5');
      expect(await storedCursor(t.deps, b)).toBe('3');
      await settleForeign(t.deps, a, 'not-a-number');
      expect(await storedCursor(t.deps, a)).toBe('5');
      await t.deps.db.write((trx) => putKv(trx, a, 'garbage-written-by-hand', 1));
      await settleForeign(t.deps, a, '1');
      expect(await storedCursor(t.deps, a)).toBe('1');
    });
  });

  describe.each(NODES)('with the $name stand-in', ({ node: makeNode }) => {
    let node: Node;
    let backend: LightningBackend;
    let bob: TestAccount;

    beforeEach(async () => {
      node = makeNode();
      // The stand-ins serve the whole file; each test's fresh ledger starts with a node that holds
      // nothing of its own, so the audit's node-against-ledger comparison sees this test's money only.
      lnd.balances.channelLocalMsat = 0n;
      cln.funds.channelOurMsat = 0n;
      backend = node.backend();
      t = await testRuntime(dialect, {}, { lightning: backend });
      bob = await makeAccount(t.deps);
    });
    afterEach(async () => {
      await backend.close();
    });

    const key = () => settlementCursorKey(node.kind, node.pubkey);
    const paymentOf = async (hash: string): Promise<PaymentRow> => {
      const row = await findIncomingByHash(t.deps.db.read, hash);
      if (row === undefined) throw new Error('no such payment');
      return row;
    };
    const request = async (amount: string): Promise<PaymentRow> => {
      const r = await receiveLapi(
        t.deps,
        { accountId: bob.id, usertag: bob.usertag, kind: 'invoice' },
        { body: { amount, expires_in: 60 }, idempotencyKey: null },
      );
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    };
    const startJob = async () => {
      const controller = new AbortController();
      const round = invoiceSettlementsJob.run(t.deps, controller.signal);
      await waitFor(node.listening);
      return {
        async stop() {
          controller.abort();
          await round;
          await waitFor(() => !node.listening());
        },
      };
    };

    it('an invoice paid while the job is stopped is credited as soon as it starts again, and only once', async () => {
      const first = await request('0.00010000');
      const job1 = await startJob();
      node.pay(first.payment_hash!);
      await waitFor(async () => (await paymentOf(first.payment_hash!)).status === 'paid');
      await waitFor(async () => (await storedCursor(t.deps, key())) === node.cursorOf(first.payment_hash!));
      await job1.stop();

      // Paid while nobody listens: the stream of a new subscription would start after it.
      const second = await request('0.00020000');
      node.pay(second.payment_hash!);
      await new Promise((r) => setTimeout(r, 100));
      expect((await paymentOf(second.payment_hash!)).status).toBe('pending');

      const job2 = await startJob();
      await waitFor(async () => (await paymentOf(second.payment_hash!)).status === 'paid');
      await waitFor(async () => (await storedCursor(t.deps, key())) === node.cursorOf(second.payment_hash!));
      expect(BigInt(node.cursorOf(second.payment_hash!))).toBeGreaterThan(
        BigInt(node.cursorOf(first.payment_hash!)),
      );
      // Each credited once: the balance is exactly both amounts, and the ledger is consistent.
      expect(await availableBalance(t.deps.db.read, bob.id, 'lbtc')).toBe(30_000_000n);
      expect((await auditLedger(t.deps)).violations).toEqual([]);

      // A third, paid while the job runs again, moves on from there.
      const third = await request('0.00000100');
      node.pay(third.payment_hash!);
      await waitFor(async () => (await paymentOf(third.payment_hash!)).status === 'paid');
      await waitFor(async () => (await storedCursor(t.deps, key())) === node.cursorOf(third.payment_hash!));
      await job2.stop();
      expect(await availableBalance(t.deps.db.read, bob.id, 'lbtc')).toBe(30_100_000n);
    });

    it('a cursor behind the node replays settlements already credited without crediting them again', async () => {
      const first = await request('0.00010000');
      const job1 = await startJob();
      node.pay(first.payment_hash!);
      await waitFor(async () => (await storedCursor(t.deps, key())) === node.cursorOf(first.payment_hash!));
      await job1.stop();
      // As if the cursor write had been lost in a crash after the credit: one position earlier.
      const earlier = String(BigInt(node.cursorOf(first.payment_hash!)) - 1n);
      await t.deps.db.write((trx) => putKv(trx, key(), earlier, 1));

      const second = await request('0.00020000');
      node.pay(second.payment_hash!);
      const job2 = await startJob();
      await waitFor(async () => (await paymentOf(second.payment_hash!)).status === 'paid');
      await waitFor(async () => (await storedCursor(t.deps, key())) === node.cursorOf(second.payment_hash!));
      await job2.stop();
      expect(await availableBalance(t.deps.db.read, bob.id, 'lbtc')).toBe(30_000_000n);
      expect((await auditLedger(t.deps)).violations).toEqual([]);
    });
  });
});
