import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Parameters a GET request sent as a JSON body (merged into the query, query first). */
    getBodyParams: Record<string, unknown> | null;
  }
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * Deepest nesting of objects and arrays a JSON body may have. Later steps walk bodies recursively
 * (canonical forms, `extra` serialised for storage, the NUL check below); this bound, checked before
 * parsing, keeps every such walk far from the stack's limit.
 */
const MAX_JSON_DEPTH = 32;

/** True when `text` opens more than `max` objects or arrays inside one another (strings skipped). */
function nestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character; a quote ends the string.
      if (c === 0x5c) i += 1;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}

function parseJsonObject(text: string): Record<string, unknown> {
  if (nestedDeeperThan(text, MAX_JSON_DEPTH)) {
    throw badRequest(`request body is nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest('request body is not valid JSON');
  }
  if (!isPlainObject(parsed)) throw badRequest('request body must be a JSON object');
  return parsed;
}

/** The top-level name under which a string holds U+0000 ('' for a bare string), or null when none does. */
function fieldWithNul(value: unknown, depth: number): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? '' : null;
  // Bodies are bounded (BODY_LIMIT_BYTES) and MAX_JSON_DEPTH deep at most, so this walk is too.
  if (value === null || typeof value !== 'object' || depth > MAX_JSON_DEPTH) return null;
  for (const [k, v] of Object.entries(value)) {
    if (k.includes('\u0000')) return depth === 0 ? k.replaceAll('\u0000', '') : '';
    const inner = fieldWithNul(v, depth + 1);
    if (inner !== null) return depth === 0 ? k : '';
  }
  return null;
}

const tooLarge = (limit: number) =>
  new HttpError({ code: 'payload_too_large', message: `request body is larger than ${limit} bytes` });

async function readBounded(stream: NodeJS.ReadableStream, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    size += buf.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(buf);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Body handling shared by every family:
 * - GET requests may carry their parameters as a JSON body (what the original API's clients send);
 *   they are read here (bounded), and merged into the query with the query string taking precedence.
 * - JSON sent as text/plain or form-urlencoded (curl -d without a content-type) is read as JSON;
 *   a real form body is read as fields.
 */
export function registerBodyHandling(app: FastifyInstance, limit: number): void {
  app.decorateRequest('getBodyParams', null);

  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.method !== 'GET') return payload;
    const length = request.headers['content-length'];
    if ((length === undefined || length === '0') && request.headers['transfer-encoding'] === undefined)
      return payload;
    if (length !== undefined && Number(length) > limit) throw tooLarge(limit);
    const text = await readBounded(payload, limit);
    if (text.trim() !== '') request.getBodyParams = parseJsonObject(text);
    return payload;
  });

  app.addHook('preValidation', async (request: FastifyRequest) => {
    const extra = request.getBodyParams;
    if (extra === null) return;
    const query = (request.query ?? {}) as Record<string, unknown>;
    const merged: Record<string, unknown> = { ...extra };
    for (const [k, v] of Object.entries(query)) merged[k] = v;
    request.query = merged;
  });

  // PostgreSQL cannot store U+0000 in text (SQLite can): refused here for every route and database alike,
  // whether it came in the path, the query, a GET body, JSON or a form.
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = fieldWithNul(part, 0);
      if (field !== null) {
        throw badRequest('text must not contain NUL characters (U+0000)', field === '' ? undefined : field);
      }
    }
  });

  const lenient = (_req: FastifyRequest, body: string, done: (err: Error | null, body?: unknown) => void) => {
    try {
      const text = body.trim();
      if (text === '') return done(null, {});
      if (text.startsWith('{')) return done(null, parseJsonObject(text));
      return done(null, Object.fromEntries(new URLSearchParams(text)));
    } catch (e) {
      return done(e as Error);
    }
  };
  app.addContentTypeParser(
    ['application/x-www-form-urlencoded', 'text/plain'],
    { parseAs: 'string', bodyLimit: limit },
    lenient,
  );
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit: limit },
    (_req, body, done) => {
      const text = (body as string).trim();
      if (text === '') return done(null, {});
      try {
        done(null, parseJsonObject(text));
      } catch (e) {
        done(e as Error);
      }
    },
  );
}
