import { isUniqueViolation } from '../../db/errors.ts';
import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import { lockAccountsInOrder } from '../../db/repos/ledger.ts';
import {
  findPayoutBatchById,
  findPayoutBatchByKey,
  insertPayoutBatch,
  insertPayoutItems,
  type NewPayoutItem,
} from '../../db/repos/payouts.ts';
import { abort } from '../../domain/errors.ts';
import {
  fiatToAssetUnitsRoundedUp,
  formatFiatMinor,
  minorDigits,
  type PricedCurrency,
} from '../../domain/fiat.ts';
import { MAX_BTC_MSAT, MSAT_PER_SAT } from '../../domain/money.ts';
import { feeReserveRoundedUp, isExpired } from '../../domain/payments/fees.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { Caller } from '../accounts/authenticate.ts';
import { getBalances } from '../balances/get-balances.ts';
import type { AppDeps } from '../deps.ts';
import { requestHash } from '../payments/engine/idempotency.ts';
import { feesFor } from '../payments/engine/movements.ts';
import type { DecodedInvoice } from '../ports.ts';
import { lockFiatRate } from '../prices/lock-fiat-rate.ts';
import { validateCallbackUrl } from '../webhooks/validate-callback-url.ts';
import { runWrite } from '../write.ts';
import type { CreatePayoutsCommand, PayoutItemCommand } from './commands.ts';
import { fundPayoutBatch, PAYOUT_ESCROW, shareOf } from './movements.ts';
import { type PayoutView, viewPayout } from './view.ts';

/** A refusal of item `index`, naming its field (`items[3].destination`): nothing is created then. */
const itemError = (index: number, field: string, message: string): Result<never> =>
  err('invalid_request', `items[${index}].${field}: ${message}`, `items[${index}].${field}`);

type Rates = Map<PricedCurrency, Result<bigint>>;

/** An item checked and priced: its row, without the batch. */
async function checkItem(
  deps: AppDeps,
  caller: Caller,
  index: number,
  it: PayoutItemCommand,
  rates: Rates,
  nowMs: number,
): Promise<Result<NewPayoutItem>> {
  const d = it.destination;
  let amountMsat: bigint | null = null;
  let fiat: { currency: string; value: string } | null = null;
  if (it.amount.kind === 'msat') amountMsat = it.amount.msat;
  if (it.amount.kind === 'fiat') {
    const { currency, minor } = it.amount;
    if (!rates.has(currency)) {
      const lock = lockFiatRate(deps, 'lbtc', currency);
      rates.set(currency, lock.ok ? ok(lock.value.rateE8) : lock);
    }
    const rate = rates.get(currency)!;
    if (!rate.ok) return itemError(index, 'fiat_currency', rate.error.message);
    // Rounded up to the satoshi, as a fiat-priced request: the receiver gets at least the price.
    amountMsat = fiatToAssetUnitsRoundedUp(minor, minorDigits(currency), rate.value, 8) * MSAT_PER_SAT;
    if (amountMsat > MAX_BTC_MSAT)
      return itemError(index, 'fiat_value', 'converts to more than 21,000,000 BTC');
    fiat = { currency, value: formatFiatMinor(minor, currency) };
  }
  let reserve = true;
  if (d.kind === 'usertag') {
    if (d.usertag === caller.usertag) return itemError(index, 'destination', 'cannot pay your own usertag');
    const account = await findAccountByUsertag(deps.db.read, d.usertag);
    if (account === undefined)
      return itemError(index, 'destination', `no account with usertag "${d.usertag}"`);
    if (account.disabled_at_ms !== null) {
      return itemError(index, 'destination', `account "${d.usertag}" is disabled: it takes no payments`);
    }
    // Paid inside the ledger: no routing fee to reserve.
    reserve = false;
  } else if (d.kind === 'invoice') {
    const decoded = deps.decodeInvoice(d.payreq);
    if (!decoded.ok) return itemError(index, 'destination', `not a valid BOLT11 invoice: ${decoded.message}`);
    const inv: DecodedInvoice = decoded.invoice;
    if (inv.network !== deps.config.lightning.network) {
      return itemError(
        index,
        'destination',
        `the invoice is for ${inv.network}; this service pays ${deps.config.lightning.network} invoices`,
      );
    }
    if (isExpired(inv.expiresAtSec * 1000, nowMs))
      return itemError(index, 'destination', 'the invoice has expired');
    if (inv.amountMsat === null && amountMsat === null) {
      return itemError(index, 'amount', 'this invoice has no amount: give amount');
    }
    if (inv.amountMsat !== null && amountMsat !== null && inv.amountMsat !== amountMsat) {
      return itemError(index, 'amount', 'differs from the amount of the invoice; leave it out or match it');
    }
    amountMsat = inv.amountMsat ?? amountMsat;
  } else if (amountMsat === null) {
    return itemError(index, 'amount', 'is required for an LNURL or a Lightning address');
  }
  if (amountMsat === null) return itemError(index, 'amount', 'is required');
  const fees = feesFor(deps, amountMsat, 'out');
  const { feeReservePpm, feeReserveMinMsat } = deps.config.payments;
  return ok({
    position: index,
    destination: d.kind === 'usertag' ? d.usertag : d.kind === 'invoice' ? d.payreq : d.target,
    destination_kind: d.kind,
    amount_msat: amountMsat,
    service_fee_msat: fees.serviceFeeMsat,
    gst_fee_msat: fees.gstFeeMsat,
    service_fee_ppm: fees.servicePpm,
    fee_reserve_msat: reserve ? feeReserveRoundedUp(amountMsat, feeReservePpm, feeReserveMinMsat) : 0n,
    fiat_currency: fiat?.currency ?? null,
    fiat_value: fiat?.value ?? null,
    memo: it.memo,
    reference: it.reference,
    status: 'queued',
  });
}

const tooMuch = (): Result<never> =>
  err('invalid_request', 'the items with their fees come to more than 21,000,000 BTC', 'items');

/** Every item checked and priced, in order: a row, or the refusal naming its index and field. */
async function checkItems(
  deps: AppDeps,
  caller: Caller,
  items: PayoutItemCommand[],
  nowMs: number,
): Promise<Array<Result<NewPayoutItem>>> {
  const rates: Rates = new Map();
  const invoices = new Map<string, number>();
  const out: Array<Result<NewPayoutItem>> = [];
  for (const [index, it] of items.entries()) {
    let row = await checkItem(deps, caller, index, it, rates, nowMs);
    if (row.ok && it.destination.kind === 'invoice') {
      const seen = invoices.get(it.destination.payreq);
      if (seen !== undefined) row = itemError(index, 'destination', `the same invoice as items[${seen}]`);
      else invoices.set(it.destination.payreq, index);
    }
    out.push(row);
  }
  return out;
}

/** What previewPayouts answers: every item's row or refusal, and the total of the valid ones. */
export interface PayoutPreview {
  items: Array<Result<NewPayoutItem>>;
  /** Σ (amount + service fee + GST + fee reserve) of the valid items: what creating them would reserve. */
  reservedMsat: bigint;
  /** A refusal of the batch as a whole (empty, too many items, total too large), or null. */
  batchError: Result<never> | null;
  /** The Lightning balance now: createPayouts refuses a batch it does not cover (insufficient_balance). */
  balanceMsat: bigint;
}

/**
 * The checks of createPayouts without creating or moving anything: every item is checked (not only up
 * to the first refusal), so a form can show each row's validity and what the batch would reserve. The
 * same checks as createPayouts runs, so an item the preview accepts is accepted by it (prices and
 * balances may change in between).
 */
export async function previewPayouts(
  deps: AppDeps,
  caller: Caller,
  items: PayoutItemCommand[],
): Promise<PayoutPreview> {
  const max = deps.config.payouts.maxItems;
  const checked = await checkItems(deps, caller, items.slice(0, max), deps.clock.nowMs());
  const reservedMsat = checked.reduce((s, r) => (r.ok ? s + shareOf(r.value) : s), 0n);
  const batchError =
    items.length === 0
      ? err('invalid_request', 'items must hold at least one item', 'items')
      : items.length > max
        ? err('invalid_request', `items may hold at most ${max} items`, 'items')
        : reservedMsat > MAX_BTC_MSAT
          ? tooMuch()
          : null;
  const balanceMsat = (await getBalances(deps, caller)).byAsset.lbtc;
  return { items: checked, reservedMsat, batchError, balanceMsat };
}

/**
 * Creates a payout batch: every item is checked first (any refusal names its index and field, and
 * nothing is created), then in one write unit the batch, its items and the funding of the payout escrow
 * with every item's amount, service fees and fee reserve (refused as insufficient_balance with nothing
 * moved when the balance is short). The items are paid afterwards by the payout worker (pay-items.ts).
 * With an Idempotency-Key, a retry of the same request answers the same batch and moves nothing again.
 */
export async function createPayouts(
  deps: AppDeps,
  caller: Caller,
  cmd: CreatePayoutsCommand,
): Promise<Result<PayoutView>> {
  const hash = requestHash('payouts', { items: cmd.items, callbackUrl: cmd.callbackUrl });
  const replay = async (key: string): Promise<Result<PayoutView> | undefined> => {
    const earlier = await findPayoutBatchByKey(deps.db.read, caller.accountId, key);
    if (earlier === undefined) return undefined;
    if (earlier.request_hash !== hash) {
      return err(
        'idempotency_conflict',
        'this Idempotency-Key was already used with a different request; use a new key for a new payout',
        'Idempotency-Key',
      );
    }
    return ok(await viewPayout(deps, earlier));
  };
  if (cmd.idempotencyKey !== null) {
    const earlier = await replay(cmd.idempotencyKey);
    if (earlier !== undefined) return earlier;
  }
  const max = deps.config.payouts.maxItems;
  if (cmd.items.length === 0) return err('invalid_request', 'items must hold at least one item', 'items');
  if (cmd.items.length > max) return err('invalid_request', `items may hold at most ${max} items`, 'items');
  let callbackUrl: string | null = null;
  if (cmd.callbackUrl !== null) {
    const u = await validateCallbackUrl(deps, cmd.callbackUrl);
    if (!u.ok) return u;
    callbackUrl = u.value;
  }
  const nowMs = deps.clock.nowMs();
  const rows: NewPayoutItem[] = [];
  for (const row of await checkItems(deps, caller, cmd.items, nowMs)) {
    if (!row.ok) return row;
    rows.push(row.value);
  }
  const reservedMsat = rows.reduce((s, r) => s + shareOf(r), 0n);
  if (reservedMsat > MAX_BTC_MSAT) return tooMuch();
  const created = await runWrite(deps.db, async (trx) => {
    await lockAccountsInOrder(trx, [{ owner: caller.accountId }, PAYOUT_ESCROW]);
    const id = await insertPayoutBatch(trx, {
      public_id: deps.ids.publicId(16),
      account_id: caller.accountId,
      item_count: rows.length,
      reserved_msat: reservedMsat,
      callback_url: callbackUrl,
      status: 'open',
      idempotency_key: cmd.idempotencyKey,
      request_hash: cmd.idempotencyKey === null ? null : hash,
      created_at_ms: nowMs,
    });
    if (id === undefined) abort('idempotency_conflict', 'a concurrent request with this Idempotency-Key');
    await insertPayoutItems(trx, id!, rows);
    await fundPayoutBatch(trx, { id: id!, accountId: caller.accountId, reservedMsat }, nowMs);
    return id!;
  }).catch((e: unknown) => {
    if (isUniqueViolation(e))
      return err('idempotency_conflict', 'a concurrent request with this Idempotency-Key');
    throw e;
  });
  if (!created.ok) {
    // A concurrent request with the same key created the batch first: answer it as a replay.
    if (created.error.code === 'idempotency_conflict' && cmd.idempotencyKey !== null) {
      const earlier = await replay(cmd.idempotencyKey);
      if (earlier !== undefined) return earlier;
    }
    return created;
  }
  const batch = await findPayoutBatchById(deps.db.read, caller.accountId, created.value);
  if (batch === undefined) throw new Error(`payout batch ${created.value} vanished`);
  return ok(await viewPayout(deps, batch));
}
