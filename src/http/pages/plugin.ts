import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { lnurlWithdrawRoutes } from './lnurl-withdraw.ts';
import { voucherPageRoutes } from './voucher-pages.ts';

/**
 * The pages anyone may open without a key: voucher pages (HTML, HTML errors) under /voucher, and the
 * LNURL-withdraw documents their QR codes point to (JSON, LNURL errors) under /lnurlw.
 */
export async function voucherPages(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  await scope.register(voucherPageRoutes, { deps, prefix: '/voucher' });
  await scope.register(lnurlWithdrawRoutes, { deps, prefix: '/lnurlw' });
}
