import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { applyFamily } from '../family.ts';
import { requireTradeTokens } from './auth.ts';
import { registerOrderRoutes } from './orders.ts';
import { registerTokenRoute } from './token.ts';

/** /trade/v1: the trade API. Bare bodies; routes with `config.tradeToken` need a bearer access token. */
export async function tradeFamily(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  applyFamily(scope, { deps, shape: 'bare' });
  requireTradeTokens(scope, deps);
  registerTokenRoute(scope, deps);
  registerOrderRoutes(scope, deps);
}
