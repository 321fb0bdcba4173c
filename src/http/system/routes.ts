import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { checkReady } from '../../app/system/check-ready.ts';

/** Liveness, readiness, the OpenAPI document, and a bare route used as the benchmark ceiling. */
export async function systemRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const hidden = { hide: true };
  const noLimit = { rateLimit: false } as const;

  app.get('/health', { schema: { ...hidden }, config: noLimit }, async () => ({ status: 'ok' }));

  app.get('/ready', { schema: { ...hidden }, config: noLimit }, async (_request, reply) => {
    if (await checkReady(deps)) return { status: 'ready' };
    return reply
      .status(503)
      .send({ status: 'unavailable', message: 'database not reachable or cannot write' });
  });

  app.get('/openapi.json', { schema: { ...hidden }, config: noLimit }, async () => app.swagger());

  app.get('/bench/ceiling', { schema: { ...hidden }, config: noLimit }, async () => ({ ok: true }));
}
