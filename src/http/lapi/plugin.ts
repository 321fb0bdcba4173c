import type { FastifyInstance } from 'fastify';
import { getWallet } from '../../app/balances/get-balances.ts';
import type { AppDeps } from '../../app/deps.ts';
import { formatMsatAsBtc } from '../../domain/money.ts';
import { applyFamily, callerOf, envelope } from '../family.ts';
import { registerPriceRoutes } from '../wire/prices.routes.ts';
import { envelopeOf, standardErrors, standardSecurity } from '../wire/schemas.ts';
import { registerNostrRoutes } from './nostr.routes.ts';
import { registerNwcRoutes } from './nwc.routes.ts';
import { registerPaymentRoutes } from './payments.routes.ts';
import { registerPayoutRoutes } from './payouts.routes.ts';
import { registerRefundRoutes } from './refunds.routes.ts';
import { registerVoucherRoutes } from './vouchers.routes.ts';
import { webhookRoutes } from './webhooks.routes.ts';

/** /lapi/v1: Lightning payments, vouchers, wallet. Standard envelope, key in x-api-key (or the other places). */
export async function lapiFamily(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  applyFamily(scope, { deps, shape: 'envelope' });
  webhookRoutes(scope, deps);
  registerPaymentRoutes(scope, deps);
  registerVoucherRoutes(scope, deps);
  registerRefundRoutes(scope, deps);
  registerPayoutRoutes(scope, deps);
  registerNwcRoutes(scope, deps);
  registerPriceRoutes(scope, deps, 'envelope');
  registerNostrRoutes(scope, deps);

  scope.get(
    '/wallet',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['wallet'],
        summary: 'Lightning wallet: Lightning address and balance',
        security: standardSecurity,
        response: {
          200: envelopeOf({
            type: 'object',
            properties: {
              wallet_lbtc: { type: 'string', description: 'Lightning address of the account (usertag@host)' },
              balance_lbtc: { type: 'string', description: 'spendable Lightning balance in BTC, 8 decimals' },
            },
          }),
          ...standardErrors,
        },
      },
    },
    async (request) => {
      const w = await getWallet(deps, callerOf(request));
      return envelope({ wallet_lbtc: w.lightningAddress, balance_lbtc: formatMsatAsBtc(w.balanceMsat) });
    },
  );
}
