import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookDeposit } from '../../src/app/chain/book-deposits.ts';
import type { ChainDeposit } from '../../src/app/ports.ts';
import { chainAddressOfPayment } from '../../src/db/repos/chain-addresses.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const ENV = { SANDBOX_NODE_KEY: '24'.repeat(32), BTC_XPUB: KEYS.btc.text, EVM_XPUB: KEYS.evm.text };

/**
 * Two deposits of one request booked at the same moment (two instances at different deposits of it, a
 * rescan beside the job): both are counted in the request's received amount and it is paid.
 */
describe.each(DIALECTS)('concurrent bookings of one request on %s', (dialect) => {
  let t: TestRuntime;
  let second: TestRuntime;
  let shop: TestAccount;

  beforeAll(async () => {
    t = await testRuntime(dialect, ENV);
    second = await testRuntime(dialect, ENV, { databaseUrl: t.databaseUrl });
    shop = await makeAccount(t.deps);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  it('two deposits of one request booked at once are both counted and the request is paid', async () => {
    const before = await availableBalance(t.deps.db.read, shop.id, 'btc');
    const rounds = 5;
    for (let i = 0; i < rounds; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/sapi/v1/receive',
        headers: { authorization: shop.invoiceKey },
        payload: { wallet: 'btc', payment_mode: 'onchain', amount: 0.002 },
      });
      expect(res.statusCode).toBe(200);
      const tid = BigInt(res.json().tid as number);
      const owner = (await chainAddressOfPayment(t.deps.db.read, tid))!;
      const deposit = (): ChainDeposit => ({
        network: 'BTC',
        asset: 'btc',
        address: owner.address,
        txHash: randomBytes(32).toString('hex'),
        outputIndex: 0,
        amountRaw: 100_000n, // 0.001 BTC
        decimals: 8,
        confirmations: 6,
        final: true,
        blockHeight: 100,
        blockHash: randomBytes(32).toString('hex'),
      });
      const out = await Promise.all([
        bookDeposit(t.deps, owner, deposit()),
        bookDeposit(second.deps, owner, deposit()),
      ]);
      expect(out).toEqual(['credited', 'credited']);
      const p = await t.deps.db.read
        .selectFrom('payments')
        .select(['status', 'received_units'])
        .where('id', '=', tid)
        .executeTakeFirstOrThrow();
      expect({ status: p.status, received: BigInt(p.received_units) }).toEqual({
        status: 'paid',
        received: 200_000_000n,
      });
    }
    expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(
      before + BigInt(rounds) * 200_000_000n,
    );
  });
});
