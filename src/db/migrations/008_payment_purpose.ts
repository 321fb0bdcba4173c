import { type AnyDb, int64, sql } from './dialect.ts';

/**
 * Why a payment exists and which voucher it pays out, as columns. Until now an issuer's payment of a
 * voucher redemption named its voucher only inside `extra` (`{"voucher_tid", "voucher_code"}`); the
 * backfill reads that JSON once.
 *
 *   purpose     send (an account paid someone), receive (an account's incoming side), voucher_claim
 *               (an issuer's payment of a voucher redemption)
 *   voucher_id  the voucher a voucher_claim pays out
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('payments')
    .addColumn('purpose', 'text', (c) =>
      c.notNull().defaultTo('send').check(sql`purpose in ('send', 'receive', 'voucher_claim')`),
    )
    .execute();
  await db.schema
    .alterTable('payments')
    .addColumn('voucher_id', int64(db), (c) => c.references('vouchers.id'))
    .execute();
  await db.updateTable('payments').set({ purpose: 'receive' }).where('direction', '=', 'in').execute();

  const claims = await db
    .selectFrom('payments')
    .select(['id', 'extra'])
    .where('direction', '=', 'out')
    .where('extra', 'like', '%"voucher_code"%')
    .execute();
  for (const p of claims as Array<{ id: bigint | number; extra: string }>) {
    let code: unknown;
    try {
      code = (JSON.parse(p.extra) as { voucher_code?: unknown }).voucher_code;
    } catch {
      continue;
    }
    if (typeof code !== 'string') continue;
    const v = (await db.selectFrom('vouchers').select('id').where('code', '=', code).executeTakeFirst()) as
      | { id: bigint | number }
      | undefined;
    if (v === undefined) continue;
    await db
      .updateTable('payments')
      .set({ purpose: 'voucher_claim', voucher_id: v.id })
      .where('id', '=', p.id)
      .execute();
  }
  await db.schema
    .createIndex('payments_voucher')
    .on('payments')
    .column('voucher_id')
    .where(sql.ref('voucher_id'), 'is not', null)
    .execute();
}
