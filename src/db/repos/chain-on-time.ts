import { type ExpressionBuilder, type Kysely, sql } from 'kysely';
import type { Rail } from '../../domain/payments/vocabulary.ts';
import type { DB } from '../schema.ts';

/**
 * What an on-chain request's deposits tell of its lateness (domain/chain-lateness.ts), read by the same
 * statement as the payment row, so one snapshot decides: the sum of its deposits first seen before the
 * request's expiry that are credited or still on their way, the part of them not yet final, and until
 * when its address is watched.
 */
export const onTimeDepositColumns = (eb: ExpressionBuilder<DB, 'payments'>) => {
  const onTime = () =>
    eb
      .selectFrom('chain_deposits')
      .whereRef('chain_deposits.payment_id', '=', 'payments.id')
      .whereRef('chain_deposits.first_seen_ms', '<', 'payments.invoice_expires_at_ms');
  return [
    onTime()
      .where('chain_deposits.state', 'in', ['seen', 'credited'])
      .select(sql<bigint>`cast(sum(chain_deposits.amount_units) as bigint)`.as('u'))
      .as('on_time_units'),
    onTime()
      .where('chain_deposits.state', '=', 'seen')
      .select(sql<bigint>`cast(sum(chain_deposits.amount_units) as bigint)`.as('s'))
      .as('on_time_seen_units'),
    eb
      .selectFrom('chain_addresses')
      .whereRef('chain_addresses.payment_id', '=', 'payments.id')
      .select(sql<bigint>`max(chain_addresses.watch_until_ms)`.as('w'))
      .as('watch_until_ms'),
  ];
};

export interface OnTimeDepositsRow {
  id: bigint;
  payment_mode: Rail;
  amount_units: bigint;
  on_time_units: bigint | null;
  on_time_seen_units: bigint | null;
  watch_until_ms: bigint | null;
}

/** The on-time deposits of these on-chain payments (ids of expired requests: at most a sweep batch). */
export function listOnTimeDeposits(exec: Kysely<DB>, ids: readonly bigint[]): Promise<OnTimeDepositsRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return exec
    .selectFrom('payments')
    .select(['payments.id', 'payments.payment_mode', 'payments.amount_units'])
    .select(onTimeDepositColumns)
    .where('payments.id', 'in', [...ids])
    .where('payments.payment_mode', '=', 'onchain')
    .execute();
}
