import { afterEach, describe, expect, it } from 'vitest';
import { setPassword } from '../../src/app/accounts/password.ts';
import { payDueItems } from '../../src/app/payouts/pay-items.ts';
import type { Dialect } from '../../src/db/database.ts';
import { parseCsv, payoutItemsOfCsv } from '../../src/http/web/dashboard/payouts.csv.ts';
import { DashboardClient, PASSWORD } from '../fixtures/dashboard.ts';
import { DIALECTS, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';
import { balanceOf } from '../fixtures/vouchers.ts';

const runtimes: TestRuntime[] = [];
afterEach(async () => {
  for (const rt of runtimes.splice(0)) await rt.close();
});

async function setUp(dialect: Dialect) {
  const rt = await testRuntime(dialect);
  runtimes.push(rt);
  const a = await makeAccount(rt.deps, { fund: { lbtc: '0.01' } });
  const alice = await makeAccount(rt.deps);
  const bob = await makeAccount(rt.deps);
  await setPassword(rt.deps, a.usertag, PASSWORD);
  const c = new DashboardClient(rt.app);
  expect((await c.signIn(a.usertag, PASSWORD)).statusCode).toBe(303);
  return { rt, a, alice, bob, c };
}

const batchCount = async (rt: TestRuntime): Promise<number> =>
  (await rt.deps.db.read.selectFrom('payout_batches').select('id').execute()).length;

/** The validity cell of the preview's row that starts on CSV line `line`. */
function rowOf(body: string, line: number): string {
  return new RegExp(`<tr data-line="${line}">([\\s\\S]*?)</tr>`).exec(body)?.[1] ?? '';
}

const formKeyOf = (body: string): string => /name="form_key" value="([^"]+)"/.exec(body)?.[1] ?? '';

describe.each(DIALECTS)('dashboard payouts (%s)', (dialect) => {
  it('previews every row with its own refusal and moves nothing', async () => {
    const { rt, a, alice, bob, c } = await setUp(dialect);
    const before = await balanceOf(rt, a);
    await c.get('/dashboard/payouts/new');
    const csv = [
      'destination,amount,memo', // 1: header, left out
      `${alice.usertag},0.0001,"rent, March"`, // 2: valid, a quoted memo with a comma
      'not a destination!,0.0001,x', // 3: bad destination
      `${bob.usertag},abc,x`, // 4: bad amount
      `${bob.usertag},0.0001,memo,extra`, // 5: too many columns
      `${bob.usertag},0.0001,say "hi"`, // 6: a quote inside an unquoted field
      `${a.usertag},0.0001,self`, // 7: the use case's own refusal: own usertag
      'nobody_here_42,0.0001,', // 8: no such account
      `${bob.usertag},0.0002,"never closed`, // 9: an unclosed quote
    ].join('\r\n');
    const res = await c.post('/dashboard/payouts/new', { csv, action: 'preview' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('data-bad-rows="7"');
    expect(rowOf(res.body, 2)).toContain('<span class="pill paid">valid</span>');
    expect(rowOf(res.body, 2)).toContain('rent, March');
    expect(rowOf(res.body, 3)).toContain('is not a usertag');
    expect(rowOf(res.body, 4)).toContain('refused');
    expect(rowOf(res.body, 4)).not.toContain('pill paid');
    expect(rowOf(res.body, 5)).toContain('too many columns (4)');
    expect(rowOf(res.body, 6)).toContain('a quote inside an unquoted field');
    expect(rowOf(res.body, 7)).toContain('cannot pay your own usertag');
    expect(rowOf(res.body, 8)).toContain('no account with usertag');
    expect(rowOf(res.body, 9)).toContain('never closed');
    // The total counts the valid row only: 0.0001 BTC and its fees.
    expect(res.body).toMatch(/data-total="amount">0\.00010000 BTC/);
    // No way to pay a batch with refused rows, and a forged "pay" pays nothing.
    expect(res.body).not.toContain('name="action" value="pay"');
    const forced = await c.post('/dashboard/payouts/new', {
      csv,
      action: 'pay',
      password: PASSWORD,
      form_key: `dash-${'a'.repeat(24)}`,
    });
    expect(forced.statusCode).toBe(400);
    expect(forced.body).toContain('nothing was paid');
    expect(await batchCount(rt)).toBe(0);
    expect(await balanceOf(rt, a)).toBe(before);
  });

  it('pays a valid CSV once with the password, even when the form is sent twice; a wrong password moves nothing', async () => {
    const { rt, a, alice, bob, c } = await setUp(dialect);
    const before = await balanceOf(rt, a);
    await c.get('/dashboard/payouts/new');
    const csv = `${alice.usertag},0.0001,thanks\n${bob.usertag},0.00002,\n`;
    const preview = await c.post('/dashboard/payouts/new', { csv, action: 'preview' });
    expect(preview.statusCode).toBe(200);
    expect(preview.body).not.toContain('data-bad-rows');
    expect(preview.body).not.toContain('data-short');
    expect(preview.body).toContain('name="action" value="pay"');
    const key = formKeyOf(preview.body);
    expect(key).toMatch(/^dash-/);

    const wrong = await c.post('/dashboard/payouts/new', {
      csv,
      action: 'pay',
      form_key: key,
      password: 'not the password',
    });
    expect(wrong.statusCode).toBe(401);
    expect(await batchCount(rt)).toBe(0);
    expect(await balanceOf(rt, a)).toBe(before);

    const pay = { csv, action: 'pay', form_key: key, password: PASSWORD };
    const first = await c.post('/dashboard/payouts/new', pay);
    expect(first.statusCode).toBe(303);
    const second = await c.post('/dashboard/payouts/new', pay);
    expect(second.statusCode).toBe(303);
    expect(second.headers.location).toBe(first.headers.location);
    const id = /^\/dashboard\/payouts\/([a-z0-9]{16})\?done=created$/.exec(
      String(first.headers.location),
    )?.[1];
    expect(id).toBeDefined();
    expect(await batchCount(rt)).toBe(1);
    const batch = await rt.deps.db.read.selectFrom('payout_batches').selectAll().executeTakeFirstOrThrow();
    expect(batch.item_count).toBe(2n);
    expect(await balanceOf(rt, a)).toBe(before - batch.reserved_msat);

    // The batch's page, then its items paid by the worker, as the page's JSON shows them.
    const page = await c.get(`/dashboard/payouts/${id}?done=created`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('The batch is created');
    expect(page.body).toContain(`data-payout-poll="/dashboard/payouts/${id}/status"`);
    expect(page.body.match(/data-item="\d+">queued</g)).toHaveLength(2);
    while ((await payDueItems(rt.deps)).picked > 0) {
      /* every item */
    }
    const status = await c.get(`/dashboard/payouts/${id}/status`);
    expect(status.statusCode).toBe(200);
    const data = status.json() as { status: string; counts: { paid: number }; items: { status: string }[] };
    expect(data.status).toBe('done');
    expect(data.counts.paid).toBe(2);
    expect(data.items.map((i) => i.status)).toEqual(['paid', 'paid']);
    const list = await c.get('/dashboard/payouts');
    expect(list.body).toContain(`href="/dashboard/payouts/${id}"`);
  });

  it("answers 404 for another account's batch, its page and its JSON", async () => {
    const { rt, alice, bob, c } = await setUp(dialect);
    await c.get('/dashboard/payouts/new');
    const csv = `${alice.usertag},0.0001,x`;
    const preview = await c.post('/dashboard/payouts/new', { csv, action: 'preview' });
    const made = await c.post('/dashboard/payouts/new', {
      csv,
      action: 'pay',
      form_key: formKeyOf(preview.body),
      password: PASSWORD,
    });
    const id = /payouts\/([a-z0-9]{16})/.exec(String(made.headers.location))?.[1] ?? '';
    await setPassword(rt.deps, bob.usertag, PASSWORD);
    const other = new DashboardClient(rt.app);
    expect((await other.signIn(bob.usertag, PASSWORD)).statusCode).toBe(303);
    expect((await other.get(`/dashboard/payouts/${id}`)).statusCode).toBe(404);
    expect((await other.get(`/dashboard/payouts/${id}/status`)).statusCode).toBe(404);
    expect((await other.get('/dashboard/payouts')).body).not.toContain(id);
    expect((await c.get(`/dashboard/payouts/${id}`)).statusCode).toBe(200);
  });

  it('refuses more rows than PAYOUT_MAX_ITEMS, naming the limit', async () => {
    const { rt, alice, c } = await setUp(dialect);
    await c.get('/dashboard/payouts/new');
    const max = rt.deps.config.payouts.maxItems;
    const csv = Array.from({ length: max + 1 }, () => `${alice.usertag},0.00001,`).join('\n');
    const res = await c.post('/dashboard/payouts/new', { csv, action: 'preview' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`at most ${max} rows`);
    expect(res.body).not.toContain('name="action" value="pay"');
  });

  it('takes a form past the global body limit up to PAYOUT_BODY_LIMIT_BYTES: 400 rows with long memos', async () => {
    const { rt, alice, c } = await setUp(dialect);
    await c.get('/dashboard/payouts/new');
    const memo = 'm'.repeat(200);
    const csv = Array.from({ length: 400 }, (_, i) => `${alice.usertag},0.00001,${memo}${i}`).join('\n');
    expect(csv.length).toBeGreaterThan(rt.deps.config.bodyLimitBytes);
    const res = await c.post('/dashboard/payouts/new', { csv, action: 'preview' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-bad-rows');
    expect(res.body).toMatch(/data-total="amount">0\.00400000 BTC/);
  });

  it('refuses a batch the balance cannot cover with 422 when paying, and moves nothing', async () => {
    const { rt, a, alice, c } = await setUp(dialect);
    const before = await balanceOf(rt, a);
    await c.get('/dashboard/payouts/new');
    const csv = `${alice.usertag},0.006,one\n${alice.usertag},0.006,two`;
    const preview = await c.post('/dashboard/payouts/new', { csv, action: 'preview' });
    expect(preview.body).toContain('name="action" value="pay"');
    expect(preview.body).toMatch(/data-balance-now>0\.01000000 BTC/);
    expect(preview.body).toContain('data-short');
    const res = await c.post('/dashboard/payouts/new', {
      csv,
      action: 'pay',
      form_key: formKeyOf(preview.body),
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(422);
    expect(res.body).toContain('class="problem"');
    expect(await batchCount(rt)).toBe(0);
    expect(await balanceOf(rt, a)).toBe(before);
  });

  it('names the line of the first row when an invoice is given twice', async () => {
    const { rt, alice, c } = await setUp(dialect);
    const r = await rt.app.inject({
      method: 'POST',
      url: '/lapi/v1/receive',
      headers: { 'x-api-key': alice.invoiceKey, 'content-type': 'application/json' },
      payload: JSON.stringify({ amount: '0.0001' }),
    });
    expect(r.statusCode, r.body).toBe(200);
    const payreq = r.json().data.lightning_invoice.payreq as string;
    await c.get('/dashboard/payouts/new');
    const csv = `destination,amount,memo\n${payreq},,first\n${alice.usertag},0.0001,\n${payreq},,again`;
    const res = await c.post('/dashboard/payouts/new', { csv, action: 'preview' });
    expect(res.statusCode).toBe(200);
    expect(rowOf(res.body, 2)).toContain('pill paid');
    expect(rowOf(res.body, 4)).toContain('the same invoice as #2');
    expect(res.body).toContain('data-bad-rows="1"');
  });
});

describe('the payout CSV (RFC 4180)', () => {
  it('reads quoted fields with commas, line breaks and doubled quotes, and counts lines across them', () => {
    expect(parseCsv('a,"b ""q"", c",d\r\n"x\ny",2\n\n"open')).toEqual([
      { line: 1, fields: ['a', 'b "q", c', 'd'], syntaxError: null },
      { line: 2, fields: ['x\ny', '2'], syntaxError: null },
      { line: 5, fields: ['open'], syntaxError: 'a quoted field is never closed (a " is missing)' },
    ]);
    expect(parseCsv('"x"y,z\nq"r,s').map((r) => r.syntaxError)).toEqual([
      'text after a closing quote: a quoted field must end at its quote',
      'a quote inside an unquoted field: quote the whole field and double the quote ("")',
    ]);
  });

  it('reads no row past the limit: a header, then max rows, then anything is too many', () => {
    const rows = 'alice,0.0001,x\n'.repeat(3);
    expect(payoutItemsOfCsv(`destination,amount,memo\n${rows}`, 3)).toMatchObject({ tooMany: false });
    const over = payoutItemsOfCsv(`${rows}bad"row\n${'"'.repeat(1000)}`, 3);
    expect(over.tooMany).toBe(true);
    expect(over.items).toHaveLength(3);
    expect(over.items.every((i) => i.item.ok)).toBe(true);
  });
});
