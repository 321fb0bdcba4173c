import type { Kysely } from 'kysely';
import { type ChainAddressRow, positionOf } from '../../db/repos/chain-addresses.ts';
import {
  addToReceived,
  type ChainDepositRow,
  findDeposit,
  findDepositById,
  findLegacyEvmDeposit,
  insertSeenDeposit,
  listUncreditedDeposits,
  lockDepositPayment,
  markDepositCredited,
  markDepositsDropped,
  requestHadReversal,
  setRequestOutcome,
  updateSeenDeposit,
} from '../../db/repos/chain-deposits.ts';
import { createTransfer, lockAccountsInOrder } from '../../db/repos/ledger.ts';
import type { PaymentRow } from '../../db/repos/payments.ts';
import { paymentWasRefunded } from '../../db/repos/refunds.ts';
import type { DB } from '../../db/schema.ts';
import { afterCredit, isLateDeposit, withinMonitoring } from '../../domain/chain-lateness.ts';
import { paymentEventBody } from '../../domain/payments/events.ts';
import type { ChainNetwork } from '../../domain/payments/vocabulary.ts';
import type { AppDeps } from '../deps.ts';
import { enqueueWebhook } from '../outbox/enqueue.ts';
import type { ChainDeposit, ChainScan, WatchedAddress } from '../ports.ts';
import { runPlainWrite } from '../write.ts';
import { toLedgerUnits } from './units.ts';

type Trx = Kysely<DB>;

/** What booking one deposit did. */
export type DepositOutcome =
  | 'credited' // booked now (paid, underpaid, late or reuse: see the row's flag and the request)
  | 'already_credited'
  | 'waiting' // stored, not yet deep enough
  | 'unknown_address';

/** The address key of a network: EVM addresses compare case-blind (logs carry lower-case hex). */
export const addressKey = (network: ChainNetwork, address: string): string =>
  network === 'BTC' ? address : address.toLowerCase();

export const toWatched = (a: ChainAddressRow): WatchedAddress => ({
  network: a.network,
  asset: a.asset,
  address: a.address,
});

/**
 * Books what one scan of `network` showed for one page of its addresses (`addresses`, in the order of
 * chainAddressPage; `watchedAtMs` as the page was read with): every deposit is stored (so the checkout
 * can show "1 of 2 confirmations"), a final one is credited once, and an uncredited deposit of these
 * addresses that the scan no longer shows was reorganised away or evicted: it is dropped (nothing was
 * credited for it). Each deposit is its own write unit, so one bad row never holds back the others.
 */
export async function bookScan(
  deps: AppDeps,
  network: ChainNetwork,
  page: { addresses: readonly ChainAddressRow[]; watchedAtMs: number | null },
  scan: ChainScan,
): Promise<{ credited: number; dropped: number }> {
  const { addresses } = page;
  const byAddress = new Map(addresses.map((a) => [addressKey(network, a.address), a]));
  let credited = 0;
  const visible = new Set<string>();
  for (const d of scan.deposits) {
    if (d.network !== network) continue;
    visible.add(`${d.txHash}:${d.outputIndex}`);
    // The same deposit as stored before EVM identities were ordinals (migration 025).
    if (d.blockLogIndex !== undefined) visible.add(`${d.txHash}:${-1 - d.blockLogIndex}`);
    const owner = byAddress.get(addressKey(network, d.address));
    if (owner === undefined) continue;
    if ((await bookDeposit(deps, owner, d)) === 'credited') credited += 1;
  }
  const first = addresses[0];
  const last = addresses[addresses.length - 1];
  if (first === undefined || last === undefined) return { credited, dropped: 0 };
  // The page's range of chain_addresses, joined in SQL (no list of addresses is bound); an address
  // that joined the range after the page was read is not the page's, and is left to its own page.
  const stale = (
    await listUncreditedDeposits(deps.db.read, network, {
      first: positionOf(first),
      last: positionOf(last),
      watchedAtMs: page.watchedAtMs,
    })
  ).filter(
    (r) => byAddress.has(addressKey(network, r.address)) && !visible.has(`${r.tx_hash}:${r.output_index}`),
  );
  const nowMs = deps.clock.nowMs();
  const dropped =
    stale.length === 0
      ? 0
      : await runPlainWrite(deps.db, (trx) =>
          markDepositsDropped(
            trx,
            stale.map((r) => r.id),
            nowMs,
          ),
        );
  for (const r of stale)
    deps.log.info(
      { network, tx: r.tx_hash, index: Number(r.output_index) },
      'unconfirmed chain deposit dropped',
    );
  return { credited, dropped };
}

/**
 * Stores one deposit to a handed-out address and credits it when final. Idempotent by identity; an EVM
 * deposit stored before identities were ordinals (migration 025, found by findLegacyEvmDeposit) is the
 * same deposit, so a rescan over its blocks does not credit it again.
 */
export async function bookDeposit(
  deps: AppDeps,
  owner: ChainAddressRow,
  d: ChainDeposit,
): Promise<DepositOutcome> {
  const nowMs = deps.clock.nowMs();
  const outcome = await runPlainWrite(deps.db, async (trx) => {
    // An EVM deposit stored under its block-level log index (migration 025) is this same deposit.
    const known =
      (await findDeposit(trx, d)) ??
      (d.network !== 'BTC' && d.blockLogIndex !== undefined
        ? await findLegacyEvmDeposit(trx, {
            network: d.network,
            txHash: d.txHash,
            outputIndex: d.outputIndex,
            blockLogIndex: d.blockLogIndex,
            address: d.address,
            amountRaw: d.amountRaw,
          })
        : undefined);
    if (known?.state === 'credited') return { outcome: 'already_credited' as const, tid: null };
    const { units, remainderRaw } = toLedgerUnits(owner.asset, d.amountRaw, d.decimals);
    const where = { confirmations: d.confirmations, blockHeight: d.blockHeight, blockHash: d.blockHash };
    if (known === undefined) {
      await insertSeenDeposit(
        trx,
        {
          network: owner.network,
          txHash: d.txHash,
          outputIndex: d.outputIndex,
          asset: owner.asset,
          address: owner.address,
          paymentId: owner.payment_id,
          accountId: owner.account_id,
          amountRaw: d.amountRaw,
          decimals: d.decimals,
          amountUnits: units,
          remainderRaw,
          ...where,
        },
        nowMs,
      );
    } else {
      await updateSeenDeposit(trx, known.id, where, nowMs);
    }
    const row = (known === undefined ? await findDeposit(trx, d) : await findDepositById(trx, known.id))!;
    // The request's row is locked before it is read (PostgreSQL; SQLite has one writer): a concurrent
    // unit booking another deposit of it waits here and then reads what this one wrote.
    const payment = (await lockDepositPayment(trx, owner.payment_id))!;
    if (!d.final || units <= 0n) {
      // A deposit final when first seen is announced by its credit (payment.paid or payment.deposit).
      if (known === undefined) await announceSeen(trx, row, payment, nowMs);
      if (row.state === 'seen') deps.paymentChanges.mayHaveChanged(payment.public_id);
      return { outcome: 'waiting' as const, tid: payment.public_id };
    }
    const flag = flagOf(payment, row.first_seen_ms);
    const reversed = await markDepositCredited(trx, row.id, { ...where, flag }, nowMs);
    if (reversed === null) return { outcome: 'already_credited' as const, tid: null };
    await creditDeposit(deps, trx, { ...row, reversals: reversed }, payment, units, flag, nowMs);
    return { outcome: 'credited' as const, tid: payment.public_id };
  });
  if (outcome.outcome === 'credited') {
    deps.log.info(
      { network: d.network, tx: d.txHash, index: d.outputIndex, tid: outcome.tid },
      'chain deposit credited',
    );
  }
  return outcome.outcome;
}

/**
 * late: the deposit was first seen at or after the request's expiry, or the request was declined (its
 * on-time deposits were dropped or never became final while its address was watched); a deposit first
 * seen before the expiry is on time however late it becomes final (domain/chain-lateness.ts). reuse: the
 * request was already paid (a second payment to its address). Either way the deposit is credited.
 */
function flagOf(p: PaymentRow, firstSeenMs: bigint): 'late' | 'reuse' | null {
  if (p.status === 'paid') return 'reuse';
  if (p.status === 'declined') return 'late';
  if (isLateDeposit(p.invoice_expires_at_ms, firstSeenMs)) return 'late';
  return null;
}

/** The ledger transfer id of a deposit's credit: its first, or its next after `reversals` reversals. */
export const creditTransferId = (depositId: bigint, reversals: bigint): string =>
  reversals === 0n ? `chain:${depositId}` : `chain:${depositId}:${reversals}`;

/**
 * In the caller's unit: the ledger transfer from the chain's settlement account to the account's btc or
 * usdt balance (id `chain:<deposit id>`, or `chain:<deposit id>:<n>` for a credit after n reversals, so
 * a replay is a no-op), the request's received amount (added in SQL to what the row holds, so no
 * concurrent credit is lost), its status and exception (domain/chain-lateness.ts afterCredit, decided
 * from what the update returned: paid, paid late or over; an underpayment stays pending; a declined
 * request with part of the amount is `paid_partial`), and the webhook events through the outbox:
 * `payment.paid` when it becomes paid, else `payment.deposit` (and `payment.paid_partial` when the
 * credit makes the declined request a partial payment).
 */
async function creditDeposit(
  deps: AppDeps,
  trx: Trx,
  deposit: ChainDepositRow,
  payment: PaymentRow,
  units: bigint,
  flag: 'late' | 'reuse' | null,
  nowMs: number,
): Promise<void> {
  const system = settlementAccountOf(deposit.network);
  await lockAccountsInOrder(trx, [{ owner: deposit.account_id }, { system }], deposit.asset);
  await createTransfer(
    trx,
    {
      id: creditTransferId(deposit.id, deposit.reversals),
      debit: { system },
      credit: { owner: deposit.account_id },
      asset: deposit.asset,
      amount: units,
      code: 'chain_deposit',
      ref: `chain_deposit:${deposit.id}`,
    },
    nowMs,
  );
  const now = await addToReceived(trx, payment.id, units, nowMs);
  const received = now.receivedUnits;
  const before = { status: now.status, exception: payment.exception };
  const after = afterCredit(
    { ...before, amountUnits: payment.amount_units, receivedUnits: received },
    flag,
    withinMonitoring(
      payment.invoice_expires_at_ms,
      deposit.first_seen_ms,
      deps.config.chain.monitorAfterExpiryMs,
    ),
    before.status === 'declined' && (await paymentWasRefunded(trx, payment.id)),
  );
  const changed = after.status !== before.status || after.exception !== before.exception;
  // The row is locked (lockDepositPayment), so the update from the status just read touches it.
  if (changed && !(await setRequestOutcome(trx, payment.id, before.status, after, nowMs))) {
    throw new Error(`payment ${payment.id} changed status while its row was locked`);
  }
  const becomesPaid = after.status === 'paid' && before.status !== 'paid';
  const becomesPartial = after.exception === 'paid_partial' && before.exception !== 'paid_partial';
  // A credit after a reversal is a new event: its ids must not be taken for a replay of the first. A
  // request paid again after a reversal of any of its deposits (by this one, mined again, or another)
  // was told it is no longer paid: its new payment.paid has an id of its own.
  const again =
    deposit.reversals === 0n && !(becomesPaid && (await requestHadReversal(trx, payment.id)))
      ? ''
      : `.${deposit.id}.${deposit.reversals}`;
  if (payment.callback_url !== null) {
    const event = (
      type: 'payment.paid' | 'payment.paid_partial' | 'payment.deposit',
      amountUnits: bigint,
      eventId: string,
    ) =>
      enqueueWebhook(
        trx,
        {
          accountId: payment.requester_account_id,
          url: payment.callback_url!,
          type,
          body: paymentEventBody(
            payment,
            after.status,
            { wallet: deposit.asset, units: amountUnits },
            {
              wallet: payment.wallet,
              network: deposit.network,
              txHash: deposit.tx_hash,
              receivedUnits: received,
              flag,
              exception: after.exception,
            },
          ),
          eventId,
          target: { kind: 'payment', id: String(payment.id) },
        },
        nowMs,
      );
    if (becomesPaid) {
      await event('payment.paid', received, `payment.paid.${payment.id}${again}`);
    } else {
      await event(
        'payment.deposit',
        units,
        `payment.deposit.${deposit.id}${deposit.reversals === 0n ? '' : `.${deposit.reversals}`}`,
      );
      if (becomesPartial) {
        await event('payment.paid_partial', received, `payment.paid_partial.${payment.id}.${deposit.id}`);
      }
    }
  }
  deps.paymentChanges.mayHaveChanged(payment.public_id);
}

/** `payment.deposit_seen`: a deposit to the request's address stored for the first time. */
async function announceSeen(
  trx: Trx,
  row: ChainDepositRow,
  payment: PaymentRow,
  nowMs: number,
): Promise<void> {
  if (payment.callback_url === null) return;
  await enqueueWebhook(
    trx,
    {
      accountId: payment.requester_account_id,
      url: payment.callback_url,
      type: 'payment.deposit_seen',
      body: paymentEventBody(
        payment,
        payment.status,
        { wallet: row.asset, units: row.amount_units },
        {
          wallet: payment.wallet,
          network: row.network,
          txHash: row.tx_hash,
          receivedUnits: payment.received_units,
          exception: payment.exception,
          confirmations: Number(row.confirmations),
        },
      ),
      eventId: `payment.deposit_seen.${row.id}`,
      target: { kind: 'payment', id: String(payment.id) },
    },
    nowMs,
  );
}

/** The system account a network's deposits are credited from (and reversed back to). */
export const settlementAccountOf = (network: ChainNetwork): 'onchain_settlement' | 'evm_settlement' =>
  network === 'BTC' ? 'onchain_settlement' : 'evm_settlement';
