import { createHash } from 'node:crypto';
import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import { insertPayment } from '../../db/repos/payments.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';
import { createInvoiceOrError } from './create-invoice.ts';
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
  });
}

/**
 * LUD-06 callback: an invoice of `amount` msat committing to the metadata, recorded as a pending incoming
 * payment of the account (type `lnurl`), so its payment shows in the account's history.
 */
export async function lightningAddressInvoice(
  deps: AppDeps,
  usertag: string,
  /** Millisatoshis as sent (http/wire/text.ts `idText`): digits, or '' when none was given. */
  amount: string,
): Promise<Result<{ payreq: string }>> {
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
  const metadata = metadataOf(deps, account.usertag);
  const invoice = await createInvoiceOrError(deps, deps.lightning, {
    amountMsat,
    // The text the hash commits to: Core Lightning hashes the description itself (LUD-06).
    description: metadata,
    descriptionHash: createHash('sha256').update(metadata, 'utf8').digest(),
    expirySec: LNURL_INVOICE_EXPIRY_SEC,
  });
  if (!invoice.ok) return invoice;
  const row = newPaymentRow(
    deps,
    {
      account_id: account.id,
      requester_account_id: account.id,
      direction: 'in',
      route: 'lightning',
      amount_msat: amountMsat,
      payment_hash: invoice.value.paymentHash,
      payreq: invoice.value.payreq,
      invoice_type: 'lnurl',
      invoice_expires_at_ms: BigInt(invoice.value.expiresAtSec * 1000),
      receiver_usertag: account.usertag,
      description: `Payment to ${account.usertag}`,
    },
    deps.clock.nowMs(),
  );
  await runPlainWrite(deps.db, (trx) => insertPayment(trx, row));
  return ok({ payreq: invoice.value.payreq });
}
