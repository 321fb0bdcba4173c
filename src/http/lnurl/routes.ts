import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { answerAsLnurl } from './lud.ts';
import { nip05Routes } from './nip05.ts';
import { lnurlPayRoutes } from './pay.ts';
import { lnurlWithdrawRoutes } from './withdraw.ts';

/**
 * Every LNURL endpoint, no key: LNURL-pay of each account's Lightning address (LUD-06/16, with NIP-57 zaps
 * and LUD-21 verify, pay.ts) and LNURL-withdraw of vouchers under /lnurlw (LUD-03, withdraw.ts), both
 * answering as lud.ts says; and NIP-05 (nip05.ts), the same address as a Nostr identifier.
 */
export async function lnurlRoutes(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  await scope.register(lnurlPayRoutes, { deps });
  await scope.register(lnurlWithdrawRoutes, { deps, prefix: '/lnurlw' });
  await scope.register(async (s) => {
    answerAsLnurl(s);
    await nip05Routes(s, { deps });
  });
}
