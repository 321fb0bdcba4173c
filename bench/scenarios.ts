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
    target: 0.2,
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
