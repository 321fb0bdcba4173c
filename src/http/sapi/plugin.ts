import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { applyFamily } from '../family.ts';
import { registerPriceRoutes } from '../wire/prices.routes.ts';
import { registerProPaymentRoutes } from './payments.routes.ts';
import { registerWithdrawalRoutes } from './withdrawals.routes.ts';

/** /sapi/v1: the pro payments variant. Bare records; errors {success: false, message}. */
export async function sapiFamily(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  applyFamily(scope, { deps, shape: 'bare' });
  registerPriceRoutes(scope, deps, 'bare');
  registerProPaymentRoutes(scope, deps);
  registerWithdrawalRoutes(scope, deps);
}
