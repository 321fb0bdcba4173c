import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { lnurlPayRoutes } from './pay.ts';
import { lnurlWithdrawRoutes } from './withdraw.ts';

/**
 * Every LNURL endpoint, no key: LNURL-pay of each account's Lightning address (LUD-06/16, pay.ts) and
 * LNURL-withdraw of vouchers under /lnurlw (LUD-03, withdraw.ts), both answering as lud.ts says.
 */
export async function lnurlRoutes(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  await scope.register(lnurlPayRoutes, { deps });
  await scope.register(lnurlWithdrawRoutes, { deps, prefix: '/lnurlw' });
}
