import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** The reconnection delay a stream asks browsers for. */
const RETRY_MS = 2000;

/**
 * Takes the reply over as a Server-Sent Events stream (the checkout's and the dashboard's live pages):
 * the stream's headers (never cached nor buffered by a proxy) and the reconnection delay; answers the raw
 * response to write events to.
 */
export function openEventStream(request: FastifyRequest, reply: FastifyReply): ServerResponse {
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
    connection: 'keep-alive',
  });
  res.write(`retry: ${RETRY_MS}\n\n`);
  return res;
}
