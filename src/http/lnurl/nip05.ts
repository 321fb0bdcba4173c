import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { nip05Document } from '../../app/zaps/nostr-identity.ts';
import { idText } from '../wire/text.ts';

/**
 * NIP-05 (https://github.com/nostr-protocol/nips/blob/master/05.md): `usertag@host` as a Nostr
 * identifier, for the accounts that published a key (PUT /lapi/v1/nostr/pubkey). Any origin may read it
 * (NIP-05 asks for `Access-Control-Allow-Origin: *`, which the LNURL scope sets on every answer); an
 * unknown name is `{names: {}}`.
 */
export async function nip05Routes(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  scope.get(
    '/.well-known/nostr.json',
    {
      schema: {
        tags: ['lightning address'],
        summary: 'NIP-05: the Nostr key of usertag@host, with its relays',
        querystring: {
          type: 'object',
          properties: { name: { type: 'string', maxLength: 64, description: 'the usertag' } },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              names: { type: 'object', additionalProperties: { type: 'string' } },
              relays: {
                type: 'object',
                additionalProperties: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    async (request) => {
      const { name } = request.query as { name?: string };
      return nip05Document(deps, name === undefined ? null : idText(name));
    },
  );
}
