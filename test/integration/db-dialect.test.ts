import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dialectOf } from '../../src/db/dialect.ts';
import { prepare } from '../../src/db/prepared.ts';
import { lockAccountsInOrder } from '../../src/db/repos/ledger.ts';
import type { DB } from '../../src/db/schema.ts';
import { DIALECTS, itWhere, makeAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

/** A prepared query that answers which executor it ran on, as the hot paths run theirs. */
const seenBy = prepare<{ id: bigint }, { id: bigint }>((db, p) =>
  db.selectFrom('accounts').select('id').where('id', '=', p('id')),
);

// The repositories branch on the dialect themselves (row locks, SKIP LOCKED, advisory locks), reading
// it from the executor they are given: nothing above db/ hands it down.
describe.each(DIALECTS)('the dialect read from the executor on %s', (dialect) => {
  let t: TestRuntime;
  afterEach(async () => {
    await t?.close();
  });

  it('read, a write unit, a unit wrapped in a plugin and a unit running prepared queries all name it', async () => {
    t = await testRuntime(dialect);
    const a = await makeAccount(t.deps);
    expect(t.deps.db.dialect).toBe(dialect);
    expect(dialectOf(t.deps.db.read)).toBe(dialect);
    const seen = await t.deps.db.write(async (trx: Kysely<DB>) => {
      const before = dialectOf(trx);
      const row = await seenBy.first(trx, { id: a.id });
      const wrapped = trx.withPlugin({
        transformQuery: (x) => x.node,
        transformResult: async (x) => x.result,
      });
      return { before, row: row?.id, after: dialectOf(trx), wrapped: dialectOf(wrapped) };
    });
    expect(seen).toEqual({ before: dialect, row: a.id, after: dialect, wrapped: dialect });
    expect((await seenBy.first(t.deps.db.read, { id: a.id }))?.id).toBe(a.id);
    await expect(t.deps.db.ping()).resolves.toBeUndefined();
  });

  it('a prepared query binds named values in the statement order, keeps values compiled in, and refuses a missing one', async () => {
    t = await testRuntime(dialect);
    const a = await makeAccount(t.deps);
    const mixed = prepare<{ id: bigint; tag: string }, { id: bigint }>((db, p) =>
      db
        .selectFrom('accounts')
        .select('id')
        .where('id', '>', 0n)
        .where('usertag', '=', p('tag'))
        .where('id', '=', p('id'))
        .where('id', '<=', p('id')),
    );
    for (const exec of [t.deps.db.read]) {
      expect(await mixed.all(exec, { id: a.id, tag: a.usertag })).toEqual([{ id: a.id }]);
      expect(await mixed.all(exec, { id: a.id, tag: 'someone_else' })).toEqual([]);
      await expect(mixed.all(exec, { id: a.id } as unknown as { id: bigint; tag: string })).rejects.toThrow(
        'prepared query: missing parameter tag',
      );
    }
    expect(await t.deps.db.write((trx) => mixed.all(trx, { tag: a.usertag, id: a.id }))).toEqual([
      { id: a.id },
    ]);
  });

  itWhere(dialect === 'postgres')(
    'lockAccountsInOrder holds its rows inside the unit: another transaction cannot take them',
    async () => {
      t = await testRuntime(dialect);
      const a = await makeAccount(t.deps, { fund: { lbtc: '0.001' } });
      const other = await t.deps.db.write(async (trx) => {
        await lockAccountsInOrder(trx, [{ owner: a.id }]);
        // t.deps.db.read is another pooled connection, outside this unit.
        return sql`select id from ledger_accounts where owner_account_id = ${a.id} for update nowait`
          .execute(t.deps.db.read)
          .then(
            () => 'taken',
            (e: { code?: string }) => e.code,
          );
      });
      expect(other).toBe('55P03'); // lock_not_available
    },
  );
});
