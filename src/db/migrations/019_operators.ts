import { type AnyDb, int64, withId } from './dialect.ts';

/**
 * Operators and disabled accounts: an account's role (`holder` or `operator`, who may use the operator
 * console), when and why it was disabled (its keys, sessions and receive addresses stop working), and
 * the record of every operator action (who, when, what, on which account, with what detail).
 */
export async function up(db: AnyDb): Promise<void> {
  const i64 = int64(db);
  await db.schema
    .alterTable('accounts')
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('holder'))
    .execute();
  await db.schema.alterTable('accounts').addColumn('disabled_at_ms', i64).execute();
  await db.schema.alterTable('accounts').addColumn('disabled_reason', 'text').execute();

  await withId(db, db.schema.createTable('operator_actions'))
    // The operator's account when the action came from the console; null from the command line.
    .addColumn('actor_account_id', i64, (c) => c.references('accounts.id'))
    // Who, as people read it: the operator's usertag, or `operator:<system user>` from the command line.
    .addColumn('actor', 'text', (c) => c.notNull())
    // What: operator_create, account_disable, account_enable, kyc_review (OperatorActionKind).
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_account_id', i64, (c) => c.references('accounts.id'))
    // The target as people read it (a usertag), kept as it was at the time.
    .addColumn('target', 'text', (c) => c.notNull())
    // JSON object: the action's parameters (reason, level, status…).
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('at_ms', i64, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operator_actions_target')
    .on('operator_actions')
    .columns(['target_account_id', 'id'])
    .execute();
}
