import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { watchRound } from '../../src/app/chain/watch-round.ts';
import { up as markLegacyEvmRows } from '../../src/db/migrations/025_chain_evm_legacy_identity.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { insertSandboxDeposit } from '../../src/db/repos/sandbox-chain.ts';
import { EvmStandin } from '../fixtures/chain/evm-standin.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

/** 5 USDT at BEP20's 18 decimals. */
const FIVE = 5n * 10n ** 18n;
const tx = (n: number) => `0x${n.toString(16).padStart(64, '0')}`;

/**
 * EVM deposits credited before identities were ordinals hold the log's block-level index as
 * `output_index`. Migration 025 turns it into -1 - logIndex; a rescan that shows the same transfer
 * under its new identity (its ordinal in the transaction) books it as that same deposit: no second
 * credit, also when the transaction was mined again at another log index, and the audit stays clean.
 */
describe.each(DIALECTS)('EVM deposits stored under the block-level log index on %s', (dialect) => {
  const node = new EvmStandin();
  let t: TestRuntime;
  let shop: TestAccount;

  beforeAll(async () => {
    await node.start();
    node.decimals = 18;
    t = await testRuntime(dialect, {
      SANDBOX_NODE_KEY: '79'.repeat(32),
      BTC_XPUB: KEYS.btc.text,
      EVM_XPUB: KEYS.evm.text,
      CHAIN_WATCHER: 'evm-rpc',
      EVM_RPC_URL_BEP20: node.url,
      USDT_BEP20_CONTRACT: node.contract,
      CHAIN_REQUEST_TIMEOUT_MS: '2000',
    });
    shop = await makeAccount(t.deps);
  });
  afterAll(async () => {
    await t?.close();
    await node.stop();
  });

  const receive = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { wallet: 'usdt', payment_mode: 'onchain', chain_network: 'BEP20', amount: 5 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { tid: number; chain_address: { address: string } };
  };
  const rows = async (tid: number) =>
    (
      await t.deps.db.read
        .selectFrom('chain_deposits')
        .select(['state', 'output_index'])
        .where('payment_id', '=', BigInt(tid))
        .orderBy('id')
        .execute()
    ).map((r) => [r.state, r.output_index]);
  const noChange = { credited: 0, dropped: 0, reversed: 0, unavailable: [] };

  it('a legacy credited row and a rescan showing its transfer under the new identity: one credit, audit clean', async () => {
    const a = await receive();
    const b = await receive();
    node.transfers = [
      { txHash: tx(1), logIndex: 4, block: 9_900, to: a.chain_address.address, value: FIVE },
      { txHash: tx(2), logIndex: 9, block: 9_901, to: b.chain_address.address, value: FIVE },
    ];
    const before = await availableBalance(t.deps.db.read, shop.id, 'usdt');
    expect(await watchRound(t.deps)).toEqual({ ...noChange, credited: 2 });
    // As an earlier version stored them: the block-level log index as the second half of the identity.
    for (const [hash, logIndex] of [
      [tx(1), 4n],
      [tx(2), 9n],
    ] as const) {
      await t.deps.db.read
        .updateTable('chain_deposits')
        .set({ output_index: logIndex } as never)
        .where('tx_hash', '=', hash)
        .execute();
    }
    await markLegacyEvmRows(t.deps.db.read);
    expect(await rows(a.tid)).toEqual([['credited', -5n]]);
    expect(await rows(b.tid)).toEqual([['credited', -10n]]);

    // tx 2 was mined again in another block, at another log index.
    node.transfers[1] = {
      txHash: tx(2),
      logIndex: 2,
      block: 9_905,
      to: b.chain_address.address,
      value: FIVE,
    };
    expect(await watchRound(t.deps, { rescan: true })).toEqual(noChange);
    expect(await watchRound(t.deps)).toEqual(noChange);
    expect(await rows(a.tid)).toEqual([['credited', -5n]]);
    expect(await rows(b.tid)).toEqual([['credited', -10n]]);
    expect(await availableBalance(t.deps.db.read, shop.id, 'usdt')).toBe(before + 10_000_000n);
    expect((await auditLedger(t.deps)).violations).toEqual([]);
  });

  it('migration 025 leaves the rows of the sandbox chain (identity 0 always) alone', async () => {
    const c = await receive();
    node.head = 10_100;
    node.finalized = 10_050;
    node.transfers = [
      { txHash: tx(7), logIndex: 3, block: 10_000, to: c.chain_address.address, value: FIVE },
    ];
    expect(await watchRound(t.deps)).toEqual({ ...noChange, credited: 1 });
    // As if the sandbox chain had written it.
    await t.deps.db.write((trx) =>
      insertSandboxDeposit(
        trx,
        {
          network: 'BEP20',
          asset: 'usdt',
          address: c.chain_address.address,
          txHash: tx(7),
          amountRaw: FIVE,
          decimals: 18,
          confirmations: 20,
        },
        t.deps.clock.nowMs(),
      ),
    );
    await markLegacyEvmRows(t.deps.db.read);
    expect(await rows(c.tid)).toEqual([['credited', 0n]]);
  });
});
