import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import { refundPageRoutes } from './refund-pages.ts';
import { voucherPageRoutes } from './voucher-pages.ts';

/**
 * The pages anyone may open without a key: voucher pages (HTML, HTML errors) under /voucher, refund
 * pages under /refund. The
 * LNURL-withdraw documents their QR codes point to live with the other LNURL routes (http/lnurl/).
 */
export async function voucherPages(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  await scope.register(voucherPageRoutes, { deps, prefix: '/voucher' });
  await scope.register(refundPageRoutes, { deps, prefix: '/refund' });
}
