import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import { toProblem } from '../../family.ts';
import { guardForms, guardSessions, sessionOrNull } from '../kit/session.ts';
import { accountPages } from './account-pages.ts';
import { operatorGate } from './guard.ts';
import { kycPages } from './kyc-pages.ts';
import { adminTexts, keepAdminLang, sendAdminError } from './layout.ts';
import { systemPages } from './system-pages.ts';
import { withdrawalsPages } from './withdrawals-pages.ts';

/**
 * The operator console under /admin: server-rendered pages over the operator use cases (app/operator),
 * for signed-in accounts with the operator role only. Every form passes the dashboard's same-origin and
 * form-token checks; the actions that change an account (disable, enable, a KYC decision) also need the
 * operator's password again.
 */
export async function adminPages(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  scope.setErrorHandler(async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const p = toProblem(error, request);
    if (p.status >= 500) request.log.error({ err: error }, 'operator console page failed');
    return sendAdminError(
      request,
      reply,
      null,
      p.status,
      p.status >= 500 ? adminTexts(request).errors.failed : p.message,
    );
  });
  scope.setNotFoundHandler(async (request, reply) =>
    sendAdminError(
      request,
      reply,
      await sessionOrNull(deps, request),
      404,
      adminTexts(request).errors.notFound,
    ),
  );

  // First the forgery checks (a refused form changes nothing), then the session, then the operator role.
  guardForms(scope, deps, async (request, reply) =>
    sendAdminError(request, reply, null, 403, adminTexts(request).errors.forbidden),
  );
  // A language asked for by `?lang=` sticks (the dashboard's language cookie).
  scope.addHook('onRequest', async (request, reply) => keepAdminLang(deps, request, reply));
  guardSessions(scope, deps);
  scope.addHook('preHandler', async (request, reply) => {
    if (reply.sent) return;
    await operatorGate(deps, request, reply);
  });

  systemPages(scope, deps);
  accountPages(scope, deps);
  kycPages(scope, deps);
  withdrawalsPages(scope, deps);
}
