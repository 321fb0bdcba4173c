import { deleteStaticPrice, putStaticPrice } from '../../db/repos/static-prices.ts';
import { isPair, parsePriceE8 } from '../../domain/prices.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';

/**
 * Moves a price of the static source (the sandbox's `paytag prices set`, tests of orders that wait for
 * the price): stored, so every process reads it at its next refresh, and this process's book is
 * refreshed at once. `price` null removes the stored price and the configured one applies again.
 * Only the static source's quote moves; with other sources configured the median decides. Refused
 * outside the sandbox: a production service prices from PRICE_STATIC and its public sources only.
 */
export async function setStaticPrice(
  deps: AppDeps,
  input: { pair: string; price: string | null },
): Promise<Result<{ pair: string; priceE8: bigint | null }>> {
  if (deps.config.lightning.backend !== 'sandbox') {
    return err(
      'sandbox_only',
      'static prices can be moved only with LIGHTNING_BACKEND=sandbox; set PRICE_STATIC',
    );
  }
  const pair = input.pair.trim().toUpperCase();
  if (!isPair(pair)) return err('invalid_request', 'pair must be BASE-QUOTE, e.g. BTC-USD', 'pair');
  if (input.price === null) {
    await runPlainWrite(deps.db, (trx) => deleteStaticPrice(trx, pair));
    await deps.db.durable();
    await deps.prices.refresh({ only: (name) => name === 'static' });
    return ok({ pair, priceE8: null });
  }
  const price = parsePriceE8(input.price.trim(), 'price');
  if (!price.ok) return price;
  const nowMs = deps.clock.nowMs();
  await runPlainWrite(deps.db, (trx) => putStaticPrice(trx, pair, price.value, nowMs));
  await deps.db.durable();
  await deps.prices.refresh({ only: (name) => name === 'static' });
  return ok({ pair, priceE8: price.value });
}
