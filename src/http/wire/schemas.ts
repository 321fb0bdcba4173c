import { HISTORY_LIMIT_MAX } from '../../domain/payments/fees.ts';
import { ERROR_CODES } from '../errors.ts';

/** JSON-schema pieces shared by route schemas (they also feed the OpenAPI document). */

export const envelopeOf = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['status', 'data', 'message'],
  properties: {
    status: { type: 'boolean' },
    success: { type: 'boolean' },
    data,
    message: { type: 'string' },
  },
});

const errorEnvelope = {
  type: 'object',
  properties: {
    status: { type: 'boolean', const: false },
    success: { type: 'boolean', const: false },
    data: { type: 'null' },
    message: { type: 'string' },
    code: { type: 'string', enum: ERROR_CODES },
    field: { type: 'string' },
  },
};

/** An error of the bare families (/sapi, /trade): {success: false, message, code, field?}. */
const bareError = {
  type: 'object',
  properties: {
    success: { type: 'boolean', const: false },
    message: { type: 'string' },
    code: { type: 'string', enum: ERROR_CODES },
    field: { type: 'string' },
  },
};

export const bareErrors = {
  400: bareError,
  401: bareError,
  403: bareError,
  404: bareError,
  409: bareError,
  413: bareError,
  422: bareError,
  429: bareError,
  503: bareError,
};

/** An optional string field of a request body (null accepted as absent). */
export const optionalString = (description?: string) => ({
  type: ['string', 'null'],
  ...(description ? { description } : {}),
});

/** Unix seconds of a millisecond timestamp, as the API shows every time. */
export const seconds = (ms: bigint | null): number | null => (ms === null ? null : Number(ms / 1000n));

export const standardErrors = {
  400: errorEnvelope,
  401: errorEnvelope,
  403: errorEnvelope,
  404: errorEnvelope,
  409: errorEnvelope,
  413: errorEnvelope,
  422: errorEnvelope,
  429: errorEnvelope,
  503: errorEnvelope,
};

export const standardSecurity: Array<Record<string, string[]>> = [
  { apiKeyHeader: [] },
  { apiKeyAuthorization: [] },
  { apiKeyQuery: [] },
];

/** A BTC amount as the API accepts it: decimal string or JSON number, at most 8 decimals. */
export const btcAmountInput = {
  type: ['string', 'number'],
  description: 'BTC (not satoshis), at most 8 decimals',
};

/** The optional `Idempotency-Key` header of the routes that move money or create records. */
export const idempotencyHeader = (what: string) => ({
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      description: `optional; a retry with the same key and body answers ${what} and moves no money again; the same key with another body is 409 idempotency_conflict`,
    },
  },
});

/** History's `limit` in a querystring schema (the codec, `historyLimit`, decodes it). */
export const historyLimitSchema = {
  type: 'integer',
  minimum: 1,
  maximum: HISTORY_LIMIT_MAX,
  description: `how many payments, 1 to ${HISTORY_LIMIT_MAX}`,
} as const;
