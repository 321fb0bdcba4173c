import { createHash, randomBytes } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, LogController } from 'fastify';
import type { AppDeps } from '../app/deps.ts';
import { apiFamily } from './api/plugin.ts';
import { pathSecretsRedacted, presentedKey, presentedKeyOwner, redactUrl } from './auth.ts';
import { registerBodyHandling } from './body.ts';
import { clientBucket } from './client-address.ts';
import { HttpError } from './errors.ts';
import { answerErrorsAs } from './family.ts';
import { lapiFamily } from './lapi/plugin.ts';
import { lnbitsFamily } from './lnbits/plugin.ts';
import { presentedLndhubCaller, withoutDoubleSlash } from './lndhub/auth.ts';
import { lndhubFamily } from './lndhub/plugin.ts';
import { lnurlRoutes } from './lnurl/routes.ts';
import { installMetrics } from './metrics/routes.ts';
import { counterStore } from './rate-limit-store.ts';
import { sandboxFamily } from './sandbox/plugin.ts';
import { sapiFamily } from './sapi/plugin.ts';
import { systemRoutes } from './system/routes.ts';
import { tapiFamily } from './tapi/plugin.ts';
import { presentedTrader } from './trade/auth.ts';
import { tradeFamily } from './trade/plugin.ts';
import { adminPages } from './web/admin/plugin.ts';
import { checkoutPages } from './web/checkout/routes.ts';
import { verificationConsentPages } from './web/consent/verification-consent.ts';
import { landingPage } from './web/dashboard/landing.ts';
import { dashboardPages } from './web/dashboard/routes.ts';
import { voucherPages } from './web/voucher/plugin.ts';

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

// Request ids only need to be unique: a random per-process prefix and a counter (16 hex characters).
const REQUEST_ID_PREFIX = randomBytes(4).toString('hex');
let requestSeq = 0;
const nextRequestId = () => {
  requestSeq = (requestSeq + 1) % 0x1_0000_0000;
  return REQUEST_ID_PREFIX + requestSeq.toString(16).padStart(8, '0');
};

/** TRUST_PROXY as Fastify takes it: a hop count becomes the function Fastify itself would build. */
function trustedHops(
  setting: false | number | string[],
): boolean | string[] | ((a: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

/**
 * A path segment with a malformed escape (`%ff` is no UTF-8, `%zz` no escape) is taken literally
 * (`%25ff`): the route or the family's not-found handler then answers it in its own shape, as it
 * answers any unknown tid or path. The router would refuse it with the framework's own body.
 */
function literalBadEscapes(url: string): string {
  if (!url.includes('%')) return url;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (!path.includes('%')) return url;
  const literal = path
    .split('/')
    .map((segment) => {
      if (!segment.includes('%')) return segment;
      try {
        decodeURIComponent(segment);
        return segment;
      } catch {
        return segment.replaceAll('%', '%25');
      }
    })
    .join('/');
  return q === -1 ? literal : literal + url.slice(q);
}

export interface BuildOptions {
  /** The process logger (see main.ts); without it the app does not log (tests). */
  logger?: FastifyBaseLogger;
}

/** Builds the HTTP application. It never listens: main.ts does, tests use app.inject(). */
export async function buildApp(deps: AppDeps, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(opts.logger ? { loggerInstance: opts.logger } : { logger: false }),
    // One log line per request (onResponse below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: deps.config.bodyLimitBytes,
    rewriteUrl: (req) => withoutDoubleSlash(literalBadEscapes(req.url ?? '/')),
    // Path parameters as long as a URL may be reach their routes, which answer an unknown or malformed
    // tid or code in their own shape (the router's default of 100 would refuse them with its own body;
    // no route parameter here is matched by a regular expression). Past it, the root's "not found".
    routerOptions: { maxParamLength: 2048 },
    frameworkErrors: (_error, _request, reply) => reply.callNotFound(),
    // Refused while closing by the onRequest hook below, in the family's error shape.
    return503OnClosing: false,
    // request.ip is the client behind the proxies TRUST_PROXY names; without it, the socket's peer.
    trustProxy: trustedHops(deps.config.trustProxy),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : nextRequestId();
    },
    ajv: {
      customOptions: {
        coerceTypes: 'array',
        removeAdditional: false,
        allErrors: false,
        allowUnionTypes: true,
        // JSON Schema applies `properties` to objects only, and a few schemas say no more on purpose (a
        // payout item: the decoder refuses a non-object item itself, naming it `items[3]`). Ajv's strict
        // mode would print a warning for each of them at every start.
        strictTypes: false,
      },
    },
  });

  // While the server stops, a request that arrives on a kept-alive connection is refused in the family's
  // shape with Retry-After, and the connection is closed: the client sends it again (with its
  // Idempotency-Key) to another instance. Requests already being answered run to their end.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (!closing) return;
    reply.header('connection', 'close');
    throw new HttpError({
      code: 'shutting_down',
      message: 'this instance is shutting down; send the request again',
      retryAfterSec: 1,
    });
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // No reply, whatever its method, may show a commit that is not yet on disk (see Database.durable):
    // idempotency replays and errors read committed state too. The sync is shared, so this is cheap.
    await deps.db.durable();
  });
  // Answers hold balances, payments and keys' data: never kept by a cache, never sniffed as another type.
  // Pages set their own (the same values); this fills in every other answer.
  app.addHook('onSend', async (_request, reply) => {
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    reply.header('x-content-type-options', 'nosniff');
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(pathSecretsRedacted(request)),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'paytag API',
        version: '1',
        description:
          'Lightning payments, withdraw vouchers, balances and webhook deliveries. The standard families ' +
          'answer {status, success, data, message}; errors add a stable code and, for a bad field, field.',
      },
      components: {
        securitySchemes: {
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'x-api-key' },
          apiKeyAuthorization: { type: 'apiKey', in: 'header', name: 'Authorization' },
          apiKeyQuery: { type: 'apiKey', in: 'query', name: 'api_key' },
          lnbitsApiKeyQuery: { type: 'apiKey', in: 'query', name: 'api-key' },
          tradeBearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          lndhubBearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'access_token of POST /lndhub/ext/auth',
          },
        },
      },
    },
  });

  if (deps.config.rateLimit.enabled) {
    await app.register(rateLimit, {
      global: true,
      store: counterStore(deps.rateCounter, deps.clock),
      max: deps.config.rateLimit.otherPer10Minutes,
      timeWindow: 10 * 60_000,
      // An active key, or a trade credential's valid access token, has a bucket of its own; no key, or
      // one that is unknown, malformed or expired, counts against the client's address, so made-up keys
      // cannot open fresh buckets and 401s are limited.
      keyGenerator: async (request) => {
        const owner = await presentedKeyOwner(deps, request);
        if (owner.ok) {
          const key = presentedKey(request) ?? '';
          return `key:${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;
        }
        // A valid trade access token counts against its credential (every token of it together).
        const trader = await presentedTrader(deps, request);
        if (trader?.ok) return `trade:${trader.value.credentialId}`;
        // A valid LNDhub access token counts against the API key it was issued for, as the key itself does.
        const hub = await presentedLndhubCaller(deps, request);
        if (hub?.ok) return `key:${hub.value.keyHash.slice(0, 32)}`;
        return `ip:${clientBucket(request.ip)}`;
      },
      errorResponseBuilder: (_request, ctx) =>
        new HttpError({
          code: 'rate_limited',
          message: `rate limit of ${ctx.max} requests exceeded; retry in ${Math.ceil(ctx.ttl / 1000)} s`,
        }),
    });
  }

  registerBodyHandling(app, deps.config.bodyLimitBytes);

  // Outside every family (unknown paths, errors in shared hooks): the standard envelope.
  answerErrorsAs(app, 'envelope');

  installMetrics(app, deps);
  await app.register(systemRoutes, { deps });
  await app.register(landingPage, { deps });
  await app.register(lapiFamily, { deps, prefix: '/lapi/v1' });
  await app.register(tapiFamily, { deps, prefix: '/tapi/v1' });
  await app.register(apiFamily, { deps, prefix: '/api/v1' });
  // LNbits' wallet API shares the /api/v1 prefix (docs/clients.md); its paths are its own.
  await app.register(lnbitsFamily, { deps, prefix: '/api/v1' });
  await app.register(sapiFamily, { deps, prefix: '/sapi/v1' });
  await app.register(tradeFamily, { deps, prefix: '/trade/v1' });
  await app.register(sandboxFamily, { deps, prefix: '/sandbox/v1' });
  await app.register(lndhubFamily, { deps, prefix: '/lndhub/ext' });
  await app.register(lnurlRoutes, { deps });
  await app.register(voucherPages, { deps });
  await app.register(checkoutPages, { deps, prefix: '/checkout' });
  await app.register(verificationConsentPages, { deps, prefix: '/verify' });
  await app.register(dashboardPages, { deps, prefix: '/dashboard' });
  await app.register(adminPages, { deps, prefix: '/admin' });
  return app;
}
