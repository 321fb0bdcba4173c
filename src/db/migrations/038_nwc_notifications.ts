import type { AnyDb } from './dialect.ts';

/**
 * NIP-47 notifications and late answers. A connection remembers the encryption its client last asked in
 * (`nip44_v2` or `nip04`; null until its first request), so its notifications go out as the one kind the
 * client reads (23197 or 23196) instead of both. A request remembers its own encryption, so an answer
 * made later than the request's handler (a pay_invoice that resolved after the handler let go) is
 * encrypted as the client asked; and requests are found by their payment when it resolves.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('nwc_connections').addColumn('encryption', 'text').execute();
  await db.schema.alterTable('nwc_requests').addColumn('encryption', 'text').execute();
  await db.schema.createIndex('nwc_requests_payment').on('nwc_requests').column('payment_id').execute();
}
