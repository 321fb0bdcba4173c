import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { authenticate, type Caller } from '../app/accounts/authenticate.ts';
import type { AppDeps } from '../app/deps.ts';
import { type KeyKind, keyAllows } from '../domain/api-keys.ts';
import { Abort, type ErrorCode } from '../domain/errors.ts';
import { presentedKey, presentedKeyOwner } from './auth.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Which key the route needs; routes without it are public. */
    key?: KeyKind;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

/** How a family writes its replies. */
export type Shape = 'envelope' | 'bare';

export interface Problem {
  status: number;
  code: ErrorCode | 'internal_error' | 'unsupported_media_type';
  message: string;
  field?: string;
  /** Sent as the Retry-After header. */
  retryAfterSec?: number;
}

export function errorBody(shape: Shape, p: Problem): Record<string, unknown> {
  const extra = p.field === undefined ? { code: p.code } : { code: p.code, field: p.field };
  return shape === 'envelope'
    ? { status: false, success: false, data: null, message: p.message, ...extra }
    : { success: false, message: p.message, ...extra };
}

/** Standard family success body. */
export const envelope = <T>(data: T, message = '') => ({ status: true, success: true, data, message });

interface ValidationIssue {
  instancePath: string;
  message?: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** "a string", "an object", "an integer or null": the JSON types of a schema, read as English. */
const withArticle = (types: string) => `${/^[aeiou]/.test(types) ? 'an' : 'a'} ${types}`;

function describeValidation(
  issues: ValidationIssue[],
  context: string | undefined,
): { message: string; field?: string } {
  const first = issues[0];
  if (first === undefined) return { message: 'invalid request' };
  let field = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  if (first.keyword === 'required') {
    field = [field, String(first.params['missingProperty'])].filter(Boolean).join('.');
    return { message: `${field} is required`, field };
  }
  if (first.keyword === 'type') {
    const t = String(first.params['type']).replaceAll(',', ' or ');
    if (field) return { message: `${field} must be ${withArticle(t)}`, field };
    // The whole body (absent, or not an object): what to send.
    if (context === undefined || context === 'body') {
      return { message: `the request body must be ${t === 'object' ? 'a JSON object' : withArticle(t)}` };
    }
    return { message: `the ${context} must be ${withArticle(t)}` };
  }
  return field
    ? { message: `${field} ${first.message ?? 'is invalid'}`, field }
    : { message: first.message ?? 'invalid request' };
}

/** Turns anything a route or hook threw into a Problem; unknown errors are bugs: logged, answered 500. */
export function toProblem(error: FastifyError | Error, request: FastifyRequest): Problem {
  // A write unit's expected failure that reached a route without runWrite (e.g. storage_full).
  if (error instanceof Abort) return toProblem(new HttpError(error.error), request);
  if (error instanceof HttpError) {
    return {
      status: error.status,
      code: error.error.code,
      message: error.error.message,
      ...(error.error.field ? { field: error.error.field } : {}),
      ...(error.error.retryAfterSec !== undefined ? { retryAfterSec: error.error.retryAfterSec } : {}),
    };
  }
  const fe = error as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
  if (fe.validation) {
    return {
      status: 400,
      code: 'invalid_request',
      ...describeValidation(fe.validation, fe.validationContext),
    };
  }
  switch (fe.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'payload_too_large', message: 'request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        code: 'unsupported_media_type',
        message: 'send the body as JSON with content-type: application/json',
      };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, code: 'invalid_request', message: 'request body is not valid JSON' };
    default:
      break;
  }
  if (typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500) {
    const code: ErrorCode = fe.statusCode === 429 ? 'rate_limited' : 'invalid_request';
    return { status: fe.statusCode, code, message: fe.message };
  }
  request.log.error({ err: error }, 'unhandled error');
  return {
    status: 500,
    code: 'internal_error',
    message: `internal error; quote request id ${request.id} to the operator`,
  };
}

export interface FamilyOptions {
  deps: AppDeps;
  shape: Shape;
}

/**
 * Gives an encapsulated plugin its family's behaviour: key authentication per route (`config.key`),
 * the family's error shape for every failure (validation, parsing, limits, bugs) and for unknown paths.
 */
export function applyFamily(scope: FastifyInstance, { deps, shape }: FamilyOptions): void {
  // Added per route (after the rate limiter's own per-route hook), so floods are limited before any lookup.
  scope.addHook('onRoute', (route) => {
    const need = route.config?.key;
    if (need === undefined) return;
    const check = async (request: FastifyRequest) => {
      const r = await presentedKeyOwner(deps, request);
      if (!r.ok) throw new HttpError(r.error);
      if (!keyAllows(r.value.kind, need)) {
        // The refusal names both kinds: authenticate words it for the kind this route needs.
        const refused = await authenticate(deps, presentedKey(request), need);
        if (!refused.ok) throw new HttpError(refused.error);
      }
      request.caller = r.value;
    };
    const existing = route.onRequest;
    route.onRequest =
      existing === undefined ? [check] : [...(Array.isArray(existing) ? existing : [existing]), check];
  });

  answerErrorsAs(scope, shape);
}

/** Every failure in `scope` (validation, parsing, limits, bugs) and every unknown path, in `shape`. */
export function answerErrorsAs(scope: FastifyInstance, shape: Shape): void {
  scope.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const p = toProblem(error, request);
    if (p.retryAfterSec !== undefined) reply.header('retry-after', String(p.retryAfterSec));
    return reply.status(p.status).send(errorBody(shape, p));
  });
  scope.setNotFoundHandler((request, reply) =>
    reply.status(404).send(
      errorBody(shape, {
        status: 404,
        code: 'not_found',
        message: `no endpoint ${request.method} ${request.url.split('?')[0]}`,
      }),
    ),
  );
}

/** The authenticated caller of a route declared with `config.key`. */
export function callerOf(request: FastifyRequest): Caller {
  if (request.caller === null) throw new Error('route without config.key asked for its caller');
  return request.caller;
}
