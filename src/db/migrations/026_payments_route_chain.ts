import { type AnyDb, isPostgres, sql } from './dialect.ts';

const BEFORE = "check (route in ('internal', 'lightning'))";
const AFTER = "check (route in ('internal', 'lightning', 'chain'))";

/**
 * `route` gets a third value, `chain`: an on-chain request (btc or usdt, payment_mode onchain) is paid by
 * deposits to its address, and until now was stored as `lightning`. Its rows that are still `lightning`
 * become `chain` (one paid inside the ledger through its invoice stays `internal`).
 *
 * The column's CHECK allows the new value first. PostgreSQL replaces the constraint. SQLite cannot alter
 * a CHECK, so the table is rebuilt as SQLite's documentation describes (lang_altertable.html, "Making
 * other kinds of table schema changes"): with foreign keys off, a copy of the table under the new
 * definition takes every row, replaces the old table under its name, its indexes are created again, and
 * the foreign keys are checked before the commit.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table payments drop constraint payments_route_check`.execute(db);
    await sql.raw(`alter table payments add constraint payments_route_check ${AFTER}`).execute(db);
  } else {
    await rebuildSqlitePayments(db);
  }
  await db
    .updateTable('payments')
    .set({ route: 'chain' })
    .where('payment_mode', '=', 'onchain')
    .where('route', '=', 'lightning')
    .execute();
}

async function rebuildSqlitePayments(db: AnyDb): Promise<void> {
  const table = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'table' and name = 'payments'
  `.execute(db);
  const ddl = table.rows[0]?.sql ?? '';
  if (!ddl.startsWith('CREATE TABLE "payments" (') || ddl.split(BEFORE).length !== 2) {
    throw new Error('026: the payments table is not as migration 025 left it');
  }
  const indexes = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'payments' and sql is not null
  `.execute(db);
  const copy = ddl
    .replace('CREATE TABLE "payments" (', 'CREATE TABLE "payments_026" (')
    .replace(BEFORE, AFTER);
  // Outside a transaction: the pragma is a no-op inside one. Kysely runs SQLite migrations on the one
  // connection, outside a transaction, so the unit below is this migration's own.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await sql`begin immediate`.execute(db);
    try {
      await sql.raw(copy).execute(db);
      await sql`insert into payments_026 select * from payments`.execute(db);
      await sql`drop table payments`.execute(db);
      await sql`alter table payments_026 rename to payments`.execute(db);
      for (const i of indexes.rows) await sql.raw(i.sql).execute(db);
      const broken = await sql`pragma foreign_key_check`.execute(db);
      if (broken.rows.length > 0) throw new Error('026: a foreign key no longer holds after the rebuild');
      await sql`commit`.execute(db);
    } catch (e) {
      await sql`rollback`.execute(db);
      throw e;
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}
