import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { AppDeps } from '../../app/deps.ts';
import { readServiceGauges } from '../../app/metrics/service-gauges.ts';

/**
 * GET /metrics in the Prometheus text format, for an operator's scraper. It answers only with
 * `Authorization: Bearer <METRICS_TOKEN>`, and is 404 when no token is configured. Labels never carry
 * an account, a key, a URL's query or any other secret: requests are labelled by route pattern
 * (`/lapi/v1/checkPayment`, `/voucher/redeem/:code`), never by the path as sent.
 *
 * Figures from the database (pending payments, the outbox backlog) are the
 * same on every instance; the others (requests, jobs, money events, the process) are this process's.
 * Called on the root instance (not registered as a plugin), so that its hook sees every route.
 */
export function installMetrics(app: FastifyInstance, deps: AppDeps): void {
  const token = deps.config.metrics.token;
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'paytag_' });

  const requests = new Histogram({
    name: 'paytag_http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, with their duration',
    labelNames: ['route', 'method', 'status'],
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  // Every route, the unmatched ones as one label (a scanner's made-up paths must not add series).
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.observe(
      { route, method: request.method, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const pending = new Gauge({
    name: 'paytag_payments_pending',
    help: 'Payments still pending, by direction (in: payment requests not yet paid; out: sends under way)',
    labelNames: ['direction'],
    registers: [registry],
  });
  const backlog = new Gauge({
    name: 'paytag_outbox_rows',
    help: 'Webhook and e-mail deliveries waiting (pending) or given up (failed), by kind and state',
    labelNames: ['kind', 'state'],
    registers: [registry],
  });

  const transfers = new Gauge({
    name: 'paytag_ledger_transfers_written',
    help: 'Ledger transfers ever written (from the database; its rate is the rate of money movements)',
    registers: [registry],
  });

  new Gauge({
    name: 'paytag_db_pool_connections',
    help: 'PostgreSQL connections of this process: open, idle, and queries waiting for one (absent on SQLite)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      const p = deps.db.pool();
      if (p === null) return;
      this.set({ state: 'open' }, p.open);
      this.set({ state: 'idle' }, p.idle);
      this.set({ state: 'waiting' }, p.waiting);
    },
  });

  new Counter({
    name: 'paytag_job_rounds_total',
    help: 'Background job rounds in this process, by job and outcome',
    labelNames: ['job', 'outcome'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, s] of deps.jobCounters.snapshot()) {
        this.inc({ job, outcome: 'ok' }, s.runs - s.errors);
        if (s.errors > 0) this.inc({ job, outcome: 'error' }, s.errors);
      }
    },
  });
  new Gauge({
    name: 'paytag_job_last_success_timestamp_seconds',
    help: 'When each background job last finished a round without an error (unix seconds)',
    labelNames: ['job'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [job, s] of deps.jobCounters.snapshot()) {
        if (s.lastSuccessMs !== null) this.set({ job }, s.lastSuccessMs / 1000);
      }
    },
  });
  new Counter({
    name: 'paytag_money_events_total',
    help: 'Money events to look at, in this process: second and short settlements, fee overruns, late successes',
    labelNames: ['event'],
    registers: [registry],
    collect() {
      this.reset();
      const m = deps.moneyCounters;
      const events: Record<string, number> = {
        second_payment: m.secondPayments,
        short_settlement: m.shortSettlements,
        settlement_without_amount: m.settlementsWithoutAmount,
        fee_overrun: m.feeOverruns,
        late_success: m.lateSuccesses,
      };
      for (const [event, n] of Object.entries(events)) this.inc({ event }, n);
    },
  });

  const expected = token === null ? null : Buffer.from(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true }, config: { rateLimit: false } }, async (request, reply) => {
    if (expected === null) return reply.callNotFound();
    const given = Buffer.from(request.headers.authorization ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.status(401).header('www-authenticate', 'Bearer realm="metrics"').send({
        status: false,
        success: false,
        data: null,
        message: 'metrics need Authorization: Bearer <METRICS_TOKEN>',
        code: 'unauthorized',
      });
    }
    // Read here, once per scrape: the registry collects its metrics concurrently.
    const g = await readServiceGauges(deps);
    pending.reset();
    for (const p of g.pendingPayments) pending.set({ direction: p.direction }, p.count);
    backlog.reset();
    for (const o of g.outboxBacklog) backlog.set({ kind: o.kind, state: o.state }, o.count);
    transfers.set(g.ledgerTransfers);
    const text = await registry.metrics();
    return reply.header('content-type', registry.contentType).send(text);
  });
}
