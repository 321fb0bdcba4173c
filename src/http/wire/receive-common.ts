import type {
  CommandAmount,
  FiatPricedAmount,
  PaymentReferences,
  ReceiveCommand,
} from '../../app/payments/commands.ts';
import { isPricedCurrency, PRICED_CURRENCIES, parseFiatMinor } from '../../domain/fiat.ts';
import { EXPIRES_IN_DEFAULT_MIN, EXPIRES_IN_MAX_MIN } from '../../domain/payments/fees.ts';
import type { Wallet } from '../../domain/payments/vocabulary.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import { optionalHttpUrl } from './fields.ts';
import { decoded, referencesOf } from './payment-fields.ts';
import { optionalString } from './schemas.ts';

// The receive fields every wire shares (everything but the amount, the wallet and the rail): /lapi's
// and /sapi's receive and the dashboard's receive form build one ReceiveCommand from them.

type Body = Record<string, unknown>;

/** The schema properties of the shared receive fields, in the order the API documents them. */
export const receiveCommonProperties = {
  receiver_usertag: optionalString('put the request (and the credit) on this account'),
  // No JSON type: the validator would coerce [1500] to 1500; the decoder takes a string or a number only.
  fiat_value: {
    description: `a decimal (a string or a number). With amount left out, the price of the request in fiat_currency (${PRICED_CURRENCIES.join(', ')}; at most its minor digits, e.g. 1500.50): converted at the current published price, the rate locked for the request's life. With amount, a label`,
  },
  fiat_currency: optionalString(
    `an ISO 4217 code, any case (e.g. INR, USD, EUR). Prices a request without amount: ${PRICED_CURRENCIES.join(', ')}`,
  ),
  description: decoded('text (a string): goes into the invoice; at most 639 bytes'),
  expires_in: decoded(
    `whole minutes until the invoice and the hosted checkout expire (1 to ${EXPIRES_IN_MAX_MIN}, default ${EXPIRES_IN_DEFAULT_MIN})`,
  ),
  callback_url: optionalString('webhook URL, called once when the request is paid'),
  success_url: optionalString('redirect after hosted checkout success'),
  customer_name: decoded('text (a string)'),
  order_id: decoded('text (a string or a number)'),
  extra: { type: ['object', 'null'], additionalProperties: true },
};

function expiresInMinOf(body: Body): Result<number> {
  const e = body['expires_in'];
  if (e === undefined || e === null) return ok(EXPIRES_IN_DEFAULT_MIN);
  const n = typeof e === 'string' && /^\d{1,6}$/.test(e.trim()) ? Number(e.trim()) : e;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > EXPIRES_IN_MAX_MIN) {
    return err(
      'invalid_request',
      `expires_in must be a whole number of minutes from 1 to ${EXPIRES_IN_MAX_MIN}`,
      'expires_in',
    );
  }
  return ok(n);
}

/** The receive fields every wire shares (everything but the amount, wallet and rail). */
export type ReceiveCommon = Omit<ReceiveCommand, 'amount' | 'rail' | 'chainNetwork'>;

/** Decodes the receive fields every wire shares. */
export function decodeReceiveCommon(body: Body, idempotencyKey: string | null): Result<ReceiveCommon> {
  let receiverUsertag: string | null = null;
  if (body['receiver_usertag'] !== undefined && body['receiver_usertag'] !== null) {
    const tag = normalizeUsertag(body['receiver_usertag'], 'receiver_usertag');
    if (!tag.ok) return tag;
    receiverUsertag = tag.value;
  }
  const expiresInMin = expiresInMinOf(body);
  if (!expiresInMin.ok) return expiresInMin;
  const refs = referencesOf(body);
  if (!refs.ok) return refs;
  const callbackUrl = optionalHttpUrl(body['callback_url'], 'callback_url');
  if (!callbackUrl.ok) return callbackUrl;
  const successUrl = optionalHttpUrl(body['success_url'], 'success_url');
  if (!successUrl.ok) return successUrl;
  return ok({
    receiverUsertag,
    expiresInSec: expiresInMin.value * 60,
    refs: refs.value,
    callbackUrl: callbackUrl.value,
    successUrl: successUrl.value,
    idempotencyKey,
  });
}

/**
 * What a request asks: `units` of the asset when the amount was given (its fiat fields, if any, a label),
 * else the fiat price of its fiat_value and fiat_currency. `amountRequired` is the message when neither is.
 */
export function receiveAmountOf(
  asset: Wallet,
  units: bigint | null,
  refs: PaymentReferences,
  amountRequired: string,
): Result<CommandAmount | FiatPricedAmount> {
  if (units !== null) return ok({ asset, units });
  const { fiatValue, fiatCurrency } = refs;
  const priced = PRICED_CURRENCIES.join(', ');
  if (fiatValue === null && fiatCurrency === null) {
    return err(
      'invalid_request',
      `${amountRequired}, or fiat_value and fiat_currency (${priced}) to price the request in fiat`,
      'amount',
    );
  }
  if (fiatCurrency === null) {
    return err(
      'invalid_request',
      `fiat_currency is required with fiat_value when amount is left out (${priced})`,
      'fiat_currency',
    );
  }
  if (!isPricedCurrency(fiatCurrency)) {
    return err(
      'invalid_request',
      `a request can be priced in ${priced}, not ${fiatCurrency}: give amount (${fiatCurrency} is then a label)`,
      'fiat_currency',
    );
  }
  if (fiatValue === null) {
    return err(
      'invalid_request',
      'fiat_value is required with fiat_currency when amount is left out',
      'fiat_value',
    );
  }
  const minor = parseFiatMinor(fiatValue, fiatCurrency);
  if (!minor.ok) return minor;
  return ok({ asset, fiat: { currency: fiatCurrency, minor: minor.value } });
}

/** A Lightning request in lbtc (POST /lapi/v1/receive, the dashboard's receive form). */
export const lightningReceive = (
  amount: bigint | CommandAmount | FiatPricedAmount,
  common: ReceiveCommon,
): ReceiveCommand => ({
  amount: typeof amount === 'bigint' ? { asset: 'lbtc', units: amount } : amount,
  rail: 'lightning',
  chainNetwork: null,
  ...common,
});
