// Core Lightning clnrest contract: every call the adapter makes, checked against
// ElementsProject/lightning@090f4b0e6981d458b07a8e95d3eccf5a7c0b9542: plugins/rest-plugin/src/handlers.rs
// (POST /v1/<method>, rune in the Rune header, 201 on success, 404 for -32601, 500 for other RPC errors),
// doc/schemas/{getinfo,invoice,listinvoices,delinvoice,waitanyinvoice,xpay,listpays,listfunds}.json and
// common/jsonrpc_errors.h.

import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClnBackend } from '../../../src/adapters/lightning/cln.ts';
import type { LightningBackend } from '../../../src/app/ports.ts';
import { foreignInvoice } from '../../fixtures/lightning/helpers.ts';
import { json, type ScriptedNode, startScriptedNode } from '../../fixtures/lightning/scripted-node.ts';

const RUNE = 'aBcD-rune_0==';
const HASH = '44'.repeat(32);

let node: ScriptedNode;
let cln: LightningBackend;
beforeAll(async () => {
  node = await startScriptedNode();
});
afterAll(async () => {
  await node.close();
});
beforeEach(async () => {
  await cln?.close();
  node.requests.length = 0;
  node.answers.length = 0;
  cln = createClnBackend({ url: node.url, rune: RUNE, payGraceMs: 200, requestTimeoutMs: 2000 });
});

/** Method → the parameter names the schema defines for it (those the adapter may send). */
const PARAMS: Record<string, string[]> = {
  getinfo: [],
  invoice: ['amount_msat', 'label', 'description', 'expiry', 'deschashonly'],
  listinvoices: ['payment_hash', 'label', 'index', 'start', 'limit'],
  delinvoice: ['label', 'status'],
  xpay: ['invstring', 'amount_msat', 'maxfee', 'retry_for'],
  listpays: ['payment_hash'],
  listfunds: [],
  waitanyinvoice: ['lastpay_index', 'timeout'],
};

function expectCall(i: number, method: string): Record<string, unknown> {
  const r = node.requests[i];
  expect(r, `request ${i} (${method})`).toBeDefined();
  expect({ method: r?.method, path: r?.path }).toEqual({ method: 'POST', path: `/v1/${method}` });
  expect(r?.headers.rune).toBe(RUNE);
  expect(r?.headers['content-type']).toBe('application/json');
  const params = JSON.parse(r?.body || '{}') as Record<string, unknown>;
  for (const k of Object.keys(params)) expect(PARAMS[method], `${method} takes ${k}`).toContain(k);
  return params;
}

const err = (status: number, code: number, message: string) => json(status, { code, message });

describe('Core Lightning contract', () => {
  it('getinfo: id and network, answered with 201', async () => {
    node.answers.push(json(201, { id: '03'.repeat(33), alias: 'c', network: 'bitcoin' }));
    expect(await cln.nodeInfo()).toEqual({ pubkey: '03'.repeat(33), network: 'bitcoin', alias: 'c' });
    expectCall(0, 'getinfo');
  });

  it('401 and 403 from the rune check are unauthorized', async () => {
    node.answers.push(err(401, 1501, 'Not authorized: Not derived from master'));
    await expect(cln.nodeInfo()).rejects.toMatchObject({ code: 'unauthorized', status: 401 });
    node.answers.push(err(403, 1501, 'Not authorized: Missing rune'));
    await expect(cln.nodeInfo()).rejects.toMatchObject({ code: 'unauthorized', status: 403 });
  });

  it('listinvoices is paged by created index when looking for the highest pay_index', async () => {
    const page = Array.from({ length: 1000 }, (_, i) => ({
      created_index: i + 1,
      pay_index: i === 500 ? 77 : undefined,
      status: 'unpaid',
    }));
    node.answers.push(json(201, { invoices: page }));
    node.answers.push(json(201, { invoices: [{ created_index: 1001, pay_index: 78, status: 'paid' }] }));
    node.answers.push(err(500, 904, 'Timed out while waiting'));
    const controller = new AbortController();
    cln.subscribeSettlements(async () => {}, controller.signal);
    await expect.poll(() => node.requests.length, { timeout: 5000 }).toBeGreaterThanOrEqual(3);
    controller.abort();
    expect(expectCall(0, 'listinvoices')).toEqual({ index: 'created', start: 0, limit: 1000 });
    expect(expectCall(1, 'listinvoices')).toEqual({ index: 'created', start: 1001, limit: 1000 });
    expect(expectCall(2, 'waitanyinvoice')).toMatchObject({ lastpay_index: 78 });
  });

  it('listinvoices by payment_hash: paid, expired, unpaid, absent', async () => {
    node.answers.push(
      json(201, { invoices: [{ label: 'l', status: 'paid', amount_received_msat: 5, paid_at: 9 }] }),
    );
    expect(await cln.lookupInvoice(HASH)).toEqual({
      state: 'settled',
      amountReceivedMsat: 5n,
      settledAtSec: 9,
    });
    expect(expectCall(0, 'listinvoices')).toEqual({ payment_hash: HASH });
    node.answers.push(json(201, { invoices: [{ label: 'l', status: 'expired' }] }));
    expect((await cln.lookupInvoice(HASH)).state).toBe('canceled');
    node.answers.push(json(201, { invoices: [] }));
    expect((await cln.lookupInvoice(HASH)).state).toBe('not_found');
  });

  it('delinvoice {label, status: "unpaid"}: 905 not found, 906 paid meanwhile', async () => {
    node.answers.push(json(201, { invoices: [{ label: 'paytag-x', status: 'unpaid' }] }));
    node.answers.push(json(201, { label: 'paytag-x', status: 'unpaid' }));
    expect(await cln.cancelInvoice(HASH)).toEqual({ status: 'canceled' });
    expect(expectCall(1, 'delinvoice')).toEqual({ label: 'paytag-x', status: 'unpaid' });

    node.answers.push(json(201, { invoices: [{ label: 'paytag-x', status: 'unpaid' }] }));
    node.answers.push(err(500, 906, 'Invoice status is paid not unpaid'));
    node.answers.push(
      json(201, {
        invoices: [{ label: 'paytag-x', status: 'paid', amount_received_msat: 1234, paid_at: 5 }],
      }),
    );
    expect(await cln.cancelInvoice(HASH)).toEqual({
      status: 'settled',
      amountReceivedMsat: 1234n,
      settledAtSec: 5,
    });

    node.answers.push(json(201, { invoices: [{ label: 'paytag-x', status: 'unpaid' }] }));
    node.answers.push(err(500, 905, 'Unknown invoice'));
    expect(await cln.cancelInvoice(HASH)).toEqual({ status: 'not_found' });
  });

  it('xpay {invstring, maxfee, retry_for}: a result without status is a success', async () => {
    const { payreq } = foreignInvoice(100_000n);
    const preimage = randomBytes(32).toString('hex');
    node.answers.push(
      json(201, {
        payment_preimage: preimage,
        failed_parts: 1,
        successful_parts: 1,
        amount_msat: 100_000,
        amount_sent_msat: 100_021,
      }),
    );
    expect(await cln.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 50n, timeoutSec: 9 })).toEqual({
      status: 'succeeded',
      feeMsat: 21n,
      preimage,
    });
    expect(expectCall(0, 'xpay')).toEqual({ invstring: payreq, maxfee: 50, retry_for: 9 });
  });

  it.each([203, 205, 207, 209])(
    'xpay error %i: listpays decides (empty → failed, pending part → pending)',
    async (code) => {
      const { payreq } = foreignInvoice(100_000n);
      node.answers.push(err(500, code, `xpay ${code}`));
      node.answers.push(json(201, { pays: [] }));
      expect(await cln.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 50n, timeoutSec: 9 })).toEqual({
        status: 'failed',
        reason: `xpay ${code}`,
      });
      expect(expectCall(1, 'listpays')).toMatchObject({});
      node.answers.push(err(500, code, `xpay ${code}`));
      node.answers.push(
        json(201, { pays: [{ status: 'pending', amount_msat: 100_000, amount_sent_msat: 100_000 }] }),
      );
      expect(await cln.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 50n, timeoutSec: 9 })).toEqual({
        status: 'pending',
      });
    },
  );

  it('xpay 219 (already paid) is answered by listpays; -32602 fails; 404 -32601 names the version; -1 is pending', async () => {
    const { payreq } = foreignInvoice(100_000n);
    node.answers.push(err(500, 219, 'Already paid'));
    node.answers.push(
      json(201, {
        pays: [
          { status: 'complete', amount_msat: 100_000, amount_sent_msat: 100_005, preimage: '55'.repeat(32) },
        ],
      }),
    );
    expect(
      await cln.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 50n, timeoutSec: 9 }),
    ).toMatchObject({ status: 'succeeded', feeMsat: 5n });
    node.answers.push(err(500, -32602, 'invstring: Unparsable invoice'));
    expect(await cln.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 50n, timeoutSec: 9 })).toEqual({
      status: 'failed',
      reason: 'invstring: Unparsable invoice',
    });
    node.answers.push(err(404, -32601, "Unknown command 'xpay'"));
    expect(
      await cln.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 50n, timeoutSec: 9 }),
    ).toMatchObject({ status: 'failed', reason: expect.stringMatching(/v24\.11/) });
    node.answers.push(err(500, -1, 'Catchall nonspecific error'));
    expect(await cln.payInvoice({ payreq, amountMsat: 100_000n, maxFeeMsat: 50n, timeoutSec: 9 })).toEqual({
      status: 'pending',
    });
  });

  it('listpays {payment_hash}: complete, failed, empty', async () => {
    node.answers.push(
      json(201, {
        pays: [
          { status: 'failed' },
          { status: 'complete', amount_msat: 10, amount_sent_msat: 11, preimage: '66'.repeat(32) },
        ],
      }),
    );
    expect(await cln.lookupPayment(HASH)).toMatchObject({ status: 'succeeded', feeMsat: 1n });
    expect(expectCall(0, 'listpays')).toEqual({ payment_hash: HASH });
    node.answers.push(json(201, { pays: [{ status: 'failed' }] }));
    expect((await cln.lookupPayment(HASH)).status).toBe('failed');
    node.answers.push(json(201, { pays: [] }));
    expect(await cln.lookupPayment(HASH)).toEqual({
      status: 'failed',
      reason: 'payment not found at the node',
    });
  });

  it('listfunds: our_amount_msat of CHANNELD_NORMAL channels, confirmed outputs', async () => {
    node.answers.push(
      json(201, {
        outputs: [
          { amount_msat: 1000, status: 'confirmed' },
          { amount_msat: 7, status: 'unconfirmed' },
        ],
        channels: [
          { our_amount_msat: 500, state: 'CHANNELD_NORMAL' },
          { our_amount_msat: 9, state: 'ONCHAIN' },
        ],
      }),
    );
    expect(await cln.nodeBalance()).toEqual({ channelLocalMsat: 500n, onchainConfirmedMsat: 1000n });
    expectCall(0, 'listfunds');
  });
});
