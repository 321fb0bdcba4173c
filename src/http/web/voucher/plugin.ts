import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import { voucherPageRoutes } from './voucher-pages.ts';

/**
 * The pages anyone may open without a key: voucher pages (HTML, HTML errors) under /voucher. The
 * LNURL-withdraw documents their QR codes point to live with the other LNURL routes (http/lnurl/).
 */
export async function voucherPages(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  await scope.register(voucherPageRoutes, { deps, prefix: '/voucher' });
}
