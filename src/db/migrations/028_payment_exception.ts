import { type AnyDb, sql } from './dialect.ts';

/**
 * `payments.exception`: how an on-chain request's outcome differs from an exact, on-time payment
 * (docs/chain-deposits.md): `paid_late` (paid by a deposit first seen after the expiry, inside
 * CHAIN_MONITOR_AFTER_EXPIRY_MIN), `paid_partial` (declined at its expiry with part of the amount
 * received, that part credited), `paid_over` (paid with more than the amount asked); null otherwise.
 * Nullable with a CHECK, so existing rows need no rewrite (SQLite allows a CHECK on an added column).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('exception', 'text', (c) =>
      c.check(sql`exception is null or exception in ('paid_late', 'paid_partial', 'paid_over')`),
    )
    .execute();
}
