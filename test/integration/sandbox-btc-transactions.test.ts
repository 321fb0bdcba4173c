import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxDeposit, sandboxDepositChange } from '../../src/app/chain/sandbox-deposit.ts';
import { SANDBOX_FEE_ESTIMATES } from '../../src/app/chain/sandbox-transactions.ts';
import { watchRound } from '../../src/app/chain/watch-round.ts';
import type { BtcTransactions } from '../../src/app/ports.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import { electrumSign, electrumSignMany } from '../fixtures/chain/electrum.ts';
import { EsploraStandin } from '../fixtures/chain/esplora-standin.ts';
import { TEST_CHAIN_KEYS as KEYS } from '../fixtures/chain/keys.ts';
import { HAVE_ELECTRUM } from '../fixtures/electrum.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

const ENV = { SANDBOX_NODE_KEY: '22'.repeat(32), BTC_XPUB: KEYS.btc.text, EVM_XPUB: KEYS.evm.text };
/** BIP173's regtest P2WPKH example: an address outside this service. */
const OUTSIDE = 'bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kygt080';
type Signed = { hex: string; txid: string };
/** Signing runs Python (Electrum): seconds each on a loaded machine. */
const SLOW = 120_000;
const MANDATORY_SIG =
  'mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)';

describe.skipIf(!HAVE_ELECTRUM).each(DIALECTS)(
  'the sandbox chain takes real, signed Bitcoin transactions on %s',
  (dialect) => {
    let t: TestRuntime;
    let shop: TestAccount;
    let chain: BtcTransactions;

    /** A BTC request of `amount` BTC: its tid, address and derivation index. */
    const request = async (amount: number) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/sapi/v1/receive',
        headers: { authorization: shop.invoiceKey },
        payload: { wallet: 'btc', payment_mode: 'onchain', amount },
      });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { tid: number; chain_address: { address: string } };
      const row = await t.deps.db.read
        .selectFrom('chain_addresses')
        .select('derivation_index')
        .where('address', '=', body.chain_address.address)
        .executeTakeFirstOrThrow();
      return { tid: body.tid, address: body.chain_address.address, index: Number(row.derivation_index) };
    };
    /** A deposit to a new request's address: the outpoint and the key path that spends it. */
    const funded = async (sat: number) => {
      const r = await request(sat / 1e8);
      const d = await sandboxDeposit(t.deps, { tid: String(r.tid) });
      if (!d.ok) throw new Error(d.error.message);
      return {
        ...r,
        txid: d.value.txHash,
        input: { txid: d.value.txHash, vout: 0, value: sat, path: [0, r.index] as [number, number] },
      };
    };
    const payment = (tid: number) =>
      t.deps.db.read
        .selectFrom('payments')
        .selectAll()
        .where('id', '=', BigInt(tid))
        .executeTakeFirstOrThrow();
    const stored = async () =>
      Number(
        (
          await t.deps.db.read
            .selectFrom('sandbox_btc_broadcasts')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const broadcast = async (hex: string) => {
      const r = await chain.broadcast(hex);
      if (!r.ok) throw new Error(r.error.reason);
      return r.value;
    };

    beforeAll(async () => {
      t = await testRuntime(dialect, ENV);
      shop = await makeAccount(t.deps);
      expect(t.deps.btcTransactions).not.toBeNull();
      chain = t.deps.btcTransactions!;
    });
    afterAll(() => t.close());

    it('a deposit is a transaction of the chain: its raw hex and its confirmations', async () => {
      const f = await funded(100_000);
      const raw = await chain.rawTransaction(f.txid);
      const row = await t.deps.db.read
        .selectFrom('sandbox_chain_deposits')
        .select('raw_hex')
        .where('tx_hash', '=', f.txid)
        .executeTakeFirstOrThrow();
      expect(raw).toEqual({ ok: true, value: row.raw_hex });
      expect(await chain.status(f.txid)).toEqual({
        ok: true,
        value: {
          state: 'confirmed',
          blockHeight: 100,
          blockHash: `sandbox-block-${f.txid}`,
          confirmations: 2,
        },
      });
      expect(await chain.status('ab'.repeat(32))).toEqual({ ok: true, value: { state: 'unknown' } });
      expect(await chain.rawTransaction('ab'.repeat(32))).toEqual({ ok: true, value: null });
      expect(await chain.rawTransaction('not a txid')).toEqual({ ok: true, value: null });
    });

    it('a transaction Electrum signed is accepted, stored unconfirmed, and pays a request of ours seen by the watcher; confirmed, it is credited', {
      timeout: SLOW,
    }, async () => {
      const f = await funded(100_000);
      const to = await request(0.00039);
      const signed = electrumSign({
        inputs: [f.input],
        outputs: [
          { address: OUTSIDE, value: 60_000 },
          { address: to.address, value: 39_000 },
        ],
      });
      const before = await availableBalance(t.deps.db.read, shop.id, 'btc');
      expect(await broadcast(signed.hex)).toEqual({ accepted: true, txid: signed.txid });
      expect(await chain.status(signed.txid)).toEqual({ ok: true, value: { state: 'mempool' } });
      expect(await chain.rawTransaction(signed.txid)).toEqual({ ok: true, value: signed.hex });
      // Sent again: already known, taken (as sendrawtransaction answers a mempool transaction's txid).
      expect(await broadcast(signed.hex)).toEqual({ accepted: true, txid: signed.txid });

      await watchRound(t.deps);
      const seen = await t.deps.db.read
        .selectFrom('chain_deposits')
        .selectAll()
        .where('payment_id', '=', BigInt(to.tid))
        .execute();
      expect(seen.map((d) => [d.tx_hash, Number(d.output_index), d.amount_raw, d.state])).toEqual([
        [signed.txid, 1, '39000', 'seen'],
      ]);
      expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(before);

      expect((await sandboxDepositChange(t.deps, signed.txid, { confirmations: 2 })).ok).toBe(true);
      expect(await chain.status(signed.txid)).toMatchObject({
        ok: true,
        value: { state: 'confirmed', confirmations: 2 },
      });
      expect((await payment(to.tid)).status).toBe('paid');
      expect(await availableBalance(t.deps.db.read, shop.id, 'btc')).toBe(before + 39_000_000n);
    });

    it("refuses, with Bitcoin Core's reasons, a flipped signature, a changed amount, a spent input, an unknown input, outputs above inputs and dust; stores none of them", {
      timeout: SLOW,
    }, async () => {
      const f = await funded(50_000);
      const pay = (outputs: { address: string; value: number }[], input = f.input) => ({
        inputs: [input],
        outputs,
      });
      const [good, unknown, tooMuch, dust, again] = electrumSignMany([
        pay([{ address: OUTSIDE, value: 49_000 }]),
        pay([{ address: OUTSIDE, value: 49_000 }], { ...f.input, txid: 'ab'.repeat(32) }),
        pay([{ address: OUTSIDE, value: 50_001 }]),
        pay([
          { address: OUTSIDE, value: 48_000 },
          { address: OUTSIDE, value: 293 },
        ]),
        pay([{ address: OUTSIDE, value: 48_000 }]),
      ]) as [Signed, Signed, Signed, Signed, Signed];
      const n = await stored();

      const sigAt = good.hex.indexOf('0247304') + 20; // inside R of the first signature
      const flipped = `${good.hex.slice(0, sigAt)}${(
        Number.parseInt(good.hex.slice(sigAt, sigAt + 2), 16) ^ 0x80
      )
        .toString(16)
        .padStart(2, '0')}${good.hex.slice(sigAt + 2)}`;
      expect(await broadcast(flipped)).toEqual({ accepted: false, reason: MANDATORY_SIG });

      // 49,000 sat (68bf000000000000) → 48,999 (67bf…): signed over the other amount.
      const changed = good.hex.replace('68bf000000000000', '67bf000000000000');
      expect(changed).not.toBe(good.hex);
      expect(await broadcast(changed)).toEqual({ accepted: false, reason: MANDATORY_SIG });

      expect(await broadcast(unknown.hex)).toEqual({
        accepted: false,
        reason: 'bad-txns-inputs-missingorspent',
      });

      expect(await broadcast(tooMuch.hex)).toEqual({
        accepted: false,
        reason: 'bad-txns-in-belowout, value in (0.0005) < value out (0.00050001)',
      });

      expect(await broadcast(dust.hex)).toEqual({ accepted: false, reason: 'dust' });
      expect(await broadcast('00')).toEqual({ accepted: false, reason: 'TX decode failed' });
      expect(await stored()).toBe(n);

      // The good one is taken; another spending the same output is then refused as spent.
      expect(await broadcast(good.hex)).toEqual({ accepted: true, txid: good.txid });
      expect(await broadcast(again.hex)).toEqual({
        accepted: false,
        reason: 'bad-txns-inputs-missingorspent',
      });
      expect(await stored()).toBe(n + 1);
    });

    it('of two transactions spending one output sent at once, exactly one is taken', {
      timeout: SLOW,
    }, async () => {
      const f = await funded(80_000);
      const txs = electrumSignMany(
        [70_000, 71_000, 72_000, 73_000].map((v) => ({
          inputs: [f.input],
          outputs: [{ address: OUTSIDE, value: v }],
        })),
      );
      const answers = await Promise.all(txs.map((x) => broadcast(x.hex)));
      expect(answers.filter((a) => a.accepted)).toHaveLength(1);
      expect(answers.filter((a) => !a.accepted).map((a) => !a.accepted && a.reason)).toEqual([
        'bad-txns-inputs-missingorspent',
        'bad-txns-inputs-missingorspent',
        'bad-txns-inputs-missingorspent',
      ]);
      const spends = await t.deps.db.read
        .selectFrom('sandbox_btc_spends')
        .selectAll()
        .where('prev_txid', '=', f.txid)
        .execute();
      expect(spends).toHaveLength(1);
    });

    it('a broadcast transaction reorganised away is unknown, its credit reversed, and the output it spent is spendable again; a deposit reorganised away takes its spenders with it', {
      timeout: SLOW,
    }, async () => {
      const f = await funded(100_000);
      const to = await request(0.0009);
      const [paid, other] = electrumSignMany([
        { inputs: [f.input], outputs: [{ address: to.address, value: 90_000 }] },
        { inputs: [f.input], outputs: [{ address: OUTSIDE, value: 95_000 }] },
      ]) as [Signed, Signed];
      expect(await broadcast(paid.hex)).toEqual({ accepted: true, txid: paid.txid });
      expect((await sandboxDepositChange(t.deps, paid.txid, { confirmations: 2 })).ok).toBe(true);
      expect((await payment(to.tid)).status).toBe('paid');

      expect((await sandboxDepositChange(t.deps, paid.txid, { removed: true })).ok).toBe(true);
      expect(await chain.status(paid.txid)).toEqual({ ok: true, value: { state: 'unknown' } });
      expect(await chain.rawTransaction(paid.txid)).toEqual({ ok: true, value: null });
      expect((await payment(to.tid)).status).toBe('pending');
      const dep = await t.deps.db.read
        .selectFrom('chain_deposits')
        .selectAll()
        .where('tx_hash', '=', paid.txid)
        .executeTakeFirstOrThrow();
      expect(dep.state).toBe('dropped');
      const gone = await sandboxDepositChange(t.deps, paid.txid, { confirmations: 3 });
      expect(gone.ok || gone.error.code).toBe('not_found');

      // Sent again, it is checked again and back, unconfirmed, spending the output again.
      expect(await broadcast(paid.hex)).toEqual({ accepted: true, txid: paid.txid });
      expect(await chain.status(paid.txid)).toEqual({ ok: true, value: { state: 'mempool' } });
      expect(await broadcast(other.hex)).toEqual({
        accepted: false,
        reason: 'bad-txns-inputs-missingorspent',
      });
      expect((await sandboxDepositChange(t.deps, paid.txid, { removed: true })).ok).toBe(true);

      // The deposit's output is unspent again: another transaction may spend it.
      expect(await broadcast(other.hex)).toEqual({ accepted: true, txid: other.txid });
      // The deposit itself reorganised away: its spender goes too.
      expect((await sandboxDepositChange(t.deps, f.txid, { removed: true })).ok).toBe(true);
      expect(await chain.status(other.txid)).toEqual({ ok: true, value: { state: 'unknown' } });
      expect(await broadcast(other.hex)).toEqual({
        accepted: false,
        reason: 'bad-txns-inputs-missingorspent',
      });
    });

    it('fee estimates are the documented fixed table', async () => {
      const r = await chain.feeEstimates();
      expect(r.ok && [...r.value]).toEqual([...SANDBOX_FEE_ESTIMATES]);
      expect(r.ok && r.value.get(1)).toBe(20_000n);
    });
  },
);

describe('AppDeps.btcTransactions follows BTC_WATCHER', () => {
  it('esplora: Esplora at ESPLORA_URL; off: none', async () => {
    const node = await new EsploraStandin().start();
    const t = await testRuntime('sqlite', { ...ENV, BTC_WATCHER: 'esplora', ESPLORA_URL: node.url });
    try {
      const fees = await t.deps.btcTransactions!.feeEstimates();
      expect(fees.ok && fees.value.get(1)).toBe(87_882n);
      expect(node.requests).toContain('/fee-estimates');
    } finally {
      await t.close();
      await node.stop();
    }
    const off = await testRuntime('sqlite', { ...ENV, BTC_WATCHER: 'off' });
    try {
      expect(off.deps.btcTransactions).toBeNull();
    } finally {
      await off.close();
    }
  });
});
