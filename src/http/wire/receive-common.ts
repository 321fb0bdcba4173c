import type { ReceiveCommand } from '../../app/payments/commands.ts';
import { EXPIRES_IN_DEFAULT_MIN, EXPIRES_IN_MAX_MIN } from '../../domain/payments/fees.ts';
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
  fiat_value: { type: ['string', 'number', 'null'] },
  fiat_currency: optionalString('e.g. INR, USD, EUR'),
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

/** A Lightning request in lbtc (POST /lapi/v1/receive, the dashboard's receive form). */
export const lightningReceive = (units: bigint, common: ReceiveCommon): ReceiveCommand => ({
  amount: { asset: 'lbtc', units },
  rail: 'lightning',
  chainNetwork: null,
  ...common,
});
