import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { base64, hex } from '@scure/base';
import { RawTx, Transaction } from '@scure/btc-signer';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { sandboxDeposit } from '../../src/app/chain/sandbox-deposit.ts';
import { abandonWithdrawalBatch } from '../../src/app/withdrawals/abandon-batch.ts';
import { btcTransactionsOf } from '../../src/app/withdrawals/batch-keys.ts';
import { buildWithdrawalBatch } from '../../src/app/withdrawals/build-batch.ts';
import {
  signAndSubmitWithdrawalBatch,
  submitSignedWithdrawal,
} from '../../src/app/withdrawals/submit-batch.ts';
import { trackWithdrawalBatches } from '../../src/app/withdrawals/track-batches.ts';
import { availableBalance, systemAccountTotals } from '../../src/db/repos/ledger.ts';
import { signerNetwork } from '../../src/domain/withdrawal-tx.ts';
import { electrumSignPsbt } from '../fixtures/chain/electrum-psbt.ts';
import { TEST_CHAIN_KEYS as KEYS, TEST_MNEMONIC } from '../fixtures/chain/keys.ts';
import { HAVE_ELECTRUM } from '../fixtures/electrum.ts';
import {
  DIALECTS,
  makeAccount,
  type TestAccount,
  type TestRuntime,
  testRuntime,
} from '../fixtures/runtime.ts';

// Addresses made by an independent implementation (test/http/withdrawals.test.ts explains them).
const TO_P2WPKH = 'bcrt1qqypqxpq9qcrsszg2pvxq6rs0zqg3yyc5phstwt';
const TO_P2PKH = 'mfcHP2WMCVLsVZA8yrovmhMgxNFW9r98xw';
const RESERVE_SAT = 5000n;
const ENV = {
  SANDBOX_NODE_KEY: '22'.repeat(32),
  BTC_XPUB: KEYS.btc.text,
  // The master key fingerprint of BIP39's all-"abandon" test mnemonic (its published BIP84 vectors).
  BTC_MASTER_FINGERPRINT: '73c5da0a',
  BTC_WITHDRAW_FEE_RESERVE_SAT: String(RESERVE_SAT),
};
const ACCOUNT_PATH = "m/84'/1'/0'";

describe.skipIf(!HAVE_ELECTRUM).each(DIALECTS)('BTC withdrawal batches on %s', (dialect) => {
  let t: TestRuntime;
  let shop: TestAccount;
  let payer: TestAccount;

  beforeEach(async () => {
    t = await testRuntime(dialect, ENV);
    shop = await makeAccount(t.deps);
    payer = await makeAccount(t.deps, { fund: { btc: '0.01' } });
  });
  afterEach(async () => {
    await t.close();
  });

  /** A confirmed, credited deposit of `btc` to a fresh address of the wallet (the sandbox chain). */
  const deposit = async (btc: number): Promise<string> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/receive',
      headers: { authorization: shop.invoiceKey },
      payload: { wallet: 'btc', payment_mode: 'onchain', amount: btc },
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = await sandboxDeposit(t.deps, { tid: String(res.json().tid) });
    if (!d.ok) throw new Error(d.error.message);
    return d.value.txHash;
  };
  const withdraw = async (address: string, amount: string): Promise<{ id: string; status: string }> => {
    const r: LightMyRequestResponse = await t.app.inject({
      method: 'POST',
      url: '/sapi/v1/withdraw',
      headers: { 'x-api-key': payer.adminKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ wallet: 'btc', address, amount }),
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json();
  };
  const withdrawal = (id: string) =>
    t.deps.db.read
      .selectFrom('chain_withdrawals')
      .selectAll()
      .where('public_id', '=', id)
      .executeTakeFirstOrThrow();
  const audit = async () => (await auditLedger(t.deps)).violations;
  const btc = () => availableBalance(t.deps.db.read, payer.id, 'btc');
  const settlement = async () => {
    const s = await systemAccountTotals(t.deps.db.read, 'onchain_settlement', 'btc');
    return s.credits_posted - s.debits_posted;
  };
  /** Sets the sandbox chain's confirmations of a transaction (as `paytag sandbox confirm` does). */
  const confirm = async (txid: string, confirmations: number) => {
    const { sandboxDepositChange } = await import('../../src/app/chain/sandbox-deposit.ts');
    const r = await sandboxDepositChange(t.deps, txid, { confirmations });
    if (!r.ok) throw new Error(r.error.message);
  };
  const sign = (psbt: string) => electrumSignPsbt(psbt, TEST_MNEMONIC, ACCOUNT_PATH);
  /** The batch's PSBT changed by `edit` before the wallet signs it (what an attacker on the file would do). */
  const tampered = (psbt: string, edit: (tx: Transaction) => void): string => {
    const tx = Transaction.fromPSBT(base64.decode(psbt), { allowUnknownOutputs: true });
    edit(tx);
    return base64.encode(tx.toPSBT(0));
  };

  it('queued → PSBT → Electrum signs → submit → confirmed: posted with the real fee share, ledger balanced', async () => {
    await deposit(0.001);
    await deposit(0.0005);
    const w1 = await withdraw(TO_P2WPKH, '0.0004');
    const w2 = await withdraw(TO_P2PKH, '0.0003');
    const before = await btc();
    const settledBefore = await settlement();
    const built = await buildWithdrawalBatch(t.deps, { feeRateSatPerKvb: 2000n });
    expect(built.ok ? 'ok' : built.error).toBe('ok');
    if (!built.ok) return;
    const b = built.value;
    expect(b.status).toBe('signing');
    expect(b.withdrawals.map((w) => w.id)).toEqual([w1.id, w2.id]);
    expect(b.inputSat).toBe(b.outputSat + b.changeSat + b.feeSat);
    expect(b.withdrawals.reduce((a, w) => a + w.feeShareSat!, 0n)).toBe(b.feeSat);
    expect((await withdrawal(w1.id)).status).toBe('signing');
    // A withdrawal in a batch cannot be cancelled (409), as before.
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/sapi/v1/withdrawals/${w1.id}/cancel`,
      headers: { 'x-api-key': payer.adminKey },
    });
    expect(cancel.statusCode).toBe(409);

    const signed = sign(b.psbtBase64);
    const sent = await submitSignedWithdrawal(t.deps, { text: signed });
    expect(sent.ok ? sent.value.status : sent.error).toBe('broadcast');
    // The same transaction again answers the same.
    const again = await submitSignedWithdrawal(t.deps, { text: signed });
    expect(again.ok ? again.value.status : again.error).toBe('broadcast');
    expect((await withdrawal(w2.id)).txid).toBe(b.txid);
    expect(await audit()).toEqual([]);

    await confirm(b.txid, t.deps.config.chainWatch.btcConfirmations);
    const round = await trackWithdrawalBatches(t.deps);
    expect(round.confirmed).toBe(1);
    const share1 = b.withdrawals[0]!.feeShareSat!;
    const share2 = b.withdrawals[1]!.feeShareSat!;
    expect(await withdrawal(w1.id)).toMatchObject({ status: 'confirmed', fee_sat: share1 });
    // Each payer gets back its reserve minus its fee share; the chain side took amount + share.
    expect((await btc()) - before).toBe((RESERVE_SAT - share1 + RESERVE_SAT - share2) * 1000n);
    expect((await settlement()) - settledBefore).toBe((40_000n + share1 + 30_000n + share2) * 1000n);
    expect(await audit()).toEqual([]);
    // A second round posts nothing twice.
    await trackWithdrawalBatches(t.deps);
    expect((await btc()) - before).toBe((RESERVE_SAT - share1 + RESERVE_SAT - share2) * 1000n);
  });

  it.each([
    [
      'an output amount changed',
      (tx: Transaction) => tx.updateOutput(0, { amount: 39_000n }),
      /output 0 .* pays 39000 sat instead of 40000/,
    ],
    [
      'an extra output',
      (tx: Transaction) => tx.addOutputAddress(TO_P2WPKH, 1000n, signerNetwork('regtest')),
      /extra output/,
    ],
  ] as const)(
    'refuses a transaction with %s, moving nothing and sending nothing',
    async (_what, edit, says) => {
      await deposit(0.001);
      await withdraw(TO_P2WPKH, '0.0004');
      const built = await buildWithdrawalBatch(t.deps, { feeRateSatPerKvb: 2000n });
      if (!built.ok) throw new Error(built.error.message);
      const before = await btc();
      const bad = sign(tampered(built.value.psbtBase64, edit));
      const r = await submitSignedWithdrawal(t.deps, { text: bad });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.code).toBe('invalid_request');
      expect(r.error.message).toMatch(says);
      const chain = btcTransactionsOf(t.deps)!;
      const st = await chain.status(
        Transaction.fromPSBT(base64.decode(bad), { allowUnknownOutputs: true }).id,
      );
      expect(st).toEqual({ ok: true, value: { state: 'unknown' } });
      expect(await btc()).toBe(before);
      expect((await withdrawal(built.value.withdrawals[0]!.id)).status).toBe('signing');
      expect(await audit()).toEqual([]);
    },
  );

  it('refuses a transaction with an output removed', async () => {
    await deposit(0.001);
    await withdraw(TO_P2WPKH, '0.0004');
    await withdraw(TO_P2PKH, '0.0003');
    const built = await buildWithdrawalBatch(t.deps, { feeRateSatPerKvb: 2000n });
    if (!built.ok) throw new Error(built.error.message);
    // The operator's wallet signs a transaction of the batch's inputs that leaves the second withdrawal out.
    const raw = Transaction.fromPSBT(base64.decode(built.value.psbtBase64), { allowUnknownOutputs: true });
    const fewer = new Transaction({ version: 2, allowUnknownOutputs: true });
    for (let i = 0; i < raw.inputsLength; i++) fewer.addInput(raw.getInput(i));
    for (const i of [0, 2]) fewer.addOutput(raw.getOutput(i));
    const r = await submitSignedWithdrawal(t.deps, { text: sign(base64.encode(fewer.toPSBT(0))) });
    expect(r.ok ? 'accepted' : r.error.message).toMatch(/withdrawal .* is missing/);
    expect(await audit()).toEqual([]);
  });

  it('concurrent builds never put a withdrawal or an output in two batches', async () => {
    await deposit(0.001);
    await deposit(0.001);
    for (let i = 0; i < 4; i++) await withdraw(TO_P2WPKH, '0.0001');
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => buildWithdrawalBatch(t.deps, { feeRateSatPerKvb: 1000n })),
    );
    const built = results.filter((r) => r.ok);
    expect(built).toHaveLength(1);
    for (const r of results) if (!r.ok) expect(r.error.code).toBe('state_conflict');
    const rows = await t.deps.db.read
      .selectFrom('chain_withdrawals')
      .select(['psbt_batch_id', 'status'])
      .execute();
    expect(new Set(rows.map((r) => r.psbt_batch_id)).size).toBe(1);
    const inputs = await t.deps.db.read.selectFrom('chain_withdrawal_inputs').selectAll().execute();
    expect(new Set(inputs.map((i) => `${i.txid}:${i.vout}`)).size).toBe(inputs.length);
    expect(await audit()).toEqual([]);
  });

  it('abandon gives the withdrawals back to the queue and frees the inputs; the next build takes them again', async () => {
    await deposit(0.001);
    const w = await withdraw(TO_P2WPKH, '0.0004');
    const first = await buildWithdrawalBatch(t.deps, { feeRateSatPerKvb: 1000n });
    if (!first.ok) throw new Error(first.error.message);
    const gone = await abandonWithdrawalBatch(t.deps, first.value.id);
    expect(gone.ok ? gone.value.status : gone.error).toBe('abandoned');
    expect(await withdrawal(w.id)).toMatchObject({ status: 'queued', psbt_batch_id: null, fee_sat: null });
    expect(await audit()).toEqual([]);
    const second = await buildWithdrawalBatch(t.deps, { feeRateSatPerKvb: 1000n });
    if (!second.ok) throw new Error(second.error.message);
    expect(second.value.inputs.map((i) => i.txid)).toEqual(first.value.inputs.map((i) => i.txid));
    // The abandoned batch's signed transaction is no longer accepted.
    const late = await submitSignedWithdrawal(t.deps, { text: sign(first.value.psbtBase64) });
    expect(late.ok).toBe(false);
    expect(await audit()).toEqual([]);
  });

  it('a withdrawal cancelled before the build is not in it; nothing queued is refused', async () => {
    await deposit(0.001);
    const kept = await withdraw(TO_P2WPKH, '0.0002');
    const dropped = await withdraw(TO_P2WPKH, '0.0003');
    const c = await t.app.inject({
      method: 'POST',
      url: `/sapi/v1/withdrawals/${dropped.id}/cancel`,
      headers: { 'x-api-key': payer.adminKey },
    });
    expect(c.statusCode).toBe(200);
    const built = await buildWithdrawalBatch(t.deps, { feeRateSatPerKvb: 1000n });
    if (!built.ok) throw new Error(built.error.message);
    expect(built.value.withdrawals.map((w) => w.id)).toEqual([kept.id]);
    const none = await buildWithdrawalBatch(t.deps, { feeRateSatPerKvb: 1000n });
    expect(none.ok ? 'built' : none.error.message).toMatch(/no BTC withdrawal is queued/);
  });

  it('leaves out a credited deposit whose transaction the chain does not know, and builds from the others', async () => {
    await deposit(0.001);
    const known = await t.deps.db.read.selectFrom('chain_deposits').selectAll().executeTakeFirstOrThrow();
    // A larger credited deposit (largest first would take it) whose transaction the chain never had.
    const { id: _id, ...copy } = known;
    await t.deps.db.write((trx) =>
      trx
        .insertInto('chain_deposits')
        .values({ ...copy, tx_hash: 'ee'.repeat(32), amount_raw: '500000', amount_units: 500_000_000n })
        .execute(),
    );
    await withdraw(TO_P2WPKH, '0.0004');
    const built = await buildWithdrawalBatch(t.deps, { feeRateSatPerKvb: 1000n });
    expect(built.ok ? built.value.inputs.map((i) => i.txid) : built.error).toEqual([known.tx_hash]);
  });

  it('refuses when the confirmed outputs do not cover the batch, saying how much is missing', async () => {
    await deposit(0.0002);
    await withdraw(TO_P2WPKH, '0.0005');
    const r = await buildWithdrawalBatch(t.deps, { feeRateSatPerKvb: 1000n });
    expect(r.ok ? 'built' : r.error).toMatchObject({ code: 'insufficient_balance' });
    if (!r.ok) expect(r.error.message).toMatch(/\d+ sat missing/);
    expect(await audit()).toEqual([]);
  });

  it('refuses a fee share above a withdrawal’s reserve, naming the withdrawal', async () => {
    await deposit(0.001);
    const w = await withdraw(TO_P2WPKH, '0.0004');
    const r = await buildWithdrawalBatch(t.deps, { feeRateSatPerKvb: 100_000n });
    expect(r.ok ? 'built' : r.error.code).toBe('amount_out_of_range');
    if (!r.ok) expect(r.error.message).toContain(w.id);
    expect((await withdrawal(w.id)).status).toBe('queued');
  });

  it('a broadcast the chain refuses leaves the batch signing with the reason', async () => {
    await deposit(0.001);
    await withdraw(TO_P2WPKH, '0.0004');
    const built = await buildWithdrawalBatch(t.deps, { feeRateSatPerKvb: 1000n });
    if (!built.ok) throw new Error(built.error.message);
    // Unsigned: finalising fails, so nothing is broadcast.
    const unsigned = await submitSignedWithdrawal(t.deps, { text: built.value.psbtBase64 });
    expect(unsigned.ok ? 'sent' : unsigned.error.message).toMatch(/not fully signed/);
    // Signed, but its witness damaged: the chain checks the signature and refuses.
    const signed = Transaction.fromPSBT(base64.decode(sign(built.value.psbtBase64)), {
      allowUnknownOutputs: true,
    });
    // Electrum finalises a PSBT it signed completely (final_scriptwitness); btc-signer extracts it.
    if (!signed.isFinal) signed.finalize();
    const decoded = RawTx.decode(signed.extract());
    const sig = decoded.witnesses![0]![0]!;
    sig[10] = sig[10]! ^ 1; // a byte of the signature's r
    const r = await submitSignedWithdrawal(t.deps, { text: hex.encode(RawTx.encode(decoded)) });
    expect(r.ok ? 'sent' : r.error.code).toBe('payment_failed');
    const row = await t.deps.db.read
      .selectFrom('chain_withdrawal_batches')
      .selectAll()
      .where('public_id', '=', built.value.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('signing');
    expect(row.broadcast_error).not.toBeNull();
  });
  it('a reorganisation of a confirmed batch sends it back to broadcast and broadcasts it again; buried again, nothing posts twice', async () => {
    await deposit(0.001);
    const w = await withdraw(TO_P2WPKH, '0.0004');
    const built = await buildWithdrawalBatch(t.deps, { feeRateSatPerKvb: 2000n });
    if (!built.ok) throw new Error(built.error.message);
    const txid = built.value.txid;
    const sent = await submitSignedWithdrawal(t.deps, { text: sign(built.value.psbtBase64) });
    expect(sent.ok ? sent.value.status : sent.error).toBe('broadcast');
    const need = t.deps.config.chainWatch.btcConfirmations;
    await confirm(txid, need);
    expect((await trackWithdrawalBatches(t.deps)).confirmed).toBe(1);
    const posted = await btc();
    const { sandboxDepositChange } = await import('../../src/app/chain/sandbox-deposit.ts');
    const gone = await sandboxDepositChange(t.deps, txid, { removed: true });
    expect(gone.ok).toBe(true);
    const round = await trackWithdrawalBatches(t.deps);
    expect(round).toMatchObject({ reorganised: 1, rebroadcast: 1 });
    const batch = () =>
      t.deps.db.read
        .selectFrom('chain_withdrawal_batches')
        .selectAll()
        .where('txid', '=', txid)
        .executeTakeFirstOrThrow();
    expect((await batch()).status).toBe('broadcast');
    expect((await withdrawal(w.id)).status).toBe('confirmed');
    expect((await btcTransactionsOf(t.deps)!.status(txid)).ok).toBe(true);
    expect(await audit()).toEqual([]);
    await confirm(txid, need);
    expect((await trackWithdrawalBatches(t.deps)).confirmed).toBe(1);
    expect((await batch()).status).toBe('confirmed');
    expect(await btc()).toBe(posted);
    expect(await audit()).toEqual([]);
  });
});

describe.each(DIALECTS)('BTC withdrawal batches with the hot seed on %s', (dialect) => {
  it('the server signs with its seed and submits through the same checks', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paytag-hot-'));
    const t = await testRuntime(dialect, {
      SANDBOX_NODE_KEY: '22'.repeat(32),
      DATA_DIR: dir,
      BTC_WITHDRAW_FEE_RESERVE_SAT: String(RESERVE_SAT),
    });
    try {
      expect(t.deps.chainKeys.hotSeedFile).not.toBeNull();
      const shop = await makeAccount(t.deps);
      const payer = await makeAccount(t.deps, { fund: { btc: '0.01' } });
      const res = await t.app.inject({
        method: 'POST',
        url: '/sapi/v1/receive',
        headers: { authorization: shop.invoiceKey },
        payload: { wallet: 'btc', payment_mode: 'onchain', amount: 0.001 },
      });
      const d = await sandboxDeposit(t.deps, { tid: String(res.json().tid) });
      expect(d.ok).toBe(true);
      const r = await t.app.inject({
        method: 'POST',
        url: '/sapi/v1/withdraw',
        headers: { 'x-api-key': payer.adminKey, 'content-type': 'application/json' },
        payload: JSON.stringify({ wallet: 'btc', address: TO_P2WPKH, amount: '0.0004' }),
      });
      expect(r.statusCode, r.body).toBe(200);
      const built = await buildWithdrawalBatch(t.deps, { feeRateSatPerKvb: 1000n });
      if (!built.ok) throw new Error(built.error.message);
      const sent = await signAndSubmitWithdrawalBatch(t.deps, built.value.id);
      expect(sent.ok ? sent.value.status : sent.error).toBe('broadcast');
      expect((await auditLedger(t.deps)).violations).toEqual([]);
    } finally {
      await t.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('with the operator’s keys the server refuses to sign', async () => {
    const t = await testRuntime(dialect, ENV);
    try {
      const r = await signAndSubmitWithdrawalBatch(t.deps, 'aaaaaaaaaaaaaaaa');
      expect(r.ok ? 'signed' : r.error.message).toMatch(/does not hold the keys/);
    } finally {
      await t.close();
    }
  });
});
