import type { Kysely } from 'kysely';
import type { DB } from '../schema.ts';

type Exec = Kysely<DB>;

/** Records what the LNURL-pay callback keeps about the invoice of payment `paymentId` (migration 037). */
export async function insertLnurlInvoice(
  trx: Exec,
  row: {
    payment_id: bigint;
    zap_request: string | null;
    zap_relays: string | null;
    created_at_ms: number;
  },
): Promise<void> {
  await trx.insertInto('lnurl_invoices').values(row).execute();
}

export interface StoredZap {
  zapRequest: string;
  /** JSON array of relay URLs. */
  relays: string;
}

/** The zap request of the invoice of payment `paymentId` with its relays, or null when it is no zap. */
export async function findZap(exec: Exec, paymentId: bigint): Promise<StoredZap | null> {
  const row = await exec
    .selectFrom('lnurl_invoices')
    .select(['zap_request', 'zap_relays'])
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
  if (row === undefined || row.zap_request === null || row.zap_relays === null) return null;
  return { zapRequest: row.zap_request, relays: row.zap_relays };
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
    .select(['payments.payreq', 'payments.status', 'payments.preimage'])
    .where('payments.payment_hash', '=', paymentHash)
    .where('payments.account_id', '=', accountId)
    .where('payments.direction', '=', 'in')
    .executeTakeFirst();
}
