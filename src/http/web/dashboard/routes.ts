import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import { toProblem } from '../../family.ts';
import { DASHBOARD_SCRIPT, DASHBOARD_STYLESHEET } from '../kit/dashboard-assets.ts';
import { serveHashedAssets } from '../kit/hashed-assets.ts';
import { guardForms, guardSessions, sessionOrNull } from '../kit/session.ts';
import { accountPages, authPages } from './auth-pages.ts';
import { developerPages } from './developer-pages.ts';
import { pageCtx, sendDashboardError } from './layout.ts';
import { dashboardStreamRoute } from './live-stream.ts';
import { moneyPages } from './money-pages.ts';
import { nwcPages } from './nwc-pages.ts';
import { paymentPages } from './payment-pages.ts';
import { payoutsPages } from './payouts-pages.ts';
import { profilePages } from './profile-pages.ts';
import { tradingPages } from './trading-pages.ts';
import { vouchersPages } from './vouchers-pages.ts';

/**
 * The account holder's dashboard under /dashboard: server-rendered pages (HTML, HTML errors) over the
 * same use cases as the API. Every state-changing request passes the same-origin check and carries the
 * form token (../kit/session.ts); refused ones change nothing and get a 403 page.
 */
export async function dashboardPages(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  scope.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const p = toProblem(error, request);
    if (p.status >= 500) request.log.error({ err: error }, 'dashboard page failed');
    if (p.retryAfterSec !== undefined) reply.header('retry-after', String(p.retryAfterSec));
    const ctx = pageCtx(deps, request, reply, await sessionOrNull(deps, request));
    return sendDashboardError(reply, ctx, p.status, p.status >= 500 ? ctx.m.errors.failed : p.message);
  });
  scope.setNotFoundHandler(async (request, reply) => {
    const ctx = pageCtx(deps, request, reply, await sessionOrNull(deps, request));
    return sendDashboardError(reply, ctx, 404, ctx.m.errors.notFound);
  });

  guardForms(scope, deps, async (request, reply) => {
    const ctx = pageCtx(deps, request, reply, await sessionOrNull(deps, request));
    return sendDashboardError(reply, ctx, 403, ctx.m.errors.forbidden);
  });

  serveHashedAssets(scope, [DASHBOARD_SCRIPT, DASHBOARD_STYLESHEET]);

  // Before sign-in (and sign-out): outside the session guard.
  authPages(scope, deps);
  dashboardStreamRoute(scope, deps);

  // Every other page needs a session: one guard for the scope, after the form guard above.
  await scope.register(async (signedIn) => {
    guardSessions(signedIn, deps);
    accountPages(signedIn, deps);
    vouchersPages(signedIn, deps);
    payoutsPages(signedIn, deps);
    tradingPages(signedIn, deps);
    profilePages(signedIn, deps);
    paymentPages(signedIn, deps);
    moneyPages(signedIn, deps);
    developerPages(signedIn, deps);
    nwcPages(signedIn, deps);
  });
}
