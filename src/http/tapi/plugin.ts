import type { FastifyInstance } from 'fastify';
import { getBalances } from '../../app/balances/get-balances.ts';
import type { AppDeps } from '../../app/deps.ts';
import { formatAssetBalance } from '../../domain/money.ts';
import { applyFamily, callerOf, envelope } from '../family.ts';
import { envelopeOf, standardErrors, standardSecurity } from '../wire/schemas.ts';
import { registerCheckOrder } from './check-order.ts';

/** The spec's keys, then what else an account can hold: usdt (deposits, trades) and inr (BTC-INR trades). */
const BALANCE_ASSETS = ['lbtc', 'btc', 'eth', 'sol', 'ltc', 'matic', 'usdt', 'inr'] as const;

/** /tapi/v1: trading data (orders, asset balances). Standard envelope. */
export async function tapiFamily(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  applyFamily(scope, { deps, shape: 'envelope' });

  scope.get(
    '/assetBalance',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['balances'],
        summary: 'Spendable balance of every asset (8-decimal strings)',
        security: standardSecurity,
        response: {
          200: envelopeOf({
            type: 'object',
            properties: Object.fromEntries(BALANCE_ASSETS.map((a) => [a, { type: 'string' }])),
          }),
          ...standardErrors,
        },
      },
    },
    async (request) => {
      const b = await getBalances(deps, callerOf(request));
      const data = Object.fromEntries(BALANCE_ASSETS.map((a) => [a, formatAssetBalance(a, b.byAsset[a])]));
      return envelope(data, `balances as of ${new Date(b.readAtMs).toISOString()}`);
    },
  );

  registerCheckOrder(scope, deps);
}
