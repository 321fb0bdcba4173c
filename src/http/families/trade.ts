import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { applyFamily } from '../family.ts';

/** /trade/v1: the trade API (access tokens). Bare bodies. */
export async function tradeFamily(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  applyFamily(scope, { deps, shape: 'bare' });
}
