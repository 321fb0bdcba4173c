import type { ReceiveCommand } from '../../app/payments/commands.ts';
import { parseAssetAmount, parseBtcToMsat } from '../../domain/money.ts';
import { railOf } from '../../domain/payments/rail.ts';
import {
  CHAIN_NETWORKS,
  PAYMENT_STATUSES,
  type PaymentStatus,
  RAILS,
  WALLETS,
  type Wallet,
} from '../../domain/payments/vocabulary.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { decodeReceiveCommon, receiveAmountOf, receiveCommonProperties } from '../wire/receive-common.ts';

// The /sapi (pro) contract of receive and updateStatus: the same ReceiveCommand as /lapi, from the pro
// wire: `wallet` (lbtc | btc | usdt), `payment_mode` (lightning | onchain), `chain_network` (BTC |
// ERC20 | BEP20 | MATIC), and the amount in BTC (lbtc, btc) or USDT (usdt, 6 decimals), as a JSON number
// or a numeric string, exact. Every field is checked here, with a message naming it; the route schema
// gives no JSON types to these fields, so nothing is coerced before.

type Body = Record<string, unknown>;

/** Largest USDT request: 10^11 USDT (far beyond any payment; keeps every sum inside 64 bits). */
const MAX_USDT_UNITS = 10n ** 17n;

const oneOf = <T extends string>(
  body: Body,
  field: string,
  values: readonly T[],
  required: string | null,
): Result<T | null> => {
  const v = body[field];
  if (v === undefined || v === null || v === '') {
    return required === null ? ok(null) : err('invalid_request', required, field);
  }
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) {
    const shown = typeof v === 'string' ? `"${v.slice(0, 20)}"` : typeof v;
    return err('invalid_request', `${field} must be one of ${values.join(', ')} (got ${shown})`, field);
  }
  return ok(v as T);
};

const unitOf = (wallet: Wallet) =>
  wallet === 'usdt' ? 'USDT (up to 6 decimals, e.g. 12.5)' : 'BTC (up to 8 decimals, e.g. 0.0001)';

/** The amount in the wallet's unit; null when left out (the request may then be priced in fiat). */
function amountOf(body: Body, wallet: Wallet): Result<bigint | null> {
  const a = body['amount'];
  const unit = unitOf(wallet);
  if (a === undefined || a === null || a === '') return ok(null);
  if (typeof a !== 'string' && typeof a !== 'number') {
    return err('invalid_request', `amount must be ${unit}: a number or a numeric string`, 'amount');
  }
  const r = wallet === 'usdt' ? parseAssetAmount('usdt', a) : parseBtcToMsat(a);
  if (!r.ok) return r;
  if (r.value === 0n) return err('invalid_request', 'amount must be greater than zero', 'amount');
  if (wallet === 'usdt' && r.value > MAX_USDT_UNITS) {
    return err('invalid_request', 'amount exceeds 100,000,000,000 USDT', 'amount');
  }
  return r;
}

/**
 * POST /sapi/v1/receive → ReceiveCommand. The combinations (lbtc by Lightning, btc on the BTC network,
 * usdt on an EVM network) are domain/payments/rail.ts's one rule, which names the field to blame.
 */
export function decodeProReceive(body: Body, idempotencyKey: string | null): Result<ReceiveCommand> {
  const wallet = oneOf(body, 'wallet', WALLETS, `wallet is required: ${WALLETS.join(', ')}`);
  if (!wallet.ok) return wallet;
  const mode = oneOf(body, 'payment_mode', RAILS, `payment_mode is required: ${RAILS.join(', ')}`);
  if (!mode.ok) return mode;
  const network = oneOf(body, 'chain_network', CHAIN_NETWORKS, null);
  if (!network.ok) return network;
  const w = wallet.value!;
  const rail = railOf(w, mode.value!, network.value);
  if (!rail.ok) return rail;
  const amount = amountOf(body, w);
  if (!amount.ok) return amount;
  const common = decodeReceiveCommon(body, idempotencyKey);
  if (!common.ok) return common;
  const asked = receiveAmountOf(w, amount.value, common.value.refs, `amount is required: ${unitOf(w)}`);
  if (!asked.ok) return asked;
  return ok({
    amount: asked.value,
    rail: mode.value!,
    chainNetwork: rail.value?.network ?? null,
    ...common.value,
  });
}

export const proReceiveBodySchema = {
  type: 'object',
  required: ['wallet', 'payment_mode'],
  properties: {
    ...receiveCommonProperties,
    wallet: { description: `${WALLETS.join(' | ')}: the asset requested (lbtc: Lightning)` },
    payment_mode: { description: 'lightning (wallet lbtc) or onchain (wallet btc or usdt)' },
    chain_network: {
      description:
        'BTC (wallet btc; the default for it), ERC20, BEP20 or MATIC (wallet usdt, required); not for lbtc',
    },
    amount: {
      description:
        'BTC for lbtc and btc (up to 8 decimals), USDT for usdt (up to 6 decimals); a JSON number or a numeric string, taken exactly. Required unless fiat_value and fiat_currency price the request',
    },
  },
};

/** POST /sapi/v1/updateStatus: the payee's own status of a payment; it moves no money. */
export function decodeUpdateStatus(body: Body): Result<{ tid: string; statusPayee: PaymentStatus }> {
  const tid = body['tid'];
  if (tid === undefined || tid === null || tid === '')
    return err('invalid_request', 'tid is required', 'tid');
  let tidText: string;
  if (typeof tid === 'number' && Number.isSafeInteger(tid) && tid > 0) tidText = String(tid);
  else if (typeof tid === 'string' && /^\d{1,16}$/.test(tid.trim())) tidText = tid.trim();
  else return err('invalid_request', 'tid must be the integer transaction id', 'tid');
  const status = oneOf(
    body,
    'status_payee',
    PAYMENT_STATUSES,
    `status_payee is required: ${PAYMENT_STATUSES.join(', ')}`,
  );
  if (!status.ok) return status;
  return ok({ tid: tidText, statusPayee: status.value! });
}

export const updateStatusBodySchema = {
  type: 'object',
  required: ['tid', 'status_payee'],
  properties: {
    tid: { description: 'the integer transaction id (a number or a numeric string)' },
    status_payee: { description: `${PAYMENT_STATUSES.join(' | ')}: what the payee says; moves no money` },
  },
};
