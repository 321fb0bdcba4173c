import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { toProblem } from '../family.ts';
import { DASHBOARD_SCRIPT, DASHBOARD_STYLESHEET, type DashboardAsset } from './assets.ts';
import { authPages } from './auth-pages.ts';
import { developerPages } from './developer-pages.ts';
import { pageCtx, sendDashboardError } from './layout.ts';
import { dashboardStreamRoute } from './live-stream.ts';
import { moneyPages } from './money-pages.ts';
import { paymentPages } from './payment-pages.ts';
import { guardForms, type SessionUser, sessionOf } from './session.ts';

/**
 * The account holder's dashboard under /dashboard: server-rendered pages (HTML, HTML errors) over the
 * same use cases as the API. Every state-changing request passes the same-origin check and carries the
 * form token (session.ts); refused ones change nothing and get a 403 page.
 */
export async function dashboardPages(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  const sessionOrNull = async (request: FastifyRequest): Promise<SessionUser | null> => {
    try {
      return await sessionOf(deps, request);
    } catch {
      return null;
    }
  };

  scope.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const p = toProblem(error, request);
    if (p.status >= 500) request.log.error({ err: error }, 'dashboard page failed');
    if (p.retryAfterSec !== undefined) reply.header('retry-after', String(p.retryAfterSec));
    const ctx = pageCtx(deps, request, reply, await sessionOrNull(request));
    return sendDashboardError(reply, ctx, p.status, p.status >= 500 ? ctx.m.errors.failed : p.message);
  });
  scope.setNotFoundHandler(async (request, reply) => {
    const ctx = pageCtx(deps, request, reply, await sessionOrNull(request));
    return sendDashboardError(reply, ctx, 404, ctx.m.errors.notFound);
  });

  guardForms(scope, deps, async (request, reply) => {
    const ctx = pageCtx(deps, request, reply, await sessionOrNull(request));
    return sendDashboardError(reply, ctx, 403, ctx.m.errors.forbidden);
  });

  const serveAsset = (a: DashboardAsset) =>
    scope.get(a.path, { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('content-type', a.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(a.body),
    );
  serveAsset(DASHBOARD_SCRIPT);
  serveAsset(DASHBOARD_STYLESHEET);

  authPages(scope, deps);

  paymentPages(scope, deps);
  moneyPages(scope, deps);
  dashboardStreamRoute(scope, deps);
  developerPages(scope, deps);
}
