import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../../db/errors.ts';
import { findAccountById, findPayeeByUsertag } from '../../../db/repos/accounts.ts';
import { decideInBatch } from '../../../db/repos/internal-sends.ts';
import {
  type AccountRef,
  lockAccountsInOrder,
  refuseBalanceLimit,
  refuseInsufficientBalance,
  transferLegs,
} from '../../../db/repos/ledger.ts';
import { listNotifiedNwcConnections } from '../../../db/repos/nwc.ts';
import {
  findIncomingByHash,
  findLiveOutgoingByHash,
  insertPayment,
  insertPayments,
  type PaymentRow,
} from '../../../db/repos/payments.ts';
import type { DB } from '../../../db/schema.ts';
import { abort } from '../../../domain/errors.ts';
import { isExpired, type ServiceFees } from '../../../domain/payments/fees.ts';
import type { PaymentPurpose } from '../../../domain/payments/vocabulary.ts';
import { err, ok, type Result } from '../../../domain/result.ts';
import type { AppDeps } from '../../deps.ts';
import { nwcKey } from '../../nwc/events.ts';
import { notifyNwcPayment } from '../../nwc/notify.ts';
import type { DecodedInvoice, PayResult } from '../../ports.ts';
import { runWrite } from '../../write.ts';
import { thenCloseAtNode } from './close-settled-invoice.ts';
import { feesFor, internalTransfers, moveInternal, reserveOutgoing } from './movements.ts';
import { assertOwnInvoicePayable, settleOwnInvoice } from './own-invoice.ts';
import { knownPayee, rememberPayee } from './payees.ts';
import { resolveOutgoing } from './resolve-outgoing.ts';
import { feeColumns, newOutgoingRow, type SendDetails } from './rows.ts';

// The outgoing-payment engine: every payment that leaves an account (a send, an issuer paying out a
// voucher) goes through payOut. It pays a usertag or an invoice of this service
// inside the ledger in one write unit, and an invoice of another node through the Lightning backend:
// reserve in one unit, pay outside it, post or void in another (resolve-outgoing.ts).

const ALREADY_PAYING = 'this invoice is already paid or being paid';

/** Where the money goes. An LNURL or a Lightning address is resolved to its invoice before this. */
export type PayTarget =
  | { kind: 'usertag'; usertag: string }
  | { kind: 'invoice'; invoice: DecodedInvoice; invoiceType: 'invoice' | 'lnurl' };

/** The account of this service that receives a payment settled inside the ledger. */
export interface Receiver {
  accountId: bigint;
  usertag: string;
}

/** What the purpose's own step sees, first thing in the payment's write unit. */
export interface ClaimContext {
  /** The outgoing payment's id; its row is inserted right after the claim. */
  paymentId: bigint;
  /** The outgoing payment's tid (public_id). */
  paymentPublicId: string;
  /** null for an invoice of another node: the payment is only reserved in this unit. */
  receiver: Receiver | null;
}

/** What the purpose's step adds to the outgoing payment. */
export interface Claimed {
  voucherId: bigint | null;
  /** Replaces the details' `extra` (JSON text). */
  extra?: string;
}

export interface PayOutOrder {
  purpose: PaymentPurpose;
  payerId: bigint;
  /** What the receiver gets before its own fees (an amountless invoice: the chosen amount). */
  amountMsat: bigint;
  target: PayTarget;
  details: SendDetails;
  /** The payer's service fee: the configured send fee for a send, none for a voucher (prepaid). */
  sendFees: ServiceFees;
  /** The most routing fee an invoice of another node may cost. */
  feeReserveMsat: bigint;
  /** The request field that refusals name. */
  field: string;
  refusals: { selfUsertag: string; selfInvoice: string; amount: string };
  /** Ledger accounts the claim moves besides the payer's (so the unit locks them up front). */
  claimMoves?: readonly AccountRef[];
  /**
   * The purpose's own step (taking a voucher), first in the write unit; it aborts the unit to refuse.
   * Whatever it writes commits or rolls back with the payment.
   */
  claim?: (trx: Kysely<DB>, c: ClaimContext) => Promise<Claimed>;
  /**
   * For an invoice of another node: `await` answers once the payment has an outcome or the backend's
   * timeout passed; `background` answers right after the reservation and pays afterwards.
   */
  payment?: 'await' | 'background';
}

export interface PaidOut {
  /** The payer's outgoing payment as it is now: paid, pending (under way) or declined. */
  row: PaymentRow;
  /** True when it was settled inside the ledger (a usertag or an invoice of this service). */
  inLedger: boolean;
}

/** Refuses an invoice of another network, or an expired one. */
function checkPayableInvoice(deps: AppDeps, inv: DecodedInvoice, field: string): Result<void> {
  if (inv.network !== deps.config.lightning.network) {
    return err(
      'invoice_invalid',
      `the invoice is for ${inv.network}; this service pays ${deps.config.lightning.network} invoices`,
      field,
    );
  }
  if (isExpired(inv.expiresAtSec * 1000, deps.clock.nowMs())) {
    return err('invoice_expired', 'the invoice has expired', field);
  }
  return ok(undefined);
}

/** Pays a usertag or an invoice for `order.purpose`. Every refusal moves no money and writes nothing. */
export async function payOut(deps: AppDeps, order: PayOutOrder): Promise<Result<PaidOut>> {
  const t = order.target;
  if (t.kind === 'usertag') return payInLedger(deps, order, null);
  const checked = checkPayableInvoice(deps, t.invoice, order.field);
  if (!checked.ok) return checked;
  const own = await findIncomingByHash(deps.db.read, t.invoice.paymentHash);
  return own !== undefined ? payInLedger(deps, order, t.invoice) : payExternal(deps, order, t.invoice);
}

/** The ledger accounts a movement of `amountMsat` with these fees touches besides the two parties. */
const feeAccounts = (fees: ServiceFees[]): AccountRef[] => [
  ...(fees.some((f) => f.serviceFeeMsat > 0n) ? [{ system: 'service_fees' as const }] : []),
  ...(fees.some((f) => f.gstFeeMsat > 0n) ? [{ system: 'gst' as const }] : []),
];

const invoiceColumns = (order: PayOutOrder, inv: DecodedInvoice, invoiceType: 'invoice' | 'lnurl') => ({
  amount_msat: order.amountMsat,
  payment_hash: inv.paymentHash,
  payreq: inv.payreq,
  invoice_type: invoiceType,
  invoice_expires_at_ms: BigInt(inv.expiresAtSec * 1000),
});

/** The outgoing row's columns that come from the order and its claim. */
const orderColumns = (order: PayOutOrder, id: bigint, publicId: string, claimed: Claimed | undefined) => ({
  id,
  public_id: publicId,
  purpose: order.purpose,
  voucher_id: claimed?.voucherId ?? null,
  ...(claimed?.extra === undefined ? {} : { extra: claimed.extra }),
  ...feeColumns(order.sendFees),
});

/** Inserts the payer's row; a concurrent request with the same Idempotency-Key inserted first. */
async function insertOutgoing(trx: Kysely<DB>, row: PaymentRow): Promise<void> {
  if (!(await insertPayment(trx, row))) abort('idempotency_conflict', 'concurrent request with this key');
}

const conflictOnHash = (order: PayOutOrder) => (e: unknown) => {
  // A concurrent payment of the same invoice won the unique index on live outgoing payment hashes
  // (on PostgreSQL the loser waits for the winner's commit and then violates it).
  if (isUniqueViolation(e)) return err('invoice_already_paid', ALREADY_PAYING, order.field);
  throw e;
};

/**
 * To an account of this service (a usertag, or an invoice it issued): one write unit, instant, no
 * network fee. The payer gets a paid outgoing row; a usertag's receiver a paid incoming row, an invoice
 * its own row marked paid. Both are in their histories.
 */
async function payInLedger(
  deps: AppDeps,
  order: PayOutOrder,
  invoice: DecodedInvoice | null,
): Promise<Result<PaidOut>> {
  const nowMs = deps.clock.nowMs();
  const receive = feesFor(deps, order.amountMsat, 'in');
  const outId = BigInt(deps.ids.paymentId());
  const outPublicId = deps.ids.paymentTid();
  const inId = BigInt(deps.ids.paymentId());
  const t = order.target;
  const usertag = t.kind === 'usertag' ? t.usertag : '';
  const disabledMessage = `account "${usertag}" is disabled: it takes no payments`;
  // A plain send (no claim: nothing in its unit reads payments) lets its batch write its two payment
  // rows together with the other sends' (db/deferred.ts). Without an Idempotency-Key, such a send in a
  // batch only reads and hands its intent to the batch (decideInBatch): its batch may run beside other
  // instances' batches of sends.
  const plain = invoice === null && order.claim === undefined;
  // With NWC on, an accepted send queues notifications to the accounts' connections after its decision.
  // Whether it has any to queue is read before its unit (for a usertag paid before, whose account is
  // known): one with none writes nothing after its decision, so a batch of such sends is its one
  // deciding statement (decisionCommits). A connection made meanwhile hears of the payments after it.
  const silent = plain && !(await mayNotify(deps, order, usertag, nowMs));
  // The receiver of the run of the unit that committed (a unit may run more than once).
  let paidTo: Receiver | undefined;
  const unit = async (trx: Kysely<DB>): Promise<PaymentRow> => {
    let receiver: Receiver;
    let target: PaymentRow | undefined;
    if (invoice === null) {
      // A usertag paid before is not read again: its account is for good (payees.ts), and whether it is
      // disabled is decided where its payment row is written (insertPayments, below).
      const known = knownPayee(deps.db, usertag);
      if (known !== undefined) {
        receiver = known;
      } else {
        const account = await findPayeeByUsertag(trx, usertag);
        if (account === undefined)
          abort('usertag_not_found', `no account with usertag "${usertag}"`, order.field);
        if (account!.disabled_at_ms !== null) abort('account_disabled', disabledMessage, order.field);
        receiver = { accountId: account!.id, usertag: account!.usertag };
      }
      if (receiver.accountId === order.payerId)
        abort('self_payment', order.refusals.selfUsertag, order.field);
    } else {
      target = await findIncomingByHash(trx, invoice.paymentHash);
      if (target === undefined) throw new Error('own invoice vanished');
      const usertag =
        order.claim === undefined ? '' : ((await findAccountById(trx, target.account_id))?.usertag ?? '');
      receiver = { accountId: target.account_id, usertag };
    }
    const moved: AccountRef[] = [
      { owner: order.payerId },
      { owner: receiver.accountId },
      ...(order.claimMoves ?? []),
      ...feeAccounts([order.sendFees, receive]),
    ];
    // A usertag send without a claim takes no separate lock: it writes its payment rows first, and
    // moveInternal's one batch of transfers locks the sender, the receiver and the fee accounts in id
    // order itself, so the hot account rows stay locked for one statement and the commit.
    const lockInBatch = target === undefined && order.claim === undefined;
    if (!lockInBatch) await lockAccountsInOrder(trx, moved);
    if (target !== undefined) {
      assertOwnInvoicePayable(target, {
        payerAccountId: order.payerId,
        amountMsat: order.amountMsat,
        nowMs,
        field: order.field,
        selfMessage: order.refusals.selfInvoice,
        amountMessage: order.refusals.amount,
      });
    }
    const claimed = await order.claim?.(trx, { paymentId: outId, paymentPublicId: outPublicId, receiver });
    const out = newOutgoingRow(
      deps,
      order.payerId,
      order.details,
      {
        ...(invoice === null || t.kind !== 'invoice'
          ? { amount_msat: order.amountMsat, receiver_usertag: receiver.usertag }
          : invoiceColumns(order, invoice, t.invoiceType)),
        ...orderColumns(order, outId, outPublicId, claimed),
        route: 'internal',
        status: 'paid',
        paid_at_ms: BigInt(nowMs),
        counterpart_id: target?.id ?? inId,
        // The payer's proof of payment, as the network gives it to a payer from outside: the preimage the
        // service chose for its own invoice (null for an invoice made before it chose them).
        preimage: target?.preimage ?? null,
      },
      nowMs,
    );
    if (target !== undefined) {
      await insertOutgoing(trx, out);
      await settleOwnInvoice(trx, {
        target,
        outId,
        payerAccountId: order.payerId,
        amountMsat: order.amountMsat,
        send: order.sendFees,
        receive,
        field: order.field,
        nowMs,
      });
      await notifyInternal(
        deps,
        trx,
        order,
        { out, incoming: target.id, receiverId: target.account_id },
        nowMs,
      );
      return out;
    }
    // Both rows in one statement (on PostgreSQL; in a batch that defers them, with its other sends').
    const incoming: PaymentRow = {
      ...out,
      id: inId,
      public_id: deps.ids.paymentTid(),
      account_id: receiver.accountId,
      requester_account_id: receiver.accountId,
      direction: 'in',
      counterpart_id: out.id,
      customer_name: null,
      order_id: null,
      extra: '{}',
      ...feeColumns(receive),
      idempotency_key: null,
      request_hash: null,
      purpose: 'receive',
      voucher_id: null,
    };
    const move = {
      outId,
      senderId: order.payerId,
      receiverId: receiver.accountId,
      amountMsat: order.amountMsat,
      send: order.sendFees,
      receive,
    };
    // In a PostgreSQL batch of sends, the batch decides and writes this one with the others
    // (db/repos/internal-sends.ts): one statement for all of them, a refusal moving nothing.
    const decided = decideInBatch(trx, {
      rows: [out, incoming],
      legs: transferLegs(trx, internalTransfers(move)),
      receiverId: receiver.accountId,
      asset: 'lbtc',
      nowMs,
    });
    if (decided !== undefined) {
      const outcome = await decided;
      if (outcome === 'account_disabled') abort('account_disabled', disabledMessage, order.field);
      if (outcome === 'insufficient_balance') refuseInsufficientBalance();
      if (outcome === 'balance_limit_exceeded') refuseBalanceLimit();
      paidTo = receiver;
    } else {
      const [outInserted, inInserted] = await insertPayments(trx, [out, incoming]);
      if (outInserted !== true) abort('idempotency_conflict', 'concurrent request with this key');
      if (inInserted !== true) abort('account_disabled', disabledMessage, order.field);
      paidTo = receiver;
      await moveInternal(trx, move, nowMs);
    }
    // The rows as written: in a batch that defers them, they are not in the table yet.
    if (!silent) {
      await notifyInternal(deps, trx, order, { out, incoming, receiverId: receiver.accountId }, nowMs);
    }
    return out;
  };
  const run = runWrite(deps.db, unit, {
    defersInserts: plain,
    onlyDecides: plain && order.details.idempotencyKey == null,
    decisionCommits: silent,
  });
  if (invoice === null) {
    const r = await run;
    if (r.ok && paidTo !== undefined) rememberPayee(deps.db, usertag, paidTo);
    return r.ok ? ok({ row: r.value, inLedger: true }) : r;
  }
  // The invoice is settled in the ledger but still open at the node: cancel it there (closeAtNode).
  const r = await thenCloseAtNode(deps, invoice.paymentHash, run.catch(conflictOnHash(order)));
  return r.ok ? ok({ row: r.value, inLedger: true }) : r;
}

/**
 * Whether a send to `usertag` may have NWC notifications to queue: NWC is on and the receiver (or, for
 * a payer's own send, the payer) has a live connection granted `notifications`; a usertag not paid
 * before (its account not known yet) may.
 */
async function mayNotify(
  deps: AppDeps,
  order: PayOutOrder,
  usertag: string,
  nowMs: number,
): Promise<boolean> {
  if (nwcKey(deps) === null) return false;
  const receiver = knownPayee(deps.db, usertag);
  if (receiver === undefined) return true;
  const notified = async (accountId: bigint) =>
    (await listNotifiedNwcConnections(deps.db.read, accountId, nowMs)).length > 0;
  if (await notified(receiver.accountId)) return true;
  return (order.purpose === 'send' || order.purpose === 'payout') && notified(order.payerId);
}

/**
 * NWC notifications of a payment settled inside the ledger: payment_received to the receiver's
 * connections, payment_sent to the payer's (for a payment from an account's wallet).
 */
async function notifyInternal(
  deps: AppDeps,
  trx: Kysely<DB>,
  order: PayOutOrder,
  /** The receiving row, or the id of an invoice settled in this unit (read again: its status changed). */
  p: { out: PaymentRow; incoming: PaymentRow | bigint; receiverId: bigint },
  nowMs: number,
): Promise<void> {
  await notifyNwcPayment(
    deps,
    trx,
    { payment: p.incoming, accountId: p.receiverId, type: 'payment_received' },
    nowMs,
  );
  if (order.purpose === 'send' || order.purpose === 'payout') {
    await notifyNwcPayment(
      deps,
      trx,
      { payment: p.out, accountId: order.payerId, type: 'payment_sent' },
      nowMs,
    );
  }
}

/** An invoice of another node: reserve, pay through the backend, then settle what it answered. */
async function payExternal(
  deps: AppDeps,
  order: PayOutOrder,
  invoice: DecodedInvoice,
): Promise<Result<PaidOut>> {
  const backend = deps.lightning;
  const t = order.target;
  const nowMs = deps.clock.nowMs();
  const outId = BigInt(deps.ids.paymentId());
  const outPublicId = deps.ids.paymentTid();
  const reserved = await runWrite(deps.db, async (trx) => {
    await lockAccountsInOrder(trx, [
      { owner: order.payerId },
      { system: 'lightning_node' },
      ...(order.claimMoves ?? []),
    ]);
    if (await findLiveOutgoingByHash(trx, invoice.paymentHash)) {
      abort('invoice_already_paid', ALREADY_PAYING, order.field);
    }
    const claimed = await order.claim?.(trx, {
      paymentId: outId,
      paymentPublicId: outPublicId,
      receiver: null,
    });
    const row = newOutgoingRow(
      deps,
      order.payerId,
      order.details,
      {
        ...invoiceColumns(order, invoice, t.kind === 'invoice' ? t.invoiceType : 'invoice'),
        ...orderColumns(order, outId, outPublicId, claimed),
        route: 'lightning',
        fee_reserve_msat: order.feeReserveMsat,
      },
      nowMs,
    );
    await insertOutgoing(trx, row);
    await reserveOutgoing(trx, row, nowMs);
    return row;
  }).catch(conflictOnHash(order));
  if (!reserved.ok) return reserved;
  const row = reserved.value;

  const pay = async (): Promise<PaymentRow> => {
    let result: PayResult;
    try {
      result = await backend.payInvoice({
        payreq: invoice.payreq,
        amountMsat: order.amountMsat,
        maxFeeMsat: row.fee_reserve_msat,
        timeoutSec: deps.config.payments.payTimeoutSec,
      });
    } catch (e) {
      // The payment may or may not have left: it stays reserved and the reconciler asks the backend later.
      deps.log.error(
        { err: e, paymentId: String(row.id), purpose: order.purpose },
        'Lightning backend failed during payInvoice',
      );
      result = { status: 'pending' };
    }
    return resolveOutgoing(deps, row, result);
  };
  if (order.payment === 'background') {
    // Reserved and committed: if the process stops before the payment has an outcome, the payments
    // reconciler asks the backend and settles it (and what its purpose keeps) then.
    deps.background.run(`${order.purpose} invoice payment`, pay);
    return ok({ row, inLedger: false });
  }
  return ok({ row: await pay(), inLedger: false });
}

/**
 * A sent payment as the sender is answered: paid or pending as itself, declined as the payment_failed
 * error naming its tid (a retry with the same Idempotency-Key answers the same).
 */
export function asOutcome(row: PaymentRow): Result<PaymentRow> {
  if (row.status === 'declined') {
    return err(
      'payment_failed',
      `the payment failed (${row.failure_reason ?? 'no route'}); no money was moved (tid ${row.public_id})`,
    );
  }
  return ok(row);
}
