import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import { allocateDerivationIndex, insertChainAddress, keyChainOf } from '../../db/repos/chain-addresses.ts';
import { insertPayment, type PaymentRow } from '../../db/repos/payments.ts';
import { btcAddress, evmAddress } from '../../domain/chain-keys.ts';
import { abort } from '../../domain/errors.ts';
import { fiatToAssetUnitsAtRate, formatFiatMinor, minorDigits } from '../../domain/fiat.ts';
import { MAX_BTC_MSAT, MSAT_PER_SAT } from '../../domain/money.ts';
import { railOf } from '../../domain/payments/rail.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { type FiatRateLock, lockFiatRate } from '../prices/lock-fiat-rate.ts';
import { validateCallbackUrl } from '../webhooks/validate-callback-url.ts';
import { runWrite } from '../write.ts';
import type { CommandAmount, FiatPricedAmount, ReceiveCommand } from './commands.ts';
import { createInvoiceWithPreimage } from './create-invoice.ts';
import { answerOrReplay, commandIdempotency, replayPayment } from './engine/idempotency.ts';
import { newPaymentRow } from './engine/rows.ts';

/**
 * Creates a payment request: a pending incoming payment on the caller's account (or on
 * `receiver_usertag`'s), with
 * - lbtc by Lightning: a BOLT11 invoice from the Lightning backend;
 * - btc on chain: a fresh BIP84 address, and (with a Lightning backend) an invoice too, for the unified
 *   QR: whichever is paid first settles the request;
 * - usdt on chain: a fresh EVM address on the chosen network.
 * An address's derivation index is allocated in the same write unit as the payment row. With an
 * Idempotency-Key, a retry of the same request returns the first payment; the same key with another body
 * is a conflict.
 */
export async function receive(
  deps: AppDeps,
  caller: Caller,
  cmd: ReceiveCommand,
): Promise<Result<PaymentRow>> {
  const idem = commandIdempotency('receive', cmd);
  const earlier = await replayPayment(deps, caller.accountId, idem);
  if (earlier !== undefined) return earlier;
  const rail = railOf(cmd.amount.asset, cmd.rail, cmd.chainNetwork);
  if (!rail.ok) return rail;
  const r = { ...cmd, ...cmd.refs };
  // In the wallet's ledger unit: msat for lbtc and btc, 10^-6 USDT for usdt. A fiat-priced request is
  // converted now, at the current published price, which it keeps (the row stores it).
  const asked = priceInAsset(deps, cmd.amount);
  if (!asked.ok) return asked;
  const { units, lock } = asked.value;
  if (r.callbackUrl !== null) {
    // Refuses private and loopback destinations now, so the caller learns at once (delivery checks again).
    const url = await validateCallbackUrl(deps, r.callbackUrl);
    if (!url.ok) return url;
  }
  let owner = { id: caller.accountId, usertag: caller.usertag };
  if (r.receiverUsertag !== null && r.receiverUsertag !== caller.usertag) {
    const account = await findAccountByUsertag(deps.db.read, r.receiverUsertag);
    if (account === undefined) {
      return err('usertag_not_found', `no account with usertag "${r.receiverUsertag}"`, 'receiver_usertag');
    }
    if (account.disabled_at_ms !== null) {
      return err(
        'account_disabled',
        `account "${account.usertag}" is disabled: it takes no payments`,
        'receiver_usertag',
      );
    }
    owner = { id: account.id, usertag: account.usertag };
  }
  const chain = rail.value;
  const key = chain === null ? null : chain.asset === 'btc' ? deps.chainKeys.btc : deps.chainKeys.evm;
  if (chain !== null && key === null) {
    const variable = chain.asset === 'btc' ? 'BTC_XPUB' : 'EVM_XPUB';
    return err(
      'chain_unavailable',
      `on-chain ${chain.asset} addresses are not set up on this service (${variable})`,
    );
  }
  // Lightning requests, and btc on-chain ones (the unified QR's lightning= invoice), carry an invoice.
  const withInvoice = cmd.amount.asset !== 'usdt';
  const nowMs = deps.clock.nowMs();
  const description = r.description ?? `Payment to ${owner.usertag}`;
  const invoice = withInvoice
    ? await createInvoiceWithPreimage(deps, deps.lightning, {
        amountMsat: units,
        ...(cmd.descriptionHash === undefined
          ? { description }
          : {
              description: cmd.descriptionHash.text,
              descriptionHash: Uint8Array.from(Buffer.from(cmd.descriptionHash.hashHex, 'hex')),
            }),
        expirySec: r.expiresInSec,
      })
    : null;
  if (invoice !== null && !invoice.ok) return invoice;
  const expiresAtMs = invoice?.ok ? invoice.value.expiresAtSec * 1000 : nowMs + r.expiresInSec * 1000;
  const row = newPaymentRow(
    deps,
    {
      account_id: owner.id,
      requester_account_id: caller.accountId,
      direction: 'in',
      // An on-chain request is paid by deposits to its address (a btc one may also be paid by its invoice).
      route: chain === null ? 'lightning' : 'chain',
      // The Lightning amount; a usdt request has none (its amount is amount_units, in 10^-6 USDT).
      amount_msat: cmd.amount.asset === 'usdt' ? 0n : units,
      amount_units: units,
      wallet: cmd.amount.asset,
      payment_mode: cmd.rail,
      chain_network: chain?.network ?? null,
      payment_hash: invoice?.ok ? invoice.value.paymentHash : null,
      // Kept for a payer inside the ledger; shown to this account only once paid (revealedPreimage).
      preimage: invoice?.ok ? invoice.value.preimage : null,
      payreq: invoice?.ok ? invoice.value.payreq : null,
      invoice_type: invoice?.ok ? 'invoice' : null,
      // For a usdt request: when it expires (the expiry sweeper declines it then, like an invoice).
      invoice_expires_at_ms: BigInt(expiresAtMs),
      receiver_usertag: owner.usertag,
      description: r.description,
      callback_url: r.callbackUrl,
      success_url: r.successUrl,
      hosted_checkout_expiry_ms: BigInt(expiresAtMs),
      customer_name: r.customerName,
      order_id: r.orderId,
      fiat_currency: r.fiatCurrency,
      // A fiat price is kept in its currency's form (1500.00); a label as given.
      fiat_value:
        'fiat' in cmd.amount ? formatFiatMinor(cmd.amount.fiat.minor, cmd.amount.fiat.currency) : r.fiatValue,
      fiat_rate_e8: lock?.rateE8 ?? null,
      fiat_rate_pair: lock?.pair ?? null,
      fiat_rate_sources: lock?.sources.join(',') ?? null,
      fiat_rate_at_ms: lock === null ? null : BigInt(lock.asOfMs),
      extra: r.extra,
      idempotency_key: idem?.key ?? null,
      request_hash: idem?.hash ?? null,
    },
    nowMs,
  );
  const written = await runWrite(deps.db, async (trx) => {
    if (chain === null || key === null) {
      if (!(await insertPayment(trx, row))) abort('idempotency_conflict', 'concurrent request with this key');
      return row;
    }
    // The address's derivation index is taken in this write unit, with the payment row and its address row.
    const index = await allocateDerivationIndex(trx, keyChainOf(chain.asset));
    const address =
      chain.asset === 'btc' ? btcAddress(key, deps.chainKeys.hrp, index) : evmAddress(key, index);
    const withAddress = { ...row, chain_address: address };
    if (!(await insertPayment(trx, withAddress))) {
      abort('idempotency_conflict', 'concurrent request with this key');
    }
    await insertChainAddress(trx, {
      network: chain.network,
      asset: chain.asset,
      address,
      derivationIndex: index,
      paymentId: row.id,
      accountId: owner.id,
      createdAtMs: nowMs,
      watchUntilMs: expiresAtMs + deps.config.chain.watchAfterExpiryMs,
    });
    return withAddress;
  });
  return answerOrReplay(deps, caller.accountId, idem, written);
}

/** Largest USDT request: 10^11 USDT, in 10^-6 USDT (as the /sapi decoder's limit for a given amount). */
const MAX_USDT_UNITS = 10n ** 17n;

/**
 * The request's amount in the wallet's ledger unit, and the locked rate when it was priced in fiat: the
 * fiat price converted at the current published price, rounded UP to the asset's smallest unit the payer
 * can send (a satoshi for lbtc and btc, 10^-6 USDT), so the merchant receives at least the price and at
 * most one such unit more.
 */
function priceInAsset(
  deps: AppDeps,
  amount: CommandAmount | FiatPricedAmount,
): Result<{ units: bigint; lock: FiatRateLock | null }> {
  if (!('fiat' in amount)) return ok({ units: amount.units, lock: null });
  const { currency, minor } = amount.fiat;
  const lock = lockFiatRate(deps, amount.asset, currency);
  if (!lock.ok) return lock;
  const usdt = amount.asset === 'usdt';
  const smallest = fiatToAssetUnitsAtRate(minor, minorDigits(currency), lock.value.exact, usdt ? 6 : 8);
  const units = usdt ? smallest : smallest * MSAT_PER_SAT;
  if (units > (usdt ? MAX_USDT_UNITS : MAX_BTC_MSAT)) {
    return err(
      'invalid_request',
      `fiat_value converts to more than ${usdt ? '100,000,000,000 USDT' : '21,000,000 BTC'}`,
      'fiat_value',
    );
  }
  return ok({ units, lock: lock.value });
}
