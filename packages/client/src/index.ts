// @paytag/client: the generated types of paytag's API on openapi-fetch, plus what a generator cannot know.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { errorOf, PaytagError, PaytagTimeoutError } from './errors.ts';
import { POLL_TIMEOUT_MS, pollSchedule } from './schedule.ts';
import type { paths } from './schema.d.ts';

export { PaytagError, PaytagTimeoutError } from './errors.ts';
export { POLL_TIMEOUT_MS, pollSchedule } from './schedule.ts';
export type { components, paths } from './schema.d.ts';
export { verifyWebhook, type WebhookHeaders } from './webhooks.ts';

/** The calls that move money: each gets an Idempotency-Key unless the caller gives one. */
export const MONEY_CALLS: ReadonlySet<string> = new Set([
  '/lapi/v1/send',
  '/lapi/v1/payouts',
  '/lapi/v1/refund',
  '/lapi/v1/requestVoucher',
  '/sapi/v1/withdraw',
]);

export interface PaytagClientOptions {
  /** Where the service is, e.g. `https://pay.example.com` (no trailing path). */
  baseUrl: string;
  /** The account's invoice key or admin key. */
  apiKey: string;
  /** Send the key as `X-Api-Key` (default) or as `Authorization: Bearer <key>`. */
  keyPlace?: 'header' | 'authorization';
  fetch?: (request: Request) => Promise<Response>;
}

/** A payment as the standard family's checkPayment answers it (tid a string). */
export type Payment =
  paths['/lapi/v1/checkPayment']['get']['responses'][200]['content']['application/json']['data'];
/** A payment as the pro family's checkPayment answers it (tid an integer, a bare record). */
export type ProPayment =
  paths['/sapi/v1/checkPayment']['get']['responses'][200]['content']['application/json'];

/** A voucher batch as checkVoucher answers it, with every voucher's state. */
export type VoucherBatch =
  paths['/lapi/v1/checkVoucher']['get']['responses'][200]['content']['application/json']['data'];

export interface WaitOptions {
  signal?: AbortSignal;
  /** When the transaction started (ms since the epoch); default now. The schedule counts from it. */
  startedAtMs?: number;
  /** For tests: the clock, the sleep and the random source of the first check's 20–25 s. */
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  random?: () => number;
}

export interface PaytagClient {
  /**
   * The typed openapi-fetch client of every route in /openapi.json. A failed call throws a PaytagError
   * (`status`, `code`, `message`, `field`), so `data` of a returned result is the success body.
   */
  api: Client<paths>;
  /**
   * Polls checkPayment on the spec's schedule until the payment is no longer pending and returns it (paid,
   * declined…); throws PaytagTimeoutError 10 minutes after the start, or the signal's reason when aborted.
   * A string tid is the standard family's (`/lapi/v1/checkPayment`), an integer one the pro family's
   * (`/sapi/v1/checkPayment`).
   */
  waitForPayment(tid: string, opts?: WaitOptions): Promise<Payment>;
  waitForPayment(tid: number, opts?: WaitOptions): Promise<ProPayment>;
  /**
   * Polls checkVoucher on the same schedule until `until(batch)` holds and returns the batch; by default
   * until no voucher is left to redeem (all redeemed, the batch revoked, or past its expiry). Throws
   * PaytagTimeoutError after 10 minutes, or the signal's reason when aborted.
   */
  waitForVoucher(
    tid: string,
    opts?: WaitOptions & { until?: (batch: VoucherBatch) => boolean },
  ): Promise<VoucherBatch>;
}

/** No voucher of the batch can be redeemed any more. */
export const voucherSettled = (b: VoucherBatch, nowMs = Date.now()): boolean =>
  b.revoked === true ||
  (b.voucher_count !== undefined && (b.voucher_redeemed ?? 0) >= b.voucher_count) ||
  (b.expires_at !== undefined && b.expires_at * 1000 <= nowMs);

const abortable = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export function createPaytagClient(options: PaytagClientOptions): PaytagClient {
  const api = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  const middleware: Middleware = {
    onRequest({ request, schemaPath }) {
      if (options.keyPlace === 'authorization')
        request.headers.set('authorization', `Bearer ${options.apiKey}`);
      else request.headers.set('x-api-key', options.apiKey);
      if (request.method === 'POST' && MONEY_CALLS.has(schemaPath) && !request.headers.has('idempotency-key'))
        request.headers.set('idempotency-key', crypto.randomUUID());
      return request;
    },
    async onResponse({ response }) {
      if (!response.ok) throw await errorOf(response);
      return response;
    },
  };
  api.use(middleware);

  async function check(tid: string | number, signal?: AbortSignal): Promise<Payment | ProPayment> {
    const init = signal ? { signal } : {};
    const answer =
      typeof tid === 'number'
        ? (await api.GET('/sapi/v1/checkPayment', { params: { query: { tid } }, ...init })).data
        : (await api.GET('/lapi/v1/checkPayment', { params: { query: { tid } }, ...init })).data?.data;
    if (answer === undefined) throw new PaytagError(0, 'http_error', 'empty answer from checkPayment');
    return answer;
  }

  /** Reads `read()` at the spec's polling times until `done` holds; the reading that made it hold is the answer. */
  async function poll<T>(
    read: () => Promise<T>,
    done: (v: T) => boolean,
    id: string | number,
    opts: WaitOptions,
  ): Promise<T> {
    const now = opts.now ?? Date.now;
    const sleep = opts.sleep ?? abortable;
    const start = opts.startedAtMs ?? now();
    const schedule = pollSchedule(20_000 + Math.floor((opts.random ?? Math.random)() * 5_001));
    for (let i = 0; i < schedule.length; i++) {
      const at = schedule[i]!;
      const next = schedule[i + 1];
      // Started earlier than now (startedAtMs in the past): only the latest check already due runs.
      if (next !== undefined && start + next <= now()) continue;
      const wait = start + at - now();
      if (wait > 0) await sleep(wait, opts.signal);
      if (opts.signal?.aborted) throw opts.signal.reason;
      const value = await read();
      if (done(value)) return value;
      if (now() - start >= POLL_TIMEOUT_MS) break;
    }
    throw new PaytagTimeoutError(id);
  }

  const waitForPayment = (tid: string | number, opts: WaitOptions = {}): Promise<Payment | ProPayment> =>
    poll(
      () => check(tid, opts.signal),
      (p) => p.status !== 'pending',
      tid,
      opts,
    );

  const waitForVoucher = (
    tid: string,
    opts: WaitOptions & { until?: (batch: VoucherBatch) => boolean } = {},
  ): Promise<VoucherBatch> => {
    const init = opts.signal ? { signal: opts.signal } : {};
    const read = async () => {
      const batch = (await api.GET('/lapi/v1/checkVoucher', { params: { query: { tid } }, ...init })).data
        ?.data;
      if (batch === undefined) throw new PaytagError(0, 'http_error', 'empty answer from checkVoucher');
      return batch;
    };
    const now = opts.now ?? Date.now;
    return poll(read, opts.until ?? ((b) => voucherSettled(b, now())), tid, opts);
  };

  return { api, waitForPayment: waitForPayment as PaytagClient['waitForPayment'], waitForVoucher };
}
