import type { AnyDb } from './dialect.ts';

/**
 * An address given at dashboard sign-up is held only once it is confirmed: until then it is the
 * account's `pending_email`, and `email` (unique, what sign-in and verification codes use) holds a
 * placeholder of the account's own in the reserved `.invalid` domain (RFC 2606). So an unconfirmed
 * sign-up keeps no address from its owner, and sign-up need not tell anyone which addresses are taken.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('pending_email', 'text').execute();
}
