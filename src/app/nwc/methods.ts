import type { Kysely } from 'kysely';
import {
  listNwcTransactions,
  lockNwcConnection,
  type NwcConnectionRow,
  nwcSpentSince,
  setNwcRequestPayment,
} from '../../db/repos/nwc.ts';
import type { PaymentRow } from '../../db/repos/payments.ts';
import type { DB } from '../../db/schema.ts';
import { abort } from '../../domain/errors.ts';
import {
  budgetPeriodStartMs,
  budgetRenewsAtMs,
  isNwcMethod,
  NWC_NOTIFICATIONS,
  type NwcErrorCode,
  type NwcMethod,
  nip47RenewalPeriod,
} from '../../domain/nostr/nwc.ts';
import {
  feeReserveRoundedUp,
  isExpired,
  LIGHTNING_INVOICE_EXPIRY_MAX_SEC,
} from '../../domain/payments/fees.ts';
import type { Caller } from '../accounts/authenticate.ts';
import { getWallet } from '../balances/get-balances.ts';
import type { AppDeps } from '../deps.ts';
import { describedOnly } from '../payments/commands.ts';
import { feesFor } from '../payments/engine/movements.ts';
import { revealedPreimage } from '../payments/payment.ts';
import { findPaymentByHash } from '../payments/payment-by-hash.ts';
import { receive } from '../payments/receive.ts';
import { send } from '../payments/send.ts';

// The NIP-47 methods (https://github.com/nostr-protocol/nips/blob/master/47.md "Commands"), each through
// the same use cases as the HTTP API: receive, send (the payment engine), the balance, payment lookups.

export type NwcAnswer =
  | { result: Record<string, unknown> }
  | { error: { code: NwcErrorCode; message: string } }
  /** Still under way: no answer yet (lookup_invoice shows it; a retry of the request answers once known). */
  | { pending: true };

const fail = (code: NwcErrorCode, message: string): NwcAnswer => ({ error: { code, message } });

type Params = Record<string, unknown>;

const sec = (ms: bigint | null): number | null => (ms === null ? null : Number(ms / 1000n));

/** A payment as NIP-47's transaction (lookup_invoice, list_transactions, make_invoice, notifications). */
export function nwcTransaction(deps: AppDeps, p: PaymentRow): Record<string, unknown> {
  const decoded = p.payreq === null ? null : deps.decodeInvoice(p.payreq);
  const inv = decoded?.ok ? decoded.invoice : null;
  const expiresAtMs = p.invoice_expires_at_ms;
  const state =
    p.status === 'paid'
      ? 'settled'
      : p.status === 'declined'
        ? p.direction === 'in'
          ? 'expired'
          : 'failed'
        : p.direction === 'in' && expiresAtMs !== null && isExpired(Number(expiresAtMs), deps.clock.nowMs())
          ? 'expired'
          : 'pending';
  const fees = p.direction === 'out' ? p.network_fee_msat + p.service_fee_msat + p.gst_fee_msat : 0n;
  return {
    type: p.direction === 'in' ? 'incoming' : 'outgoing',
    state,
    invoice: p.payreq ?? '',
    description: p.description ?? inv?.description ?? '',
    description_hash: inv?.descriptionHash ?? '',
    preimage: revealedPreimage(p) ?? '',
    payment_hash: p.payment_hash ?? '',
    amount: Number(p.amount_msat),
    fees_paid: Number(fees),
    created_at: Number(p.created_at_ms / 1000n),
    expires_at: sec(expiresAtMs),
    settled_at: sec(p.paid_at_ms),
    metadata: {},
  };
}

/** An integer msat parameter (a JSON number), or null when absent; undefined when malformed. */
function msatParam(v: unknown): bigint | null | undefined {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= 0) return BigInt(v);
  return undefined;
}

function intParam(v: unknown, min: number, max: number): number | null | undefined {
  if (v === undefined || v === null) return null;
  if (typeof v === 'number' && Number.isSafeInteger(v) && v >= min && v <= max) return v;
  return undefined;
}

/** The use cases' refusals as NIP-47 error codes. */
function nwcErrorOf(e: { code: string; message: string; field?: string }): NwcAnswer {
  switch (e.code) {
    case 'insufficient_balance':
      return fail('INSUFFICIENT_BALANCE', e.message);
    case 'limit_reached':
      return fail('QUOTA_EXCEEDED', e.message);
    case 'payment_failed':
      return fail('PAYMENT_FAILED', e.message);
    case 'rate_limited':
      return fail('RATE_LIMITED', e.message);
    case 'not_found':
      return fail('NOT_FOUND', e.message);
    case 'unauthorized':
    case 'account_disabled':
      return fail('UNAUTHORIZED', e.message);
    case 'lightning_unavailable':
    case 'storage_full':
    case 'shutting_down':
      return fail('INTERNAL', e.message);
    default:
      return fail('OTHER', e.message);
  }
}

async function getBudget(deps: AppDeps, c: NwcConnectionRow): Promise<NwcAnswer> {
  if (c.budget_msat === null) return { result: {} };
  const nowMs = deps.clock.nowMs();
  const used = await nwcSpentSince(deps.db.read, c.id, budgetPeriodStartMs(c.budget_renewal, nowMs));
  const renews = budgetRenewsAtMs(c.budget_renewal, nowMs);
  return {
    result: {
      used_budget: Number(used),
      total_budget: Number(c.budget_msat),
      ...(renews === null ? {} : { renews_at: Math.floor(renews / 1000) }),
      renewal_period: nip47RenewalPeriod(c.budget_renewal),
    },
  };
}

/**
 * The budget's check, inside the payment's write unit: the connection is re-read (locked on PostgreSQL)
 * so that concurrent payments of one connection are counted one after the other, its paid and pending
 * payments of the period are summed with their fees and reserves, and this payment is recorded against
 * it (nwc_requests.payment_id) in the same unit, so no two payments pass the budget's edge together.
 */
const budgetGuard =
  (deps: AppDeps, connectionId: bigint, eventId: string, costMsat: bigint) =>
  async (trx: Kysely<DB>, c: { paymentId: bigint }): Promise<void> => {
    const conn = await lockNwcConnection(trx, connectionId);
    const nowMs = deps.clock.nowMs();
    if (conn === undefined || conn.revoked_at_ms !== null)
      abort('unauthorized', 'this connection was revoked');
    if (conn!.budget_msat !== null) {
      const spent = await nwcSpentSince(trx, connectionId, budgetPeriodStartMs(conn!.budget_renewal, nowMs));
      if (spent + costMsat > conn!.budget_msat) {
        abort(
          'limit_reached',
          `the connection's ${conn!.budget_renewal} budget would be exceeded: ${spent} of ${conn!.budget_msat} msat used, this payment may cost ${costMsat} msat`,
          'budget',
        );
      }
    }
    await setNwcRequestPayment(trx, eventId, c.paymentId);
  };

async function payInvoiceMethod(
  deps: AppDeps,
  caller: Caller,
  c: NwcConnectionRow,
  eventId: string,
  params: Params,
): Promise<NwcAnswer> {
  const payreq = params['invoice'];
  if (typeof payreq !== 'string' || payreq.length > 8000)
    return fail('OTHER', 'params.invoice must be a BOLT11 invoice');
  const decoded = deps.decodeInvoice(payreq.trim());
  if (!decoded.ok) return fail('OTHER', `params.invoice is not a valid BOLT11 invoice: ${decoded.message}`);
  const asked = msatParam(params['amount']);
  if (asked === undefined) return fail('OTHER', 'params.amount must be a whole number of msat');
  const amountMsat = decoded.invoice.amountMsat ?? asked;
  if (amountMsat === null || amountMsat <= 0n)
    return fail('OTHER', 'this invoice has no amount: give params.amount (msat)');
  if (c.max_amount_msat !== null && amountMsat > c.max_amount_msat) {
    return fail('QUOTA_EXCEEDED', `the connection pays at most ${c.max_amount_msat} msat per payment`);
  }
  const { feeReservePpm, feeReserveMinMsat } = deps.config.payments;
  const fees = feesFor(deps, amountMsat, 'out');
  const cost =
    amountMsat +
    feeReserveRoundedUp(amountMsat, feeReservePpm, feeReserveMinMsat) +
    fees.serviceFeeMsat +
    fees.gstFeeMsat;
  const r = await send(
    deps,
    caller,
    {
      target: {
        kind: 'invoice',
        payreq: decoded.invoice.payreq,
        amountMsat: decoded.invoice.amountMsat === null ? amountMsat : null,
      },
      refs: describedOnly(null),
      // The request event's id is the idempotency key: the same request delivered again pays once.
      idempotencyKey: `nwc:${eventId}`,
    },
    budgetGuard(deps, c.id, eventId, cost),
  );
  if (!r.ok) return nwcErrorOf(r.error);
  const row = r.value;
  if (row.status === 'pending') return { pending: true };
  if (row.status !== 'paid') return fail('PAYMENT_FAILED', row.failure_reason ?? 'the payment failed');
  return { result: payInvoiceResult(row) };
}

/** pay_invoice's result for a paid payment: its preimage and every fee it cost (msat). */
export const payInvoiceResult = (row: PaymentRow): Record<string, unknown> => ({
  preimage: row.preimage ?? '',
  fees_paid: Number(row.network_fee_msat + row.service_fee_msat + row.gst_fee_msat),
});

async function makeInvoice(
  deps: AppDeps,
  caller: Caller,
  eventId: string,
  params: Params,
): Promise<NwcAnswer> {
  const amount = msatParam(params['amount']);
  if (amount === undefined || amount === null || amount <= 0n) {
    return fail('OTHER', 'params.amount must be a positive whole number of msat');
  }
  const description = params['description'];
  if (description !== undefined && description !== null && typeof description !== 'string') {
    return fail('OTHER', 'params.description must be a string');
  }
  const hash = params['description_hash'];
  if (hash !== undefined && hash !== null && (typeof hash !== 'string' || !/^[0-9a-fA-F]{64}$/.test(hash))) {
    return fail('OTHER', 'params.description_hash must be 64 hex digits');
  }
  const expiry = intParam(params['expiry'], 60, LIGHTNING_INVOICE_EXPIRY_MAX_SEC);
  if (expiry === undefined) return fail('OTHER', 'params.expiry must be seconds, 60 to 2592000');
  const r = await receive(deps, caller, {
    amount: { asset: 'lbtc', units: amount },
    rail: 'lightning',
    chainNetwork: null,
    receiverUsertag: null,
    expiresInSec: expiry ?? 3600,
    refs: describedOnly(typeof description === 'string' ? description : null),
    callbackUrl: null,
    successUrl: null,
    ...(typeof hash === 'string'
      ? {
          descriptionHash: {
            hashHex: hash.toLowerCase(),
            text: typeof description === 'string' ? description : '',
          },
        }
      : {}),
    idempotencyKey: `nwc:${eventId}`,
  });
  if (!r.ok) return nwcErrorOf(r.error);
  return { result: nwcTransaction(deps, r.value) };
}

async function lookupInvoice(deps: AppDeps, caller: Caller, params: Params): Promise<NwcAnswer> {
  let hash = params['payment_hash'];
  const invoice = params['invoice'];
  if (typeof hash !== 'string' && typeof invoice === 'string') {
    const d = deps.decodeInvoice(invoice.trim());
    if (!d.ok) return fail('OTHER', `params.invoice is not a valid BOLT11 invoice: ${d.message}`);
    hash = d.invoice.paymentHash;
  }
  if (typeof hash !== 'string' || !/^[0-9a-fA-F]{64}$/.test(hash)) {
    return fail('OTHER', 'give params.payment_hash (64 hex digits) or params.invoice');
  }
  const r = await findPaymentByHash(deps, caller, hash);
  if (!r.ok) return fail('NOT_FOUND', 'no invoice or payment of this wallet with that payment hash');
  return { result: nwcTransaction(deps, r.value) };
}

async function listTransactions(deps: AppDeps, caller: Caller, params: Params): Promise<NwcAnswer> {
  const max = deps.config.nostr.nwcListMax;
  const from = intParam(params['from'], 0, 253_402_300_799);
  const until = intParam(params['until'], 0, 253_402_300_799);
  const limit = intParam(params['limit'], 1, Number.MAX_SAFE_INTEGER);
  const offset = intParam(params['offset'], 0, 1_000_000);
  if (from === undefined || until === undefined)
    return fail('OTHER', 'params.from and params.until are unix seconds');
  if (limit === undefined || offset === undefined)
    return fail('OTHER', 'params.limit and params.offset are whole numbers');
  const type = params['type'];
  if (type !== undefined && type !== null && type !== 'incoming' && type !== 'outgoing') {
    return fail('OTHER', 'params.type is incoming or outgoing');
  }
  const rows = await listNwcTransactions(deps.db.read, {
    accountId: caller.accountId,
    fromMs: (from ?? 0) * 1000,
    untilMs: until === null ? deps.clock.nowMs() : until * 1000 + 999,
    direction: type === 'incoming' ? 'in' : type === 'outgoing' ? 'out' : null,
    includeUnpaid: params['unpaid'] === true,
    // Capped: NWC_LIST_MAX per answer whatever was asked.
    limit: Math.min(limit ?? max, max),
    offset: offset ?? 0,
  });
  return { result: { transactions: rows.map((p) => nwcTransaction(deps, p)) } };
}

/** Runs one method of a connection that may call it. */
export async function runNwcMethod(
  deps: AppDeps,
  caller: Caller,
  c: NwcConnectionRow,
  req: { eventId: string; method: NwcMethod; params: Params },
): Promise<NwcAnswer> {
  switch (req.method) {
    case 'get_info': {
      let info: { pubkey: string; network: string; alias: string };
      try {
        info = await deps.lightning.nodeInfo();
      } catch {
        return fail('INTERNAL', 'the Lightning node did not answer');
      }
      return {
        result: {
          alias: info.alias || new URL(deps.config.publicUrl).host,
          color: '#000000',
          pubkey: info.pubkey,
          network: info.network === 'bitcoin' ? 'mainnet' : info.network,
          block_height: 0,
          block_hash: '',
          methods: c.methods.split(' ').filter(isNwcMethod),
          notifications: c.methods.split(' ').includes('notifications') ? [...NWC_NOTIFICATIONS] : [],
        },
      };
    }
    case 'get_balance':
      return { result: { balance: Number((await getWallet(deps, caller)).balanceMsat) } };
    case 'get_budget':
      return getBudget(deps, c);
    case 'make_invoice':
      return makeInvoice(deps, caller, req.eventId, req.params);
    case 'lookup_invoice':
      return lookupInvoice(deps, caller, req.params);
    case 'list_transactions':
      return listTransactions(deps, caller, req.params);
    case 'pay_invoice':
      return payInvoiceMethod(deps, caller, c, req.eventId, req.params);
  }
}
