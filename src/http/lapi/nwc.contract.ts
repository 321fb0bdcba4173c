import type { CreateNwcConnectionCommand, NwcConnectionView } from '../../app/nwc/connections.ts';
import { BUDGET_RENEWALS, NWC_CAPABILITIES } from '../../domain/nostr/nwc.ts';
import { err, ok, type Result } from '../../domain/result.ts';

// POST /lapi/v1/nwc/connections: the body's schema (for OpenAPI; the decoder checks the values, so the
// validator coerces nothing) and its decoding into a CreateNwcConnectionCommand.

export const createNwcBodySchema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { description: 'what the connection is for (1–100 characters), e.g. the app’s name' },
    methods: {
      description: `NIP-47 methods it may call, and \`notifications\` (payment_received and payment_sent sent to it); default: all of ${NWC_CAPABILITIES.join(', ')}`,
    },
    max_amount: { description: 'the most one payment may be, in msat (NIP-47’s unit); default: no cap' },
    budget: {
      description:
        'what its payments may add up to per renewal period, in msat, fees and fee reserves of pending payments included; default: no budget',
    },
    budget_renewal: {
      description:
        'when the budget renews: UTC calendar day, week (Monday), month, year, or never (total); default monthly',
      enum: [...BUDGET_RENEWALS],
    },
    expires_at: { description: 'unix seconds after which it is refused; default: never' },
  },
};

const MSAT = /^[0-9]{1,19}$/;

function msatOf(v: unknown, field: string): Result<bigint | null> {
  if (v === undefined || v === null) return ok(null);
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return ok(BigInt(v));
  if (typeof v === 'string' && MSAT.test(v)) return ok(BigInt(v));
  return err('invalid_request', `${field} must be a whole number of msat`, field);
}

export function decodeCreateNwc(body: Record<string, unknown>): Result<CreateNwcConnectionCommand> {
  const name = body['name'];
  if (typeof name !== 'string') return err('invalid_request', 'name must be a string', 'name');
  const m = body['methods'];
  let methods: string[] | null = null;
  if (m !== undefined && m !== null) {
    if (typeof m === 'string') methods = m.split(/[\s,]+/).filter((s) => s !== '');
    else if (Array.isArray(m) && m.length <= 32 && m.every((x) => typeof x === 'string'))
      methods = m as string[];
    else return err('invalid_request', 'methods must be a list of NIP-47 method names', 'methods');
  }
  const max = msatOf(body['max_amount'], 'max_amount');
  if (!max.ok) return max;
  const budget = msatOf(body['budget'], 'budget');
  if (!budget.ok) return budget;
  const r = body['budget_renewal'];
  if (r !== undefined && r !== null && typeof r !== 'string') {
    return err('invalid_request', 'budget_renewal must be a string', 'budget_renewal');
  }
  const e = body['expires_at'];
  let expiresAtSec: number | null = null;
  if (e !== undefined && e !== null) {
    if (typeof e !== 'number' || !Number.isSafeInteger(e) || e <= 0 || e > 253_402_300_799) {
      return err('invalid_request', 'expires_at must be unix seconds', 'expires_at');
    }
    expiresAtSec = e;
  }
  return ok({
    name,
    methods,
    maxAmountMsat: max.value,
    budgetMsat: budget.value,
    budgetRenewal: typeof r === 'string' ? r : null,
    expiresAtSec,
  });
}

const nullable = (type: string, description: string) => ({ type: [type, 'null'], description });

export const nwcConnectionSchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    client_pubkey: { type: 'string', description: 'the public key (hex) that signs the client’s requests' },
    methods: { type: 'array', items: { type: 'string' } },
    max_amount: nullable('integer', 'msat'),
    budget: nullable('integer', 'msat per renewal period'),
    budget_renewal: { type: 'string', enum: [...BUDGET_RENEWALS] },
    expires_at: nullable('integer', 'unix seconds'),
    revoked_at: nullable('integer', 'unix seconds'),
    created_at: { type: 'integer', description: 'unix seconds' },
  },
};

export const nwcCreatedSchema = {
  type: 'object',
  properties: {
    ...nwcConnectionSchema.properties,
    uri: {
      type: 'string',
      description:
        'nostr+walletconnect://<service pubkey>?relay=…&secret=… — holds the client’s secret: shown this once, never stored',
    },
  },
};

const sec = (ms: number | null): number | null => (ms === null ? null : Math.floor(ms / 1000));

export const nwcConnectionRecord = (c: NwcConnectionView) => ({
  id: c.id,
  name: c.name,
  client_pubkey: c.clientPubkey,
  methods: c.methods,
  max_amount: c.maxAmountMsat === null ? null : Number(c.maxAmountMsat),
  budget: c.budgetMsat === null ? null : Number(c.budgetMsat),
  budget_renewal: c.budgetRenewal,
  expires_at: sec(c.expiresAtMs),
  revoked_at: sec(c.revokedAtMs),
  created_at: Math.floor(c.createdAtMs / 1000),
});
