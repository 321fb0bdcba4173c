import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import {
  clearNostrIdentity,
  type NostrIdentityView,
  setNostrIdentity,
  showNostrIdentity,
} from '../../app/zaps/nostr-identity.ts';
import { NOSTR_IDENTITY_MAX_RELAYS } from '../../domain/nostr/pubkey.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { unwrap } from '../errors.ts';
import { callerOf, envelope } from '../family.ts';
import { envelopeOf, standardErrors, standardSecurity } from '../wire/schemas.ts';

const identitySchema = {
  type: ['object', 'null'],
  description: 'null when the account published no Nostr key',
  properties: {
    pubkey: { type: 'string', description: 'x-only public key, 64 lowercase hex digits' },
    relays: { type: 'array', items: { type: 'string' } },
  },
};

const present = (v: NostrIdentityView | null) => (v === null ? null : { pubkey: v.pubkey, relays: v.relays });

/** The PUT body: `pubkey` (hex or npub) and optional `relays` (ws(s) URLs). */
function decodeIdentity(body: Record<string, unknown>): Result<{ pubkey: string; relays: string[] }> {
  const { pubkey, relays } = body;
  if (typeof pubkey !== 'string') return err('invalid_request', 'pubkey (hex or npub) is required', 'pubkey');
  if (relays === undefined || relays === null) return ok({ pubkey, relays: [] });
  if (!Array.isArray(relays) || relays.some((r) => typeof r !== 'string')) {
    return err('invalid_request', 'relays must be a list of ws:// or wss:// URLs', 'relays');
  }
  return ok({ pubkey, relays: relays as string[] });
}

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  (request.body ?? {}) as Record<string, unknown>;

/**
 * /lapi/v1/nostr/pubkey: the Nostr key the account publishes under its usertag (NIP-05,
 * `/.well-known/nostr.json`). Reading needs the invoice key; setting and clearing the admin key.
 */
export function registerNostrRoutes(scope: FastifyInstance, deps: AppDeps): void {
  scope.get(
    '/nostr/pubkey',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['nostr'],
        summary: 'The Nostr key published as usertag@host (NIP-05), or null',
        security: standardSecurity,
        response: { 200: envelopeOf(identitySchema), ...standardErrors },
      },
    },
    async (request) => envelope(present(await showNostrIdentity(deps, callerOf(request)))),
  );

  scope.put(
    '/nostr/pubkey',
    {
      config: { key: 'admin' },
      schema: {
        tags: ['nostr'],
        summary: 'Publish a Nostr key as usertag@host (NIP-05); zap requests to the address must name it',
        security: standardSecurity,
        body: {
          type: 'object',
          required: ['pubkey'],
          properties: {
            pubkey: { description: '64 hex digits or npub1…' },
            relays: {
              description: `up to ${NOSTR_IDENTITY_MAX_RELAYS} relay URLs (wss://) served with the key`,
            },
          },
        },
        response: { 200: envelopeOf(identitySchema), ...standardErrors },
      },
    },
    async (request) => {
      const cmd = unwrap(decodeIdentity(bodyOf(request)));
      return envelope(present(unwrap(await setNostrIdentity(deps, callerOf(request), cmd))));
    },
  );

  scope.delete(
    '/nostr/pubkey',
    {
      config: { key: 'admin' },
      schema: {
        tags: ['nostr'],
        summary: 'Stop publishing a Nostr key as usertag@host',
        security: standardSecurity,
        response: {
          200: envelopeOf({ type: 'object', properties: { removed: { type: 'boolean' } } }),
          ...standardErrors,
        },
      },
    },
    async (request) => envelope(unwrap(await clearNostrIdentity(deps, callerOf(request)))),
  );
}
