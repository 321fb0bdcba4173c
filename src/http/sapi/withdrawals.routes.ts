import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import {
  cancelWithdrawal,
  createWithdrawal,
  getWithdrawal,
  listWithdrawals,
  type Withdrawal,
} from '../../app/withdrawals/withdrawals.ts';
import { formatMsatAsBtc, MSAT_PER_SAT } from '../../domain/money.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { unwrap } from '../errors.ts';
import { callerOf } from '../family.ts';
import { idempotencyKey } from '../wire/fields.ts';
import { bareErrors, btcAmountInput, idempotencyHeader, standardSecurity } from '../wire/schemas.ts';

/** Most withdrawals one page of GET /sapi/v1/withdrawals holds. */
export const WITHDRAWAL_LIST_MAX = 100;

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  (request.body ?? {}) as Record<string, unknown>;

const iso = (ms: bigint | null): string | null => (ms === null ? null : new Date(Number(ms)).toISOString());

/** A withdrawal on the wire: satoshi counts as JSON integers (below 2^53), the amount also in BTC. */
export function withdrawalRecord(w: Withdrawal) {
  return {
    id: w.public_id,
    wallet: w.wallet,
    status: w.status,
    address: w.address,
    address_type: w.address_type,
    amount: formatMsatAsBtc(w.amount_sat * MSAT_PER_SAT),
    amount_sat: Number(w.amount_sat),
    fee_reserve_sat: Number(w.fee_reserve_sat),
    fee_sat: w.fee_sat === null ? null : Number(w.fee_sat),
    txid: w.txid,
    created_at: iso(w.created_at_ms),
    updated_at: iso(w.updated_at_ms),
    cancelled_at: iso(w.cancelled_at_ms),
    broadcast_at: iso(w.broadcast_at_ms),
    confirmed_at: iso(w.confirmed_at_ms),
  };
}

const nullableString = { type: ['string', 'null'] };

export const withdrawalRecordSchema = {
  type: 'object',
  properties: {
    id: { type: 'string', description: '16 characters [a-z0-9]' },
    wallet: { type: 'string', enum: ['btc'] },
    status: {
      type: 'string',
      enum: ['queued', 'signing', 'broadcast', 'confirmed', 'cancelled'],
      description:
        'queued (reserved, waiting for the next PSBT), signing (in a PSBT the operator signs), broadcast, confirmed; or cancelled (reserve given back)',
    },
    address: { type: 'string' },
    address_type: { type: 'string', enum: ['p2pkh', 'p2sh', 'p2wpkh', 'p2wsh', 'p2tr'] },
    amount: { type: 'string', description: 'BTC, 8 decimals: what the address receives' },
    amount_sat: { type: 'integer' },
    fee_reserve_sat: {
      type: 'integer',
      description: 'reserved above the amount for its share of the fee (BTC_WITHDRAW_FEE_RESERVE_SAT)',
    },
    fee_sat: { type: ['integer', 'null'], description: 'its share of the transaction fee, once broadcast' },
    txid: nullableString,
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    cancelled_at: nullableString,
    broadcast_at: nullableString,
    confirmed_at: nullableString,
  },
};

const idParams = { type: 'object', properties: { id: { type: 'string' } } };

function listQuery(q: Record<string, unknown>): Result<{ limit: number; before: string | null }> {
  let limit = 20;
  const l = q['limit'];
  if (l !== undefined && l !== '') {
    const n = typeof l === 'string' && /^\d{1,4}$/.test(l) ? Number(l) : l;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > WITHDRAWAL_LIST_MAX) {
      return err('invalid_request', `limit must be a whole number from 1 to ${WITHDRAWAL_LIST_MAX}`, 'limit');
    }
    limit = n;
  }
  const b = q['before'];
  if (b !== undefined && typeof b !== 'string')
    return err('invalid_request', 'before must be a withdrawal id', 'before');
  return ok({ limit, before: b === undefined || b === '' ? null : b });
}

/** On-chain BTC withdrawals (docs/payouts.md): create and cancel with the admin key, follow with either key. */
export function registerWithdrawalRoutes(scope: FastifyInstance, deps: AppDeps): void {
  scope.post(
    '/withdraw',
    {
      config: { key: 'admin' },
      schema: {
        tags: ['pro'],
        summary:
          'Withdraw on-chain BTC: checks the address for this network, reserves amount plus fee reserve from the btc balance and queues it for the next PSBT the operator signs',
        security: standardSecurity,
        headers: idempotencyHeader('the same withdrawal'),
        body: {
          type: 'object',
          required: ['wallet', 'address', 'amount'],
          properties: {
            wallet: { description: 'btc (on-chain BTC)' },
            address: {
              description:
                'a Bitcoin address of the configured network (LIGHTNING_NETWORK): P2WPKH, P2WSH, P2TR (bech32/bech32m), P2PKH or P2SH (base58)',
            },
            amount: btcAmountInput,
          },
        },
        response: { 200: withdrawalRecordSchema, ...bareErrors },
      },
    },
    async (request) => {
      const key = unwrap(idempotencyKey(request.headers['idempotency-key']));
      const b = bodyOf(request);
      const row = unwrap(
        await createWithdrawal(deps, callerOf(request), {
          wallet: b['wallet'],
          address: b['address'],
          amount: b['amount'],
          idempotencyKey: key,
        }),
      );
      return withdrawalRecord(row);
    },
  );

  scope.get(
    '/withdrawals/:id',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['pro'],
        summary: 'One withdrawal of the caller: status, txid, fee',
        security: standardSecurity,
        params: idParams,
        response: { 200: withdrawalRecordSchema, ...bareErrors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return withdrawalRecord(unwrap(await getWithdrawal(deps, callerOf(request), id)));
    },
  );

  scope.get(
    '/withdrawals',
    {
      config: { key: 'invoice' },
      schema: {
        tags: ['pro'],
        summary: 'The caller’s withdrawals, newest first',
        security: standardSecurity,
        querystring: {
          type: 'object',
          properties: {
            limit: { type: 'integer', minimum: 1, maximum: WITHDRAWAL_LIST_MAX, description: 'default 20' },
            before: { type: 'string', description: 'next page: the `next` of the previous page' },
          },
        },
        response: {
          200: {
            type: 'object',
            properties: {
              withdrawals: { type: 'array', items: withdrawalRecordSchema },
              next: {
                type: ['string', 'null'],
                description: 'pass as `before` for the next page; null on the last',
              },
            },
          },
          ...bareErrors,
        },
      },
    },
    async (request) => {
      const cmd = unwrap(listQuery(request.query as Record<string, unknown>));
      const page = unwrap(await listWithdrawals(deps, callerOf(request), cmd));
      return { withdrawals: page.withdrawals.map(withdrawalRecord), next: page.next };
    },
  );

  scope.post(
    '/withdrawals/:id/cancel',
    {
      config: { key: 'admin' },
      schema: {
        tags: ['pro'],
        summary:
          'Cancel a queued withdrawal: its reserve goes back to the btc balance, once (409 state_conflict once it is in a transaction)',
        security: standardSecurity,
        params: idParams,
        response: { 200: withdrawalRecordSchema, ...bareErrors },
      },
    },
    async (request) => {
      const { id } = request.params as { id: string };
      return withdrawalRecord(unwrap(await cancelWithdrawal(deps, callerOf(request), id)));
    },
  );
}
