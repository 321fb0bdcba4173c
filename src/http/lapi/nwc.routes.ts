import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { createNwcConnection, listNwcConnectionsOf, revokeNwcConnection } from '../../app/nwc/connections.ts';
import { unwrap } from '../errors.ts';
import { callerOf, envelope } from '../family.ts';
import { envelopeOf, standardErrors, standardSecurity } from '../wire/schemas.ts';
import { idText } from '../wire/text.ts';
import {
  createNwcBodySchema,
  decodeCreateNwc,
  nwcConnectionRecord,
  nwcConnectionSchema,
  nwcCreatedSchema,
} from './nwc.contract.ts';

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  (request.body ?? {}) as Record<string, unknown>;

/** /lapi/v1/nwc/connections: Nostr Wallet Connect connections of the account (admin key). */
export function registerNwcRoutes(scope: FastifyInstance, deps: AppDeps): void {
  const tags = ['nwc'];
  scope.post(
    '/nwc/connections',
    {
      config: { key: 'admin' },
      schema: {
        tags,
        summary:
          'Create a Nostr Wallet Connect (NIP-47) connection: its URI, with the client’s secret, shown once',
        description:
          'The connection may call the listed methods; pay_invoice is held to max_amount per payment and to the ' +
          'budget per renewal period (paid and pending payments with their fee reserves). 404 not_found when ' +
          'Nostr is off on this service; 409 limit_reached past NWC_CONNECTIONS_PER_ACCOUNT live connections.',
        security: standardSecurity,
        body: createNwcBodySchema,
        response: { 200: envelopeOf(nwcCreatedSchema), ...standardErrors },
      },
    },
    async (request) => {
      const cmd = unwrap(decodeCreateNwc(bodyOf(request)));
      const made = unwrap(await createNwcConnection(deps, callerOf(request), cmd));
      return envelope({ ...nwcConnectionRecord(made.connection), uri: made.uri });
    },
  );

  scope.get(
    '/nwc/connections',
    {
      config: { key: 'admin' },
      schema: {
        tags,
        summary: 'The account’s Nostr Wallet Connect connections, newest first (no secrets)',
        security: standardSecurity,
        querystring: {
          type: 'object',
          properties: { include_revoked: { type: 'boolean', default: false } },
        },
        response: { 200: envelopeOf({ type: 'array', items: nwcConnectionSchema }), ...standardErrors },
      },
    },
    async (request) => {
      const { include_revoked } = request.query as { include_revoked: boolean };
      const list = await listNwcConnectionsOf(deps, callerOf(request), include_revoked);
      return envelope(list.map(nwcConnectionRecord));
    },
  );

  scope.delete(
    '/nwc/connections/:id',
    {
      config: { key: 'admin' },
      schema: {
        tags,
        summary: 'Revoke a connection: its requests are refused (UNAUTHORIZED) from now on',
        description: 'Revoking again answers the same; another account’s or an unknown id is 404 not_found.',
        security: standardSecurity,
        params: { type: 'object', properties: { id: { type: 'string' } } },
        response: { 200: envelopeOf(nwcConnectionSchema), ...standardErrors },
      },
    },
    async (request) => {
      const id = idText((request.params as Record<string, unknown>)['id']);
      return envelope(nwcConnectionRecord(unwrap(await revokeNwcConnection(deps, callerOf(request), id))));
    },
  );
}
