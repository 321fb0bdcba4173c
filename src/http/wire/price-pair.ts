import { ENDPOINT_PAIRS, type EndpointPair } from '../../app/prices/quote-prices.ts';
import { err, ok, type Result } from '../../domain/result.ts';

/** `pricePair` as sent: absent, null or empty asks for every pair; otherwise one name (any case). */
export function decodePricePair(input: unknown): Result<EndpointPair | null> {
  if (input === undefined || input === null || input === '') return ok(null);
  const names = ENDPOINT_PAIRS.map((p) => p.param).join(', ');
  if (typeof input !== 'string')
    return err('invalid_request', `pricePair must be one of ${names}`, 'pricePair');
  const found = ENDPOINT_PAIRS.find((p) => p.param === input.trim().toLowerCase());
  if (found === undefined) {
    const shown = input.length > 20 ? `${input.slice(0, 20)}…` : input;
    return err('invalid_request', `pricePair "${shown}" is unknown; use one of ${names}`, 'pricePair');
  }
  return ok(found);
}
