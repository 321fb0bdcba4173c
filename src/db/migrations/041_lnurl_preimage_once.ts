import { sql } from 'kysely';
import type { AnyDb } from './dialect.ts';

/**
 * An LNURL-pay invoice's preimage is kept once, on its payment row (`payments.preimage`, where every
 * invoice the service chose the preimage of keeps it): migration 037 kept it in `lnurl_invoices` too.
 * A preimage only that table held moves to the payment, then its column goes.
 */
export async function up(db: AnyDb): Promise<void> {
  await sql`
    UPDATE payments SET preimage = (
      SELECT l.preimage FROM lnurl_invoices l WHERE l.payment_id = payments.id
    )
    WHERE preimage IS NULL
      AND id IN (SELECT payment_id FROM lnurl_invoices WHERE preimage IS NOT NULL)`.execute(db);
  await db.schema.alterTable('lnurl_invoices').dropColumn('preimage').execute();
}
