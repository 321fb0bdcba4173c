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
    request: async (ctx) => ({ method: 'GET', path: '/lapi/v1/wallet', headers: { 'x-api-key': ctx.payer.invoice_key } }),
  },
  {
    name: 'GET /tapi/v1/assetBalance',
    request: async (ctx) => ({
      method: 'GET',
      path: '/tapi/v1/assetBalance',
      headers: { 'x-api-key': ctx.payer.invoice_key },
    }),
  },
];
