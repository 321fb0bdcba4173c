import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { applyFamily } from '../family.ts';
import { registerVerificationRoutes } from './verification.routes.ts';

/** /api/v1: account verification for third-party applications. Standard envelope. */
export async function apiFamily(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  applyFamily(scope, { deps, shape: 'envelope' });
  registerVerificationRoutes(scope, deps);
}
