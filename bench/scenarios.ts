import Database from 'better-sqlite3';
/**
 * What `npm run bench` loads. Each scenario is one endpoint; `ceiling` is a bare route that measures
 * what Fastify alone does on this machine in the same run, and every ratio is taken against it.
 * Later features add their endpoints here.
 */
export interface BenchAccount {
  usertag: string;
  invoice_key: string;
  admin_key: string;
}

export interface BenchContext {
  baseUrl: string;
  /** The SQLite file the server uses (scenarios may seed it directly). */
  databasePath: string;
  createAccount(usertag: string): BenchAccount;
  /** Funded accounts created before the run. */
  payer: BenchAccount;
  payee: BenchAccount;
}

export interface Scenario {
  name: string;
  /** Target ratio to the ceiling, from the project's performance goals (informational). */
  target?: number;
  request(ctx: BenchContext): Promise<{
    method: 'GET' | 'POST';
    path: string;
    headers?: Record<string, string>;
    body?: string;
  }>;
}

const HISTORY_ROWS = Number(process.env['BENCH_HISTORY_ROWS'] ?? 1_000_000);

export const SCENARIOS: Scenario[] = [
  { name: 'ceiling (bare route)', request: async () => ({ method: 'GET', path: '/bench/ceiling' }) },
  {
    name: 'GET /lapi/v1/wallet',
    request: async (ctx) => ({
      method: 'GET',
      path: '/lapi/v1/wallet',
      headers: { 'x-api-key': ctx.payer.invoice_key },
    }),
  },
  {
    name: 'GET /tapi/v1/assetBalance',
    request: async (ctx) => ({
      method: 'GET',
      path: '/tapi/v1/assetBalance',
      headers: { 'x-api-key': ctx.payer.invoice_key },
    }),
  },
  {
    name: 'POST /lapi/v1/receive',
    target: 0.25,
    request: async (ctx) => ({
      method: 'POST',
      path: '/lapi/v1/receive',
      headers: { 'x-api-key': ctx.payee.invoice_key },
      body: JSON.stringify({ amount: '0.00001', description: 'bench' }),
    }),
  },
  {
    name: 'GET /lapi/v1/checkPayment',
    target: 0.6,
    request: async (ctx) => {
      const created = await fetch(`${ctx.baseUrl}/lapi/v1/receive`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': ctx.payee.invoice_key },
        body: JSON.stringify({ amount: '0.00001' }),
      });
      const { data } = (await created.json()) as { data: { tid: string } };
      return {
        method: 'GET',
        path: `/lapi/v1/checkPayment?tid=${data.tid}`,
        headers: { 'x-api-key': ctx.payee.invoice_key },
      };
    },
  },
  {
    name: 'POST /lapi/v1/send (usertag)',
    target: 0.4,
    request: async (ctx) => ({
      method: 'POST',
      path: '/lapi/v1/send',
      headers: { 'x-api-key': ctx.payer.admin_key },
      body: JSON.stringify({ payment_mode: 'usertag', usertag: ctx.payee.usertag, amount: '0.00000001' }),
    }),
  },
  {
    name: `GET /lapi/v1/history (limit 100 of ${HISTORY_ROWS.toLocaleString('en')})`,
    target: 0.2,
    request: async (ctx) => {
      const owner = ctx.createAccount('bench_history');
      await fetch(`${ctx.baseUrl}/lapi/v1/send`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': ctx.payer.admin_key },
        body: JSON.stringify({ payment_mode: 'usertag', usertag: owner.usertag, amount: '0.00000001' }),
      });
      seedHistory(ctx.databasePath, owner.usertag, HISTORY_ROWS);
      return {
        method: 'GET',
        path: '/lapi/v1/history?limit=100',
        headers: { 'x-api-key': owner.invoice_key },
      };
    },
  },
  {
    name: 'GET /lapi/v1/checkVoucher',
    request: async (ctx) => {
      const { data } = await createVouchers(ctx, 10);
      return {
        method: 'GET',
        path: `/lapi/v1/checkVoucher?tid=${data.tid}`,
        headers: { 'x-api-key': ctx.payer.invoice_key },
      };
    },
  },
  {
    name: 'GET /voucher/redeem/<code>',
    request: async (ctx) => {
      const { data } = await createVouchers(ctx, 1);
      const url = data.voucher_urls[0]?.voucher_url ?? '';
      return { method: 'GET', path: new URL(url).pathname };
    },
  },
];

/**
 * Copies the account's one payment HISTORY_ROWS times straight into the database (one statement), so
 * history is measured on an account with that many payments; only the ids and times differ.
 */
function seedHistory(databasePath: string, usertag: string, rows: number): void {
  const db = new Database(databasePath);
  db.pragma('busy_timeout = 10000');
  const columns = (
    db.prepare("SELECT name FROM pragma_table_info('payments')").all() as Array<{ name: string }>
  ).map((c) => c.name);
  const replaced: Record<string, string> = {
    id: '1000000000000 + n.i',
    public_id: "printf('hist%012d', n.i)",
    created_at_ms: 't.created_at_ms - n.i * 1000',
    updated_at_ms: 't.updated_at_ms - n.i * 1000',
    idempotency_key: 'NULL',
    counterpart_id: 'NULL',
  };
  const select = columns.map((c) => replaced[c] ?? `t.${c}`).join(', ');
  db.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ?)
     INSERT INTO payments (${columns.join(', ')})
     SELECT ${select} FROM n, (SELECT p.* FROM payments p JOIN accounts a ON a.id = p.account_id
                               WHERE a.usertag = ? LIMIT 1) t`,
  ).run(rows, usertag);
  db.close();
}

/** A batch of the payer's, made before a scenario runs. */
async function createVouchers(
  ctx: BenchContext,
  count: number,
): Promise<{ data: { tid: string; voucher_urls: Array<{ voucher_url: string }> } }> {
  const res = await fetch(`${ctx.baseUrl}/lapi/v1/requestVoucher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': ctx.payer.admin_key },
    body: JSON.stringify({ amount: '0.00000100', voucher_count: count, title: 'bench' }),
  });
  return (await res.json()) as { data: { tid: string; voucher_urls: Array<{ voucher_url: string }> } };
}
