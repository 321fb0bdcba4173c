import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import {
  cancelWithdrawal,
  createWithdrawal,
  getWithdrawal,
  listWithdrawals,
  type Withdrawal,
} from '../../app/withdrawals/withdrawals.ts';
import { formatAssetAmount, formatMsatAsBtc, MSAT_PER_SAT } from '../../domain/money.ts';
import { CHAIN_NETWORKS } from '../../domain/payments/vocabulary.ts';
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

/**
 * A withdrawal on the wire: btc with satoshi counts as JSON integers (below 2^53) and the amount in BTC;
 * usdt with its network, the amount in USDT (6 decimals) and its transaction hash once recorded.
 */
export function withdrawalRecord(w: Withdrawal) {
  const usdt = w.wallet === 'usdt';
  const orNull = (v: bigint | null) => (v === null ? null : Number(v));
  return {
    id: w.public_id,
    wallet: w.wallet,
    chain_network: usdt ? w.chain_network : 'BTC',
    status: w.status,
    address: w.address,
    address_type: w.address_type,
    amount: usdt
      ? formatAssetAmount('usdt', w.amount_units ?? 0n)
      : formatMsatAsBtc((w.amount_sat ?? 0n) * MSAT_PER_SAT),
    amount_sat: orNull(w.amount_sat),
    fee_reserve_sat: orNull(w.fee_reserve_sat),
    fee_sat: orNull(w.fee_sat),
    txid: w.txid,
    transaction_hash: usdt ? w.tx_hash : w.txid,
    last_check: w.last_check,
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
    wallet: { type: 'string', enum: ['btc', 'usdt'] },
    chain_network: {
      type: 'string',
      enum: [...CHAIN_NETWORKS],
      description: 'BTC for on-chain BTC; the EVM network of a USDT withdrawal',
    },
    status: {
      type: 'string',
      enum: ['queued', 'signing', 'broadcast', 'confirmed', 'cancelled'],
      description:
        'queued (reserved; btc: waiting for the next PSBT, usdt: waiting for the operator to pay and record it), signing (btc: in a PSBT the operator signs), broadcast (usdt: its transaction recorded, block not final yet), confirmed (posted); or cancelled (reserve given back)',
    },
    address: { type: 'string' },
    address_type: {
      type: ['string', 'null'],
      enum: ['p2pkh', 'p2sh', 'p2wpkh', 'p2wsh', 'p2tr', null],
      description: 'btc only',
    },
    amount: {
      type: 'string',
      description: 'what the address receives: BTC with 8 decimals, or USDT with 6',
    },
    amount_sat: { type: ['integer', 'null'], description: 'btc only' },
    fee_reserve_sat: {
      type: ['integer', 'null'],
      description: 'reserved above the amount for its share of the fee (BTC_WITHDRAW_FEE_RESERVE_SAT)',
    },
    fee_sat: { type: ['integer', 'null'], description: 'its share of the transaction fee, once broadcast' },
    txid: nullableString,
    transaction_hash: {
      type: ['string', 'null'],
      description: 'the transaction that pays it: btc its txid, usdt the hash the operator recorded (0x…)',
    },
    last_check: {
      type: ['string', 'null'],
      description:
        'usdt: why the last look at its transaction did not confirm it (not final yet, no receipt now…)',
    },
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
          'Withdraw on-chain BTC or USDT: checks the address, reserves the amount (btc: plus a fee reserve) from that balance and queues it; btc for the next PSBT the operator signs, usdt for the operator to pay and record',
        security: standardSecurity,
        headers: idempotencyHeader('the same withdrawal'),
        body: {
          type: 'object',
          required: ['wallet', 'address', 'amount'],
          properties: {
            wallet: { description: 'btc (on-chain BTC) or usdt (USDT on an EVM network)' },
            chain_network: {
              description:
                'usdt only: ERC20, BEP20 or MATIC, a network this service watches (EVM_WATCHER, EVM_RPC_URL_<NET>)',
            },
            address: {
              description:
                'btc: a Bitcoin address of the configured network (LIGHTNING_NETWORK): P2WPKH, P2WSH, P2TR (bech32/bech32m), P2PKH or P2SH (base58). usdt: 0x + 40 hex digits, EIP-55 checksummed when in mixed case; not the zero address or the token contract',
            },
            amount: {
              ...btcAmountInput,
              description: 'btc: BTC, at most 8 decimals; usdt: USDT, at most 6 decimals, more than 0',
            },
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
          chainNetwork: b['chain_network'],
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
