import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { toProblem } from '../family.ts';

// What every LNURL endpoint shares (LUD-01/03/06/16): errors as `{status: "ERROR", reason}`, whatever
// the HTTP status, and answers any origin may read (browser wallets fetch them cross-origin).

/** LNURL's error answer. */
export const lnurlError = (reason: string) => ({ status: 'ERROR', reason });

/** The error answer's schema, for every status an LNURL route answers besides 200. */
export const lnurlErrorSchema = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['ERROR'] }, reason: { type: 'string' } },
};

/** Makes `scope` answer as LNURL does: LUD errors, CORS for any origin, and optionally no caching. */
export function answerAsLnurl(scope: FastifyInstance, opts: { noStore?: boolean } = {}): void {
  scope.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const p = toProblem(error, request);
    return reply.status(p.status).send(lnurlError(p.message));
  });
  scope.addHook('onSend', async (_request, reply) => {
    reply.header('access-control-allow-origin', '*');
    if (opts.noStore === true) reply.header('cache-control', 'no-store');
  });
}
