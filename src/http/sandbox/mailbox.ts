import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { listMailbox, MAILBOX_LIST_MAX } from '../../app/mail/list-mailbox.ts';
import { unwrap } from '../errors.ts';
import { envelope } from '../family.ts';
import { envelopeOf, standardErrors } from '../wire/schemas.ts';

/**
 * GET /sandbox/v1/mailbox?to=: the dev mailbox (e-mail kept in the database when no SMTP server is
 * configured), standing in for the recipient's inbox. Sandbox only, like the whole family.
 */
export function mailboxRoutes(scope: FastifyInstance, deps: AppDeps): void {
  scope.get(
    '/mailbox',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Messages in the dev mailbox for one address, newest first',
        querystring: {
          type: 'object',
          required: ['to'],
          properties: {
            to: { type: 'string', minLength: 3, maxLength: 320 },
            limit: { type: 'integer', minimum: 1, maximum: MAILBOX_LIST_MAX, default: 20 },
          },
        },
        response: {
          200: envelopeOf({
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: { type: 'integer' },
                to: { type: 'string' },
                from: { type: 'string' },
                subject: { type: 'string' },
                text: { type: 'string' },
                html: { type: 'string' },
                created_at: { type: 'integer', description: 'unix seconds' },
              },
            },
          }),
          ...standardErrors,
        },
      },
    },
    async (request) => {
      const { to, limit } = request.query as { to: string; limit: number };
      const messages = unwrap(await listMailbox(deps, { to, limit }));
      return envelope(
        messages.map((m) => ({
          id: m.id,
          to: m.to,
          from: m.from,
          subject: m.subject,
          text: m.text,
          html: m.html,
          created_at: Math.floor(m.createdAtMs / 1000),
        })),
      );
    },
  );
}
