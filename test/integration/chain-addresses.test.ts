import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPaymentRow } from '../../src/app/payments/engine/rows.ts';
import { runWrite } from '../../src/app/write.ts';
import { loadConfig } from '../../src/config/index.ts';
import {
  allocateDerivationIndex,
  insertChainAddress,
  type KeyChain,
} from '../../src/db/repos/chain-addresses.ts';
import { insertPayment } from '../../src/db/repos/payments.ts';
import { abort } from '../../src/domain/errors.ts';
import { openRuntime, type Runtime } from '../../src/main.ts';
import { DIALECTS, freshDatabase, makeAccount, type TestDatabase } from '../fixtures/runtime.ts';

const silent = { info() {}, warn() {}, error() {}, debug() {} };

/** One write unit as receive makes it: an index, the payment row and its address row, together. */
function allocateWithPayment(rt: Runtime, accountId: bigint, chain: KeyChain, fail = false) {
  return runWrite(rt.deps.db, async (trx) => {
    const index = await allocateDerivationIndex(trx, chain);
    const row = newPaymentRow(
      rt.deps,
      {
        account_id: accountId,
        requester_account_id: accountId,
        direction: 'in',
        route: 'chain',
        amount_msat: 1000n,
        wallet: chain === 'btc' ? 'btc' : 'usdt',
        payment_mode: 'onchain',
        chain_network: chain === 'btc' ? 'BTC' : 'BEP20',
        chain_address: `addr-${chain}-${index}`,
      },
      Date.now(),
    );
    await insertPayment(trx, row);
    if (fail) abort('invalid_request', 'rolled back after allocating');
    await insertChainAddress(trx, {
      network: row.chain_network!,
      asset: chain === 'btc' ? 'btc' : 'usdt',
      address: row.chain_address!,
      derivationIndex: index,
      paymentId: row.id,
      accountId,
      createdAtMs: Date.now(),
      watchUntilMs: Date.now() + 60_000,
    });
    return index;
  });
}

// Two service instances on one database: derivation indexes are handed out once, in the payment's write.
describe.each(DIALECTS)('derivation indexes on one %s database shared by two instances', (dialect) => {
  let db: TestDatabase;
  let one: Runtime;
  let two: Runtime;
  beforeAll(async () => {
    db = await freshDatabase(dialect);
    const config = loadConfig({ DATABASE_URL: db.url });
    one = await openRuntime(config, silent);
    two = await openRuntime(config, silent);
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await db?.drop();
  });

  it('hands every concurrent write unit its own index, gap-free, per key chain', async () => {
    const acct = await makeAccount(one.deps);
    const runs = Array.from({ length: 80 }, (_, i) =>
      allocateWithPayment(i % 2 === 0 ? one : two, acct.id, i % 4 < 2 ? 'btc' : 'evm'),
    );
    const results = await Promise.all(runs);
    const btc: bigint[] = [];
    const evm: bigint[] = [];
    results.forEach((r, i) => {
      expect(r.ok).toBe(true);
      if (r.ok) (i % 4 < 2 ? btc : evm).push(r.value);
    });
    const sorted = (xs: bigint[]) => [...xs].sort((a, b) => (a < b ? -1 : 1));
    expect(sorted(btc)).toEqual(Array.from({ length: 40 }, (_, i) => BigInt(i)));
    expect(sorted(evm)).toEqual(Array.from({ length: 40 }, (_, i) => BigInt(i)));
    const rows = await two.deps.db.read.selectFrom('chain_addresses').select('derivation_index').execute();
    expect(rows).toHaveLength(80);
  });

  it('gives a rolled-back write unit’s index to the next one: it was never seen, and no row names it', async () => {
    const acct = await makeAccount(two.deps);
    const before = await one.deps.db.read
      .selectFrom('chain_address_counters')
      .select('next_index')
      .where('key_chain', '=', 'btc')
      .executeTakeFirstOrThrow();
    const failed = await allocateWithPayment(one, acct.id, 'btc', true);
    expect(failed.ok).toBe(false);
    const next = await allocateWithPayment(two, acct.id, 'btc');
    expect(next.ok && next.value).toBe(BigInt(before.next_index));
    const payments = await one.deps.db.read
      .selectFrom('payments')
      .select('id')
      .where('account_id', '=', acct.id)
      .execute();
    expect(payments).toHaveLength(1);
  });

  it('refuses a second row for an index of the same key chain (the database decides)', async () => {
    const acct = await makeAccount(one.deps);
    const r = await runWrite(one.deps.db, async (trx) => {
      const row = newPaymentRow(
        one.deps,
        {
          account_id: acct.id,
          requester_account_id: acct.id,
          direction: 'in',
          route: 'lightning',
          amount_msat: 1n,
        },
        Date.now(),
      );
      await insertPayment(trx, row);
      await insertChainAddress(trx, {
        network: 'BTC',
        asset: 'btc',
        address: 'another-address',
        derivationIndex: 0n,
        paymentId: row.id,
        accountId: acct.id,
        createdAtMs: Date.now(),
        watchUntilMs: Date.now(),
      });
    }).catch((e: unknown) => e);
    expect(r).toBeInstanceOf(Error);
  });
});
