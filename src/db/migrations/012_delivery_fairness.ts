import { type AnyDb, int64 } from './dialect.ts';

/**
 * Delivery: fairness between receivers, and e-mail caps that last.
 *
 * Fair delivery: every outbox row names the host its attempts go to (`dest_host`: a webhook URL's
 * host and port, `mail` for e-mails, which all go through one SMTP server or the dev mailbox), so a
 * claim can take at most a few rows per host and a slow host only delays its own rows. Rows still
 * pending get theirs here; older finished rows keep none (a redelivery of one counts as a host of its
 * own).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('outbox').addColumn('dest_host', 'text').execute();
  const pending = await db
    .selectFrom('outbox')
    .select(['id', 'kind', 'destination'])
    .where('state', '=', 'pending')
    .execute();
  for (const r of pending as Array<{ id: bigint | number; kind: string; destination: string }>) {
    let host = 'mail';
    if (r.kind !== 'email') {
      try {
        host = new URL(r.destination).host.toLowerCase();
      } catch {
        host = '(invalid url)';
      }
    }
    await db.updateTable('outbox').set({ dest_host: host }).where('id', '=', r.id).execute();
  }
  // Rows in flight per host (live leases), and a host's pending rows (put off while its circuit is open).
  await db.schema.createIndex('outbox_lease').on('outbox').column('lease_until_ms').execute();
  await db.schema.createIndex('outbox_host').on('outbox').columns(['dest_host', 'state']).execute();

  // E-mail caps (per recipient, per issuing account): one row per key and window, like rate_limits, but
  // an ordinary (logged) table on both databases, so no restart or crash forgets a count, and apart from
  // the other limits' keys, so no amount of other traffic pushes one out.
  await db.schema
    .createTable('mail_counts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', int64(db), (c) => c.notNull())
    .addColumn('reset_at_ms', int64(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('mail_counts_reset').on('mail_counts').column('reset_at_ms').execute();
}
