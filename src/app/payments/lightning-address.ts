import { createHash } from 'node:crypto';
import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import { findLnurlInvoiceByHash, insertLnurlInvoice } from '../../db/repos/lnurl-invoices.ts';
import { findNostrIdentity } from '../../db/repos/nostr-identities.ts';
import { insertPayment } from '../../db/repos/payments.ts';
import { parseZapRequest } from '../../domain/nostr/zap-request.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';
import { servicePubkey } from '../zaps/service-key.ts';
import { createInvoiceWithPreimage } from './create-invoice.ts';
import { newPaymentRow } from './engine/rows.ts';

/** Smallest amount a Lightning address accepts: 1 satoshi. */
const LNURL_MIN_SENDABLE_MSAT = 1000n;
/** Why a disabled account's Lightning address takes no payment. */
const DISABLED_ADDRESS = 'this Lightning address is disabled: it takes no payments';
/** Lifetime of an invoice issued to a wallet through a Lightning address (it pays at once). */
const LNURL_INVOICE_EXPIRY_SEC = 600;

export interface PayRequestParams {
  callback: string;
  minSendableMsat: bigint;
  maxSendableMsat: bigint;
  /** Served unchanged; the invoice's description hash is its SHA-256. */
  metadata: string;
  /** NIP-57: the key that signs zap receipts (x-only hex); null when the service has no Nostr key. */
  nostrPubkey: string | null;
}

/** What the LNURL-pay callback answers. */
export interface LnurlPayInvoice {
  payreq: string;
  /** LUD-21: where anyone holding the invoice can ask whether it was paid. */
  verifyUrl: string;
}

/** The LUD-06 metadata of an account's Lightning address: the same text on every request. */
function metadataOf(deps: AppDeps, usertag: string): string {
  const host = new URL(deps.config.publicUrl).host;
  return JSON.stringify([
    ['text/plain', `Payment to ${usertag}`],
    ['text/identifier', `${usertag}@${host}`],
  ]);
}

async function accountOf(deps: AppDeps, usertag: string) {
  const tag = normalizeUsertag(usertag);
  if (!tag.ok) return undefined;
  return findAccountByUsertag(deps.db.read, tag.value);
}

/** LUD-16: what `GET /.well-known/lnurlp/<usertag>` serves for an account. */
export async function lightningAddressPayRequest(
  deps: AppDeps,
  usertag: string,
): Promise<Result<PayRequestParams>> {
  const account = await accountOf(deps, usertag);
  if (account === undefined) return err('usertag_not_found', 'no such Lightning address');
  if (account.disabled_at_ms !== null) return err('account_disabled', DISABLED_ADDRESS);
  return ok({
    callback: `${deps.config.publicUrl}/lnurlp/${account.usertag}/callback`,
    minSendableMsat: LNURL_MIN_SENDABLE_MSAT,
    maxSendableMsat: deps.config.payments.lnurlMaxSendableMsat,
    metadata: metadataOf(deps, account.usertag),
    nostrPubkey: servicePubkey(deps.config),
  });
}

/** LUD-21: the `verify` URL of an LNURL-pay invoice (its payment hash: 256 random bits, unguessable). */
export const verifyUrlOf = (deps: AppDeps, usertag: string, paymentHash: string): string =>
  `${deps.config.publicUrl}/lnurlp/${usertag}/verify/${paymentHash}`;

/**
 * LUD-06 callback: an invoice of `amount` msat committing to the metadata, recorded as a pending incoming
 * payment of the account (type `lnurl`), so its payment shows in the account's history. With `nostr` (a
 * NIP-57 zap request, when the service has a Nostr key) the request is checked as NIP-57 appendix D says
 * and the invoice commits to it instead; it is kept with the payment for the zap receipt. The service
 * chooses the preimage (kept on the payment row), which LUD-21 `verify` shows once the invoice is paid.
 */
export async function lightningAddressInvoice(
  deps: AppDeps,
  usertag: string,
  /** Millisatoshis as sent (http/wire/text.ts `idText`): digits, or '' when none was given. */
  amount: string,
  /** The `nostr` parameter as sent (a kind 9734 event's JSON text), or null when none was given. */
  nostr: string | null = null,
): Promise<Result<LnurlPayInvoice>> {
  const account = await accountOf(deps, usertag);
  if (account === undefined) return err('usertag_not_found', 'no such Lightning address');
  if (account.disabled_at_ms !== null) return err('account_disabled', DISABLED_ADDRESS);
  const text = amount.trim();
  if (!/^\d{1,19}$/.test(text)) {
    return err('invalid_request', 'amount (millisatoshis, a whole number) is required', 'amount');
  }
  const amountMsat = BigInt(text);
  const max = deps.config.payments.lnurlMaxSendableMsat;
  if (amountMsat < LNURL_MIN_SENDABLE_MSAT || amountMsat > max) {
    return err(
      'amount_out_of_range',
      `amount must be from ${LNURL_MIN_SENDABLE_MSAT} to ${max} millisatoshis`,
      'amount',
    );
  }
  // Without a Nostr key the address offers no zaps (no allowsNostr): a `nostr` sent anyway is ignored.
  let zapRequest: string | null = null;
  let zapRelays: string[] = [];
  if (nostr !== null && servicePubkey(deps.config) !== null) {
    const identity = await findNostrIdentity(deps.db.read, account.id);
    const zap = parseZapRequest(nostr, {
      amountMsat,
      recipient: identity?.pubkey ?? null,
      maxRelays: deps.config.nostr.zapMaxRelays,
    });
    if (!zap.ok) return zap;
    zapRequest = zap.value.text;
    zapRelays = zap.value.relays;
  }
  // NIP-57: a zap invoice's description is the zap request and this note only.
  const description = zapRequest ?? metadataOf(deps, account.usertag);
  const invoice = await createInvoiceWithPreimage(deps, deps.lightning, {
    amountMsat,
    // The text the hash commits to: Core Lightning hashes the description itself (LUD-06).
    description,
    descriptionHash: createHash('sha256').update(description, 'utf8').digest(),
    expirySec: LNURL_INVOICE_EXPIRY_SEC,
  });
  if (!invoice.ok) return invoice;
  const preimage = invoice.value.preimage;
  const nowMs = deps.clock.nowMs();
  const row = newPaymentRow(
    deps,
    {
      account_id: account.id,
      requester_account_id: account.id,
      direction: 'in',
      route: 'lightning',
      amount_msat: amountMsat,
      payment_hash: invoice.value.paymentHash,
      preimage,
      payreq: invoice.value.payreq,
      invoice_type: 'lnurl',
      invoice_expires_at_ms: BigInt(invoice.value.expiresAtSec * 1000),
      receiver_usertag: account.usertag,
      description: `Payment to ${account.usertag}`,
    },
    nowMs,
  );
  await runPlainWrite(deps.db, async (trx) => {
    await insertPayment(trx, row);
    await insertLnurlInvoice(trx, {
      payment_id: row.id,
      zap_request: zapRequest,
      zap_relays: zapRequest === null ? null : JSON.stringify(zapRelays),
      created_at_ms: nowMs,
    });
  });
  return ok({
    payreq: invoice.value.payreq,
    verifyUrl: verifyUrlOf(deps, account.usertag, invoice.value.paymentHash),
  });
}

/** LUD-21: what `verify` answers. */
export interface LnurlVerification {
  settled: boolean;
  /** hex, once settled (null before, or when the node chose it and did not say). */
  preimage: string | null;
  pr: string;
}

/**
 * LUD-21 `verify`: whether the LNURL-pay invoice of `usertag` with this payment hash was paid, and its
 * preimage once it was. Only invoices the callback issued are known here; anything else is not found.
 */
export async function verifyLnurlInvoice(
  deps: AppDeps,
  usertag: string,
  paymentHash: string,
): Promise<Result<LnurlVerification>> {
  const notFound = err('not_found', 'Not found');
  if (!/^[0-9a-f]{64}$/.test(paymentHash)) return notFound;
  const account = await accountOf(deps, usertag);
  if (account === undefined) return notFound;
  const inv = await findLnurlInvoiceByHash(deps.db.read, account.id, paymentHash);
  if (inv === undefined || inv.payreq === null) return notFound;
  const settled = inv.status === 'paid';
  return ok({ settled, preimage: settled ? inv.preimage : null, pr: inv.payreq });
}
