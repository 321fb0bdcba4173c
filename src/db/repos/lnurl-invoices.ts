import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

type Exec = Kysely<DB>;

/** Records what the LNURL-pay callback keeps about the invoice of payment `paymentId` (migration 037). */
export async function insertLnurlInvoice(
  trx: Exec,
  row: { payment_id: bigint; preimage: string | null; zap_request: string | null; created_at_ms: number },
): Promise<void> {
  await trx.insertInto('lnurl_invoices').values(row).execute();
}

/** The zap request (kind 9734 text) of the invoice of payment `paymentId`, or null when it is no zap. */
export async function findZapRequest(exec: Exec, paymentId: bigint): Promise<string | null> {
  const row = await exec
    .selectFrom('lnurl_invoices')
    .select('zap_request')
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  return row?.zap_request ?? null;
}

/** What LUD-21 `verify` shows of an LNURL-pay invoice of the account `usertag`, by its payment hash. */
export interface VerifiedLnurlInvoice {
  payreq: string | null;
  status: string;
  preimage: string | null;
}

export async function findLnurlInvoiceByHash(
  exec: Exec,
  accountId: bigint,
  paymentHash: string,
): Promise<VerifiedLnurlInvoice | undefined> {
  return exec
    .selectFrom('payments')
    .innerJoin('lnurl_invoices', 'lnurl_invoices.payment_id', 'payments.id')
    .select(['payments.payreq', 'payments.status', 'lnurl_invoices.preimage'])
    .where('payments.payment_hash', '=', paymentHash)
    .where('payments.account_id', '=', accountId)
    .where('payments.direction', '=', 'in')
    .executeTakeFirst();
}
