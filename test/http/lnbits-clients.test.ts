import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { afterEach, describe, expect, it } from 'vitest';
import { rotateKey } from '../../src/app/accounts/rotate-key.ts';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import { disableAccount } from '../../src/app/operator/disable-account.ts';
import { payFromOutside } from '../../src/app/sandbox/pay-from-outside.ts';
import type { Dialect } from '../../src/db/database.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

const sha256Hex = (hex: string) => createHash('sha256').update(Buffer.from(hex, 'hex')).digest('hex');

// A WebSocket client for the LNbits funding source's `websockets.connect` (Node 20 has none built in):
// `ws`, the implementation @fastify/websocket serves with.
interface WsClient {
  on(event: 'message', l: (data: Buffer) => void): void;
  on(event: 'close', l: (code: number) => void): void;
  on(event: 'open', l: () => void): void;
  on(event: 'unexpected-response', l: (req: unknown, res: { statusCode: number }) => void): void;
  on(event: 'error', l: (e: Error) => void): void;
  close(): void;
}
const WebSocket = createRequire(import.meta.url)('ws') as new (url: string) => WsClient;

const runtimes: TestRuntime[] = [];
const cleanups: Array<() => void> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) c();
  for (const rt of runtimes.splice(0)) {
    expect((await auditLedger(rt.deps)).violations).toEqual([]);
    await rt.close();
  }
});

async function sandbox(dialect: Dialect, env: Record<string, string> = {}) {
  const rt = await testRuntime(dialect, {
    SANDBOX_NODE_KEY: '11'.repeat(32),
    LNBITS_LIVE_POLL_MS: '100',
    LNBITS_KEY_RECHECK_MS: '100',
    ...env,
  });
  runtimes.push(rt);
  const base = await rt.app.listen({ port: 0, host: '127.0.0.1' });
  return { rt, base };
}

/** httpx's `raise_for_status()`: 4xx and 5xx raise, carrying the response. */
class HTTPStatusError extends Error {
  constructor(readonly response: Response) {
    super(`HTTP ${response.status}`);
  }
}
const raiseForStatus = (r: Response) => {
  if (r.status >= 400) throw new HTTPStatusError(r);
};

// ------------------------------------------------------------------------------------------------------
// Port of Nutshell's LNbits backend: cashubtc/nutshell `cashu/lightning/lnbits.py` at commit
// cf1cf76cb38135b9603e5f3fd043d1b7b5229c97 (the last before a805d828 removed it), line by line for the
// calls and what they read. Amounts in sat, as its `Unit.sat`.
type PaymentResult = 'SETTLED' | 'FAILED' | 'PENDING' | 'UNKNOWN';
interface NutshellStatus {
  result: PaymentResult;
  feeMsat?: number;
  preimage?: string | null;
  errorMessage?: string;
}
class NutshellLNbitsWallet {
  oldApi = true;
  /** Not Nutshell's: the test's view of when the SSE answer arrived. */
  connected = false;
  readonly headers: Record<string, string>;
  constructor(
    readonly endpoint: string,
    key: string,
  ) {
    this.headers = { 'X-Api-Key': key };
  }

  async status(): Promise<{ errorMessage: string | null; balanceSat: number }> {
    let data: Record<string, unknown>;
    try {
      const r = await fetch(`${this.endpoint}/api/v1/wallet`, { headers: this.headers });
      raiseForStatus(r);
      data = (await r.json()) as Record<string, unknown>;
    } catch (exc) {
      return { errorMessage: `Failed to connect to ${this.endpoint} due to: ${exc}`, balanceSat: 0 };
    }
    if (data['detail']) return { errorMessage: `LNbits error: ${data['detail']}`, balanceSat: 0 };
    return { errorMessage: null, balanceSat: Math.floor((data['balance'] as number) / 1000) };
  }

  async createInvoice(
    amountSat: number,
    memo?: string,
    descriptionHash?: Buffer,
    unhashedDescription?: Buffer,
  ): Promise<{ ok: boolean; checkingId?: string; paymentRequest?: string; errorMessage?: string }> {
    let data: Record<string, unknown> = { out: false, amount: amountSat };
    if (descriptionHash) data['description_hash'] = descriptionHash.toString('hex');
    if (unhashedDescription) data['unhashed_description'] = unhashedDescription.toString('hex');
    data['memo'] = memo || '';
    let r: Response;
    try {
      r = await fetch(`${this.endpoint}/api/v1/payments`, {
        method: 'POST',
        headers: { ...this.headers, 'content-type': 'application/json' },
        body: JSON.stringify(data),
      });
      raiseForStatus(r);
      data = (await r.json()) as Record<string, unknown>;
    } catch (exc) {
      if (exc instanceof HTTPStatusError)
        return { ok: false, errorMessage: `HTTP status: ${exc.response.statusText}` };
      return { ok: false, errorMessage: String(exc) };
    }
    if (data['detail']) return { ok: false, errorMessage: String(data['detail']) };
    const checkingId = data['checking_id'] as string;
    const paymentRequest = (data['bolt11'] || data['payment_request']) as string;
    return { ok: true, checkingId, paymentRequest };
  }

  async payInvoice(bolt11: string): Promise<NutshellStatus & { checkingId?: string }> {
    let data: Record<string, unknown>;
    try {
      const r = await fetch(`${this.endpoint}/api/v1/payments`, {
        method: 'POST',
        headers: { ...this.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ out: true, bolt11 }),
      });
      raiseForStatus(r);
      data = (await r.json()) as Record<string, unknown>;
    } catch (exc) {
      if (exc instanceof HTTPStatusError) {
        return { result: 'FAILED', errorMessage: `HTTP status: ${exc.response.statusText}` };
      }
      return { result: 'FAILED', errorMessage: String(exc) };
    }
    if (data['detail']) return { result: 'FAILED', errorMessage: String(data['detail']) };
    const checkingId = data['payment_hash'] as string | undefined;
    if (!checkingId) return { result: 'UNKNOWN', errorMessage: 'No payment_hash received' };
    // "we do this to get the fee and preimage"
    const payment = await this.getPaymentStatus(checkingId);
    return { ...payment, checkingId };
  }

  /** `get_invoice_status` and `get_payment_status` read the same fields; the latter also tells a 404. */
  async getPaymentStatus(checkingId: string): Promise<NutshellStatus> {
    let data: Record<string, unknown>;
    try {
      const r = await fetch(`${this.endpoint}/api/v1/payments/${checkingId}`, { headers: this.headers });
      raiseForStatus(r);
      data = (await r.json()) as Record<string, unknown>;
    } catch (e) {
      if (e instanceof HTTPStatusError) {
        if (e.response.status !== 404) throw e;
        return { result: 'UNKNOWN', errorMessage: await e.response.text() };
      }
      return { result: 'UNKNOWN', errorMessage: String(e) };
    }
    if (!('paid' in data) && !('details' in data))
      return { result: 'UNKNOWN', errorMessage: 'invalid response' };
    const details = (data['details'] ?? {}) as Record<string, unknown>;
    const status = details['status'] ?? null;
    let result: PaymentResult;
    if (data['paid']) result = 'SETTLED';
    else if (status === 'pending' || details['pending']) result = 'PENDING';
    else if (status === 'failed') result = 'FAILED';
    else result = 'UNKNOWN';
    // abs(data["details"]["fee"]): a KeyError in Python when details is missing.
    const fee = (data['details'] as Record<string, number>)['fee'];
    if (fee === undefined) throw new Error("KeyError: 'details'");
    return { result, feeMsat: Math.abs(fee), preimage: (data['preimage'] as string | null) ?? null };
  }

  /** `paid_invoices_stream`, the LNbits retro-compatibility branch (old_api): the SSE reader. */
  async *paidInvoicesStream(signal: AbortSignal): AsyncGenerator<string> {
    const r = await fetch(`${this.endpoint}/api/v1/payments/sse`, {
      headers: {
        ...this.headers,
        accept: 'text/event-stream',
        'cache-control': 'no-cache',
        connection: 'keep-alive',
      },
      signal,
    });
    this.connected = true;
    let sseTrigger = false;
    for await (const line of aiterLines(r)) {
      if (line.includes('Payment does not exist.')) this.oldApi = false;
      // The data we want to listen to is of this shape:
      // event: payment-received
      // data: {.., "payment_hash" : "asd"}
      if (line.startsWith('event: payment-received')) {
        sseTrigger = true;
      } else if (sseTrigger && line.startsWith('data:')) {
        const data = JSON.parse(line.slice('data:'.length)) as { payment_hash: string };
        sseTrigger = false;
        yield data.payment_hash;
      } else {
        sseTrigger = false;
      }
    }
  }
}

/** httpx's `Response.aiter_lines()`: the body split at \n, \r\n or \r, without the line ends. */
async function* aiterLines(r: Response): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of r.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    const parts = buffer.split(/\r\n|\r|\n/);
    buffer = parts.pop() ?? '';
    for (const p of parts) yield p;
  }
  if (buffer !== '') yield buffer;
}

// ------------------------------------------------------------------------------------------------------
// Port of LNbits' own funding source: lnbits/lnbits `lnbits/wallets/lnbits.py` `LNbitsWallet` at commit
// 7d98c6b0808efab3edafc21310ec34d1c38c23df, line by line for the calls and what they read.
class LNbitsFundingSource {
  readonly wsUrl: string;
  readonly headers: Record<string, string>;
  constructor(
    readonly endpoint: string,
    key: string,
  ) {
    this.wsUrl = `${endpoint.replace('http', 'ws')}/api/v1/ws/${key}`;
    this.headers = { 'X-Api-Key': key };
  }

  async status(): Promise<{ errorMessage: string | null; balanceMsat: number }> {
    try {
      const r = await fetch(`${this.endpoint}/api/v1/wallet`, { headers: this.headers });
      raiseForStatus(r);
      const data = (await r.json()) as Record<string, number>;
      if (Object.keys(data).length === 0) return { errorMessage: 'no data', balanceMsat: 0 };
      if (!('balance' in data))
        return { errorMessage: `Server error: '${JSON.stringify(data)}'`, balanceMsat: 0 };
      return { errorMessage: null, balanceMsat: data['balance']! };
    } catch {
      return { errorMessage: `Unable to connect to ${this.endpoint}.`, balanceMsat: 0 };
    }
  }

  async createInvoice(
    amount: number,
    memo: string | null,
    opts: { descriptionHash?: Buffer; unhashedDescription?: Buffer; expiry?: number } = {},
  ): Promise<{
    ok: boolean;
    checkingId?: string;
    paymentRequest?: string;
    preimage?: string | null;
    errorMessage?: string;
  }> {
    const data: Record<string, unknown> = { out: false, amount, memo: memo || '' };
    if (opts.expiry) data['expiry'] = opts.expiry;
    if (opts.descriptionHash) data['description_hash'] = opts.descriptionHash.toString('hex');
    if (opts.unhashedDescription) data['unhashed_description'] = opts.unhashedDescription.toString('hex');
    try {
      const r = await fetch(`${this.endpoint}/api/v1/payments`, {
        method: 'POST',
        headers: { ...this.headers, 'content-type': 'application/json' },
        body: JSON.stringify(data),
      });
      raiseForStatus(r);
      const res = (await r.json()) as Record<string, unknown>;
      // Backwards compatibility for pre-v1 which used the key "payment_request"
      const paymentStr = (res['bolt11'] || res['payment_request']) as string | undefined;
      if (!paymentStr) return { ok: false, errorMessage: `Server error: '${res['detail'] ?? ''}'` };
      if (!('checking_id' in res))
        return { ok: false, errorMessage: "Server error: 'missing required fields'" };
      return {
        ok: true,
        checkingId: res['checking_id'] as string,
        paymentRequest: paymentStr,
        preimage: (res['preimage'] as string | null | undefined) ?? null,
      };
    } catch {
      return { ok: false, errorMessage: `Unable to connect to ${this.endpoint}.` };
    }
  }

  async payInvoice(bolt11: string): Promise<{
    ok: boolean | null;
    checkingId?: string;
    feeMsat?: number;
    preimage?: string | null;
    errorMessage?: string;
  }> {
    try {
      const r = await fetch(`${this.endpoint}/api/v1/payments`, {
        method: 'POST',
        headers: { ...this.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ out: true, bolt11 }),
      });
      raiseForStatus(r);
      const data = (await r.json()) as Record<string, string>;
      const checkingId = data['payment_hash']!;
      // "we do this to get the fee and preimage"
      const payment = await this.getPaymentStatus(checkingId);
      return {
        ok: payment.success ? true : null,
        checkingId,
        ...(payment.feeMsat === undefined ? {} : { feeMsat: payment.feeMsat }),
        preimage: payment.preimage ?? null,
      };
    } catch (exc) {
      if (exc instanceof HTTPStatusError) {
        try {
          const data = (await exc.response.json()) as Record<string, string>;
          const errorMessage = `Payment ${data['status']}: ${data['detail']}.`;
          if (data['status'] === 'failed') return { ok: false, errorMessage };
          return { ok: null, errorMessage };
        } catch {
          return { ok: null, errorMessage: `Unable to connect to ${this.endpoint}.` };
        }
      }
      return { ok: null, errorMessage: `Unable to connect to ${this.endpoint}.` };
    }
  }

  async getInvoiceStatus(checkingId: string): Promise<'success' | 'pending'> {
    try {
      const r = await fetch(`${this.endpoint}/api/v1/payments/${checkingId}`, { headers: this.headers });
      raiseForStatus(r);
      const data = (await r.json()) as Record<string, unknown>;
      return data['paid'] === true ? 'success' : 'pending';
    } catch {
      return 'pending';
    }
  }

  async getPaymentStatus(
    checkingId: string,
  ): Promise<{ success: boolean; failed: boolean; feeMsat?: number; preimage?: string | null }> {
    const pending = { success: false, failed: false };
    try {
      const r = await fetch(`${this.endpoint}/api/v1/payments/${checkingId}`, { headers: this.headers });
      if (r.status >= 400) return pending;
      const data = (await r.json()) as Record<string, unknown>;
      if (data['status'] === 'failed') return { success: false, failed: true };
      if (!('paid' in data) || !data['paid']) return pending;
      if (!('details' in data)) return pending;
      return {
        success: true,
        failed: false,
        feeMsat: (data['details'] as Record<string, number>)['fee']!,
        preimage: data['preimage'] as string | null,
      };
    } catch {
      return pending;
    }
  }

  /** `paid_invoices_stream`: the payment hashes of the WebSocket's `{payment: {payment_hash}}` messages. */
  paidInvoicesStream(onHash: (hash: string) => void): { ws: WsClient; opened: Promise<void> } {
    const ws = new WebSocket(this.wsUrl);
    ws.on('message', (message) => {
      const messageDict = JSON.parse(message.toString('utf8')) as { payment?: { payment_hash?: string } };
      // message_dict and message_dict.get("payment") and message_dict["payment"].get("payment_hash")
      if (messageDict?.payment?.payment_hash) {
        onHash(messageDict.payment.payment_hash);
      }
    });
    const opened = new Promise<void>((resolve, reject) => {
      ws.on('open', resolve);
      ws.on('error', reject);
    });
    return { ws, opened };
  }
}

/** Waits until check() holds, reading again every 20 ms, up to `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe.each(DIALECTS)('LNbits clients against the service (%s)', (dialect) => {
  it('Nutshell (cashu/lightning/lnbits.py): status, create, SSE payment-received, invoice and payment status, pay', async () => {
    const { rt, base } = await sandbox(dialect);
    const mint = await makeAccount(rt.deps, { fund: { lbtc: '0.0005' } });
    const user = await makeAccount(rt.deps);
    const nutshell = new NutshellLNbitsWallet(base, mint.adminKey);
    expect(await nutshell.status()).toEqual({ errorMessage: null, balanceSat: 50_000 });

    const stop = new AbortController();
    cleanups.push(() => stop.abort());
    const received: string[] = [];
    const reading = (async () => {
      try {
        for await (const hash of nutshell.paidInvoicesStream(stop.signal)) received.push(hash);
      } catch {
        // aborted at the end of the test
      }
    })();

    const invoice = await nutshell.createInvoice(1234, 'mint quote');
    expect(invoice.ok).toBe(true);
    expect((await nutshell.getPaymentStatus(invoice.checkingId!)).result).toBe('PENDING');
    // The stream is open (its answer's headers arrived) before the payment.
    await until(() => nutshell.connected);
    expect((await payFromOutside(rt.deps, invoice.paymentRequest!)).ok).toBe(true);
    await until(() => received.length === 1);
    expect(received).toEqual([invoice.checkingId]);
    // The receiver sees its invoice's preimage once it is paid (the service chose it).
    const settled = await nutshell.getPaymentStatus(invoice.checkingId!);
    expect(settled).toEqual({
      result: 'SETTLED',
      feeMsat: 0,
      preimage: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(sha256Hex(settled.preimage!)).toBe(invoice.checkingId);
    expect(nutshell.oldApi).toBe(true);

    // A melt: the mint pays a user's invoice of this service.
    const made = await fetch(`${base}/api/v1/payments`, {
      method: 'POST',
      headers: { 'X-Api-Key': user.invoiceKey, 'content-type': 'application/json' },
      body: JSON.stringify({ out: false, amount: 2000, memo: 'melt' }),
    });
    const userInvoice = ((await made.json()) as { payment_request: string }).payment_request;
    const paid = await nutshell.payInvoice(userInvoice);
    // Settled inside the ledger (an invoice of this service): no routing fee, and the invoice's own
    // preimage (the service chose it) as the proof of payment.
    expect(paid).toMatchObject({
      result: 'SETTLED',
      feeMsat: 0,
      preimage: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(sha256Hex(paid.preimage!)).toBe(paid.checkingId);
    expect(await nutshell.status()).toEqual({ errorMessage: null, balanceSat: 50_000 + 1234 - 2000 });
    // Paying it again: refused (status failed), nothing moves.
    expect((await nutshell.payInvoice(userInvoice)).result).toBe('FAILED');
    // The mint's own outgoing payment is not announced as received: the next event is the next invoice's.
    const next = await nutshell.createInvoice(99, 'second quote');
    expect((await payFromOutside(rt.deps, next.paymentRequest!)).ok).toBe(true);
    await until(() => received.length === 2);
    expect(received).toEqual([invoice.checkingId, next.checkingId]);
    stop.abort();
    await reading;
  });

  it('LNbits funding source (lnbits/wallets/lnbits.py): status, create, WebSocket paid stream, status, pay', async () => {
    const { rt, base } = await sandbox(dialect);
    const node = await makeAccount(rt.deps, { fund: { lbtc: '0.0002' } });
    const other = await makeAccount(rt.deps);
    const fs = new LNbitsFundingSource(base, node.invoiceKey);
    expect(await fs.status()).toEqual({ errorMessage: null, balanceMsat: 20_000_000 });

    const hashes: string[] = [];
    const messages: unknown[] = [];
    const { ws, opened } = fs.paidInvoicesStream((h) => hashes.push(h));
    ws.on('message', (m) => messages.push(JSON.parse(m.toString('utf8'))));
    cleanups.push(() => ws.close());
    await opened;

    const made = await fs.createInvoice(777, 'funding', { expiry: 600 });
    expect(made).toMatchObject({ ok: true, preimage: null });
    expect(await fs.getInvoiceStatus(made.checkingId!)).toBe('pending');
    expect((await payFromOutside(rt.deps, made.paymentRequest!)).ok).toBe(true);
    await until(() => hashes.length === 1);
    expect(hashes).toEqual([made.checkingId]);
    expect(messages[0]).toMatchObject({
      wallet_balance: 20_000 + 777,
      payment: { payment_hash: made.checkingId, amount: 777_000, status: 'success', pending: false },
    });
    expect(await fs.getInvoiceStatus(made.checkingId!)).toBe('success');

    // The funding source pays with the admin key; the invoice key is refused (LNbits' 403).
    const theirs = await new LNbitsFundingSource(base, other.invoiceKey).createInvoice(100, 'x');
    expect(await fs.payInvoice(theirs.paymentRequest!)).toMatchObject({ ok: null });
    const admin = new LNbitsFundingSource(base, node.adminKey);
    const paid = await admin.payInvoice(theirs.paymentRequest!);
    // Paid inside the ledger, the payer still gets the invoice's real preimage, as from LNbits.
    expect(paid).toMatchObject({
      ok: true,
      checkingId: expect.stringMatching(/^[0-9a-f]{64}$/),
      feeMsat: 0,
      preimage: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(sha256Hex(paid.preimage!)).toBe(paid.checkingId);
    expect(await admin.payInvoice(theirs.paymentRequest!)).toMatchObject({ ok: false });
    expect((await fs.status()).balanceMsat).toBe(20_000_000 + 777_000 - 100_000);
  });

  it('an invoice made after the stream opened and paid at once is announced by this instance at once, not at the next poll', async () => {
    const { rt, base } = await sandbox(dialect, { LNBITS_LIVE_POLL_MS: '60000' });
    const a = await makeAccount(rt.deps);
    const fs = new LNbitsFundingSource(base, a.invoiceKey);
    const hashes: string[] = [];
    const { ws, opened } = fs.paidInvoicesStream((h) => hashes.push(h));
    cleanups.push(() => ws.close());
    await opened;
    for (const sats of [5, 6]) {
      const made = await fs.createInvoice(sats, 'at once');
      expect((await payFromOutside(rt.deps, made.paymentRequest!)).ok).toBe(true);
      await until(() => hashes.includes(made.checkingId!));
    }
    expect(hashes).toHaveLength(2);
  });

  it('live streams are limited per key (429 beyond) and end when the key is rotated or the account disabled', async () => {
    const { rt, base } = await sandbox(dialect, { LNBITS_STREAMS_PER_KEY: '2' });
    const a = await makeAccount(rt.deps);
    const openSse = async (key: string) => {
      const stop = new AbortController();
      cleanups.push(() => stop.abort());
      const r = await fetch(`${base}/api/v1/payments/sse`, {
        headers: { 'X-Api-Key': key },
        signal: stop.signal,
      });
      return { r, stop };
    };
    const first = await openSse(a.invoiceKey);
    const second = await openSse(a.invoiceKey);
    expect([first.r.status, second.r.status]).toEqual([200, 200]);
    const third = await openSse(a.invoiceKey);
    expect(third.r.status).toBe(429);
    expect(await third.r.json()).toEqual({ detail: 'at most 2 live streams per key are open at once' });
    // The WebSocket of the same key shares its slots: refused before the upgrade, in LNbits' shape.
    const refused = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/api/v1/ws/${a.invoiceKey}`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode));
      ws.on('open', () => resolve(101));
      ws.on('error', () => {});
      cleanups.push(() => ws.close());
    });
    expect(refused).toBe(429);
    // The admin key has slots of its own.
    const adminWs = new WebSocket(`${base.replace('http', 'ws')}/api/v1/ws/${a.adminKey}`);
    const adminClosed = new Promise<number>((resolve) => adminWs.on('close', resolve));
    await new Promise<void>((resolve, reject) => {
      adminWs.on('open', resolve);
      adminWs.on('error', reject);
    });

    // Rotating the invoice key ends its streams (the body ends); a closed one gives its slot back.
    expect((await rotateKey(rt.deps, a.usertag, 'invoice')).ok).toBe(true);
    await first.r.text();
    await second.r.text();
    const unknownWs = await new Promise<number>((resolve) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/api/v1/ws/${a.invoiceKey}`);
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode));
      ws.on('open', () => resolve(101));
      ws.on('error', () => {});
    });
    expect(unknownWs).toBe(404);

    // Disabling the account ends the admin key's WebSocket (1008, policy).
    expect(
      (await disableAccount(rt.deps, { accountId: null, name: 'operator:root' }, a.usertag, 'fraud')).ok,
    ).toBe(true);
    expect(await adminClosed).toBe(1008);
  });
});
