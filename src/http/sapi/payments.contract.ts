import type { ReceiveCommand } from '../../app/payments/commands.ts';
import type { ChainNetwork } from '../../app/ports.ts';
import { parseAssetAmount, parseBtcToMsat } from '../../domain/money.ts';
import { PAYMENT_STATUSES, type PaymentStatus } from '../../domain/payments/fees.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { decodeReceiveCommon, receiveBodySchema } from '../lapi/payments.contract.ts';

// The /sapi (pro) contract of receive and updateStatus: the same ReceiveCommand as /lapi, from the pro
// wire: `wallet` (lbtc | btc | usdt), `payment_mode` (lightning | onchain), `chain_network` (BTC |
// ERC20 | BEP20 | MATIC), and the amount in BTC (lbtc, btc) or USDT (usdt, 6 decimals), as a JSON number
// or a numeric string, exact. Every field is checked here, with a message naming it; the route schema
// gives no JSON types to these fields, so nothing is coerced before.

type Body = Record<string, unknown>;

export const WALLETS = ['lbtc', 'btc', 'usdt'] as const;
const PAYMENT_MODES = ['lightning', 'onchain'] as const;
const CHAIN_NETWORKS: readonly ChainNetwork[] = ['BTC', 'ERC20', 'BEP20', 'MATIC'];

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

function amountOf(body: Body, wallet: 'lbtc' | 'btc' | 'usdt'): Result<bigint> {
  const a = body['amount'];
  const unit =
    wallet === 'usdt' ? 'USDT (up to 6 decimals, e.g. 12.5)' : 'BTC (up to 8 decimals, e.g. 0.0001)';
  if (a === undefined || a === null || a === '') {
    return err('invalid_request', `amount is required: ${unit}`, 'amount');
  }
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
 * usdt on an EVM network) are checked here with the field to blame, and again by the use case.
 */
export function decodeProReceive(body: Body, idempotencyKey: string | null): Result<ReceiveCommand> {
  const wallet = oneOf(body, 'wallet', WALLETS, `wallet is required: ${WALLETS.join(', ')}`);
  if (!wallet.ok) return wallet;
  const mode = oneOf(
    body,
    'payment_mode',
    PAYMENT_MODES,
    `payment_mode is required: ${PAYMENT_MODES.join(', ')}`,
  );
  if (!mode.ok) return mode;
  let network = oneOf(body, 'chain_network', CHAIN_NETWORKS, null);
  if (!network.ok) return network;
  const w = wallet.value!;
  const m = mode.value!;
  if (w === 'lbtc' && m === 'onchain') {
    return err(
      'invalid_request',
      'payment_mode onchain is not for wallet lbtc (Lightning): use payment_mode lightning, or wallet btc for an on-chain address',
      'payment_mode',
    );
  }
  if (w !== 'lbtc' && m === 'lightning') {
    return err(
      'invalid_request',
      `payment_mode lightning is only for wallet lbtc; wallet ${w} is paid on chain (payment_mode onchain)`,
      'payment_mode',
    );
  }
  if (w === 'lbtc' && network.value !== null) {
    return err('invalid_request', 'chain_network is not for wallet lbtc (Lightning)', 'chain_network');
  }
  if (w === 'btc') {
    if (network.value !== null && network.value !== 'BTC') {
      return err(
        'invalid_request',
        `chain_network ${network.value} is an EVM network; wallet btc is paid on BTC`,
        'chain_network',
      );
    }
    network = ok('BTC');
  }
  if (w === 'usdt') {
    if (network.value === null) {
      return err(
        'invalid_request',
        'chain_network is required for wallet usdt: ERC20, BEP20 or MATIC',
        'chain_network',
      );
    }
    if (network.value === 'BTC') {
      return err(
        'invalid_request',
        'chain_network BTC has no USDT: use ERC20, BEP20 or MATIC',
        'chain_network',
      );
    }
  }
  const amount = amountOf(body, w);
  if (!amount.ok) return amount;
  const common = decodeReceiveCommon(body, idempotencyKey);
  if (!common.ok) return common;
  return ok({
    amount: { asset: w, units: amount.value },
    rail: m,
    chainNetwork: network.value,
    ...common.value,
  });
}

const { wallet: _lapiWallet, amount: _lapiAmount, ...standardReceiveFields } = receiveBodySchema.properties;

export const proReceiveBodySchema = {
  type: 'object',
  required: ['wallet', 'payment_mode', 'amount'],
  properties: {
    ...standardReceiveFields,
    wallet: { description: `${WALLETS.join(' | ')}: the asset requested (lbtc: Lightning)` },
    payment_mode: { description: 'lightning (wallet lbtc) or onchain (wallet btc or usdt)' },
    chain_network: {
      description:
        'BTC (wallet btc; the default for it), ERC20, BEP20 or MATIC (wallet usdt, required); not for lbtc',
    },
    amount: {
      description:
        'BTC for lbtc and btc (up to 8 decimals), USDT for usdt (up to 6 decimals); a JSON number or a numeric string, taken exactly',
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
