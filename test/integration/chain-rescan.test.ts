import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainHooks } from '../../src/app/chain/hooks.ts';
import { watchRound } from '../../src/app/chain/watch-round.ts';
import type { AuditCheckResult } from '../../src/app/deps.ts';
import { chainAddressOfPayment } from '../../src/db/repos/chain-addresses.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { insertSandboxDeposit } from '../../src/db/repos/sandbox-chain.ts';
import { chainDepositsJob } from '../../src/jobs/chain-deposits.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const MIN = 60_000;

/**
 * The watch window: an address is polled until CHAIN_WATCH_AFTER_EXPIRY_MIN after its request's expiry.
 * A deposit inside it is booked by the chain-deposits job; one after it is not seen by the job, and is
 * found by a rescan, which credits it once however often it runs.
 */
describe.each(DIALECTS)('watch window and rescan on %s', (dialect) => {
  let t: TestRuntime;
  let clock: ManualClock;
  let shop: TestAccount;

  beforeAll(async () => {
    // Now: the sandbox node dates its invoices (and so a btc request's expiry) by the real clock.
    clock = new ManualClock(Date.now());
    t = await testRuntime(
      dialect,
      {
        SANDBOX_NODE_KEY: '55'.repeat(32),
        BTC_XPUB: KEYS.btc.text,
        EVM_XPUB: KEYS.evm.text,
        CHAIN_WATCH_AFTER_EXPIRY_MIN: '60',
      },
      { clock },
    );
    shop = await makeAccount(t.deps);
  });
  afterAll(() => t.close());

  const receive = async (body: Record<string, unknown>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { callback_url: 'http://127.0.0.1:9/hook', expires_in: 10, ...body },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { tid: number };
  };
  /** A transaction paying the request's address appears on the sandbox chain, final (no round runs). */
  const onChain = async (tid: number, amountRaw: bigint, decimals: number, txHash: string) => {
    const a = await chainAddressOfPayment(t.deps.db.read, BigInt(tid));
    if (a === undefined) throw new Error('no address');
    await t.deps.db.write((trx) =>
      insertSandboxDeposit(
        trx,
        {
          network: a.network,
          asset: a.asset,
          address: a.address,
          txHash,
          amountRaw,
          decimals,
          confirmations: 6,
        },
        clock.nowMs(),
      ),
    );
  };
  const deposits = (tid: number) =>
    t.deps.db.read
      .selectFrom('chain_deposits')
      .selectAll()
      .where('payment_id', '=', BigInt(tid))
      .orderBy('id')
      .execute();
  const transfersOf = async (tid: number) => {
    const ids = (await deposits(tid)).map((d) => `chain_deposit:${d.id}`);
    if (ids.length === 0) return [];
    return t.deps.db.read.selectFrom('ledger_transfers').selectAll().where('ref', 'in', ids).execute();
  };
  const depositEvents = (tid: number) =>
    t.deps.db.read
      .selectFrom('outbox')
      .select(['event_type', 'event_id'])
      .where('target_id', '=', String(tid))
      .where('event_type', '=', 'payment.deposit')
      .execute();
  const audit = async () =>
    (await chainHooks.auditChecks!.chain_deposits_have_one_transfer!(t.deps)) as AuditCheckResult;

  it('the job books a deposit until the window ends and not after; a rescan finds the later one and credits it once', async () => {
    const inWindow = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.001 });
    const after = await receive({ wallet: 'btc', payment_mode: 'onchain', amount: 0.002 });
    const start = await availableBalance(t.deps.db.read, shop.id, 'btc');

    // Expired 10 minutes after creation; still polled for 60 more: one minute before the window ends.
    clock.advance((10 + 59) * MIN);
    await onChain(inWindow.tid, 100_000n, 8, 'a1'.repeat(32));
    await chainDepositsJob.run(t.deps, new AbortController().signal);
    expect((await deposits(inWindow.tid)).map((d) => [d.state, d.flag])).toEqual([['credited', 'late']]);
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(start + 100_000_000n);

    // The window has passed: the job no longer polls the address, the deposit is not even seen.
    clock.advance(2 * MIN);
    await onChain(after.tid, 200_000n, 8, 'a2'.repeat(32));
    await chainDepositsJob.run(t.deps, new AbortController().signal);
    await chainDepositsJob.run(t.deps, new AbortController().signal);
    expect(await deposits(after.tid)).toEqual([]);
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(start + 100_000_000n);

    // A rescan walks every address ever handed out: found, credited once, flagged late.
    const first = await watchRound(t.deps, { rescan: true });
    expect(first).toEqual({ credited: 1, dropped: 0, reversed: 0, unavailable: [] });
    expect((await deposits(after.tid)).map((d) => [d.state, d.flag, d.amount_raw])).toEqual([
      ['credited', 'late', '200000'],
    ]);
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(start + 300_000_000n);
    expect(await depositEvents(after.tid)).toHaveLength(1);

    // Again, and the job again: nothing more.
    expect(await watchRound(t.deps, { rescan: true })).toEqual({
      credited: 0,
      dropped: 0,
      reversed: 0,
      unavailable: [],
    });
    await chainDepositsJob.run(t.deps, new AbortController().signal);
    expect(await transfersOf(after.tid)).toHaveLength(1);
    expect(await transfersOf(inWindow.tid)).toHaveLength(1);
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(start + 300_000_000n);
    expect(await depositEvents(after.tid)).toHaveLength(1);
    expect((await audit()).violations).toEqual([]);
  });

  it('a rescan finds a late USDT deposit on an EVM network the same way', async () => {
    const r = await receive({ wallet: 'usdt', payment_mode: 'onchain', chain_network: 'MATIC', amount: 9 });
    const start = await availableBalance(t.deps.db.read, shop.id, 'usdt');
    clock.advance((10 + 61) * MIN);
    await onChain(r.tid, 9_000_000n, 6, `0x${'b3'.repeat(32)}`);
    await chainDepositsJob.run(t.deps, new AbortController().signal);
    expect(await deposits(r.tid)).toEqual([]);
    expect((await watchRound(t.deps, { rescan: true })).credited).toBe(1);
    expect((await watchRound(t.deps, { rescan: true })).credited).toBe(0);
    expect(await transfersOf(r.tid)).toHaveLength(1);
    expect(await availableBalance(t.deps.db.read, shop.id, 'usdt')).toBe(start + 9_000_000n);
    expect((await audit()).violations).toEqual([]);
  });
});
