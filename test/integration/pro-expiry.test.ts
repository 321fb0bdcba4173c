import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Caller } from '../../src/app/accounts/authenticate.ts';
import { expireInvoices } from '../../src/app/payments/expire-invoices.ts';
import { receive } from '../../src/app/payments/receive.ts';
import { decodeProReceive } from '../../src/http/sapi/payments.contract.ts';
import {
  DIALECTS,
  ManualClock,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// An on-chain request expires like an invoice: the expiry job declines it at its expiry, and its
// address stays watched for CHAIN_WATCH_AFTER_EXPIRY_MIN more (a late deposit is still found).
describe.each(DIALECTS)('expiry of on-chain requests on %s', (dialect) => {
  let t: TestRuntime;
  let clock: ManualClock;
  let shop: TestAccount;
  beforeAll(async () => {
    clock = new ManualClock(Date.UTC(2026, 5, 1));
    t = await testRuntime(dialect, { CHAIN_WATCH_AFTER_EXPIRY_MIN: '60' }, { clock });
    shop = await makeAccount(t.deps);
  });
  afterAll(() => t.close());

  it('declines an unpaid usdt request at its expiry and keeps its address watched for the configured time', async () => {
    const cmd = decodeProReceive(
      { wallet: 'usdt', payment_mode: 'onchain', chain_network: 'MATIC', amount: 7, expires_in: 30 },
      null,
    );
    if (!cmd.ok) throw new Error(cmd.error.message);
    const caller: Caller = { accountId: shop.id, usertag: shop.usertag, kind: 'invoice' };
    const made = await receive(t.deps, caller, cmd.value);
    if (!made.ok) throw new Error(made.error.message);
    const created = clock.nowMs();
    expect(made.value.hosted_checkout_expiry_ms).toBe(BigInt(created + 30 * 60_000));
    const address = await t.deps.db.read
      .selectFrom('chain_addresses')
      .selectAll()
      .where('payment_id', '=', made.value.id)
      .executeTakeFirstOrThrow();
    expect(address.watch_until_ms).toBe(BigInt(created + 30 * 60_000 + 60 * 60_000));

    clock.advance(29 * 60_000);
    await expireInvoices(t.deps);
    const before = await t.deps.db.read
      .selectFrom('payments')
      .select('status')
      .where('id', '=', made.value.id)
      .executeTakeFirstOrThrow();
    expect(before.status).toBe('pending');
    clock.advance(60_000);
    await expireInvoices(t.deps);
    const after = await t.deps.db.read
      .selectFrom('payments')
      .select('status')
      .where('id', '=', made.value.id)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('declined');
  });
});
