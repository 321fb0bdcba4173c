import { type Kysely, sql } from 'kysely';
import type { SetDecide } from '../deferred.ts';
import { deferralOf } from '../deferred.ts';
import { isPostgres } from '../dialect.ts';
import { WRITE_BATCH_LOCK } from '../postgres/group-commit.ts';
import { prepare } from '../prepared.ts';
import type { DB } from '../schema.ts';
import type { TransferLeg } from './ledger.ts';
import { bigintAsText, COLUMNS, type PaymentRow } from './payments.ts';

/**
 * PostgreSQL: the internal sends of one write batch decided and written set-based. A plain usertag
 * send in a batch that defers (db/deferred.ts) hands its payment rows, its transfers (the amount and
 * its fee legs) and its receiver to the batch instead of writing them; before the batch's next unit
 * that does not defer and before its COMMIT, ONE statement decides them all: `paytag_send_batch`
 * (migration 042) locks every ledger account of the batch in id order, decides each send in queue
 * order against the running balances with a single transfer's guards (balance, 64-bit range) and the
 * receiver's disabled flag, inserts the accepted sends' transfers and applies each account's total;
 * the same statement inserts the accepted sends' payment rows. A refused send writes nothing, and
 * its unit is answered the refusal it would get alone; the others of the batch stand. No
 * subtransaction: the decision is made before anything is written. The statement takes the batch lock
 * shared itself (a no-op inside a batch's transaction that holds it): a batch of only such sends runs
 * it as its whole transaction, committing on its own (WriteOptions.decisionCommits).
 */

export interface InternalSend {
  /** The payer's and the receiver's rows (no Idempotency-Key: those take the unit's own path). */
  rows: readonly PaymentRow[];
  legs: readonly TransferLeg[];
  /** The receiving account: a disabled one refuses the send. */
  receiverId: bigint;
  asset: string;
  nowMs: number;
}

/** How the batch decided a send. */
export type InternalSendOutcome =
  | 'accepted'
  | 'insufficient_balance'
  | 'balance_limit_exceeded'
  | 'account_disabled';

const OUTCOMES: readonly InternalSendOutcome[] = [
  'accepted',
  'insufficient_balance',
  'balance_limit_exceeded',
  'account_disabled',
];

type Params = {
  l_send: number[];
  l_id: string[];
  l_d_owner: Array<string | null>;
  l_d_code: Array<string | null>;
  l_c_owner: Array<string | null>;
  l_c_code: Array<string | null>;
  l_amount: string[];
  l_code: string[];
  l_ref: Array<string | null>;
  asset: string;
  l_now: string[];
  s_receiver: string[];
  rows: string;
  row_send: number[];
};

const SEND_BATCH = prepare<Params, { status: number[] }>((db, p) => {
  const c = (name: keyof Params, type: string) => sql`CAST(${p(name)} AS ${sql.raw(type)})`;
  const columns = sql.join(COLUMNS.map((col) => sql.ref(col)));
  const fromRows = sql.join(COLUMNS.map((col) => sql.ref(`r.${col}`)));
  const raw = sql<{ status: number[] }>`
    WITH lk AS (SELECT pg_advisory_xact_lock_shared(${sql.raw(String(WRITE_BATCH_LOCK))}) AS l),
    st AS (
      SELECT paytag_send_batch(${c('l_send', 'INT[]')}, ${c('l_id', 'TEXT[]')}, ${c('l_d_owner', 'BIGINT[]')},
        ${c('l_d_code', 'TEXT[]')}, ${c('l_c_owner', 'BIGINT[]')}, ${c('l_c_code', 'TEXT[]')},
        ${c('l_amount', 'BIGINT[]')}, ${c('l_code', 'TEXT[]')}, ${c('l_ref', 'TEXT[]')}, ${c('asset', 'TEXT')},
        ${c('l_now', 'BIGINT[]')}, ${c('s_receiver', 'BIGINT[]')}) AS s
      FROM lk
    ),
    ins AS (
      INSERT INTO payments (${columns})
      SELECT ${fromRows}
      FROM st, json_array_elements(${c('rows', 'JSON')}) WITH ORDINALITY AS e(j, n)
        CROSS JOIN LATERAL json_populate_record(CAST(NULL AS payments), e.j) AS r
      WHERE st.s[(${c('row_send', 'INT[]')})[e.n]] = 0
      RETURNING 1
    )
    SELECT st.s AS status, (SELECT count(*) FROM ins) AS n FROM st`;
  return { compile: () => raw.compile(db) };
});

const decideSends: SetDecide<InternalSend, InternalSendOutcome> = {
  async run(exec, sends) {
    const p: Params = {
      l_send: [],
      l_id: [],
      l_d_owner: [],
      l_d_code: [],
      l_c_owner: [],
      l_c_code: [],
      l_amount: [],
      l_code: [],
      l_ref: [],
      asset: sends[0]?.asset ?? 'lbtc',
      l_now: [],
      s_receiver: [],
      rows: '',
      row_send: [],
    };
    const rows: PaymentRow[] = [];
    for (const [k, s] of sends.entries()) {
      if (s.asset !== p.asset) throw new Error('internal sends of one batch move one asset');
      p.s_receiver.push(String(s.receiverId));
      for (const l of s.legs) {
        p.l_send.push(k + 1);
        p.l_id.push(l.id);
        p.l_d_owner.push(l.debitOwner === null ? null : String(l.debitOwner));
        p.l_d_code.push(l.debitCode);
        p.l_c_owner.push(l.creditOwner === null ? null : String(l.creditOwner));
        p.l_c_code.push(l.creditCode);
        p.l_amount.push(String(l.amount));
        p.l_code.push(l.code);
        p.l_ref.push(l.ref);
        p.l_now.push(String(s.nowMs));
      }
      for (const r of s.rows) {
        rows.push(r);
        p.row_send.push(k + 1);
      }
    }
    p.rows = JSON.stringify(rows, bigintAsText);
    const r = await SEND_BATCH.first(exec, p);
    if (r === undefined || r.status.length !== sends.length) throw new Error('send batch: no decision');
    return r.status.map((code) => {
      const o = OUTCOMES[code];
      if (o === undefined) throw new Error(`send batch: unknown decision ${code}`);
      return o;
    });
  },
  accepted: (o) => o === 'accepted',
};

/**
 * Hands the send to its batch (see above) when the unit runs in a PostgreSQL batch that defers, and
 * answers how it was decided; undefined elsewhere (SQLite, a unit alone): the caller writes it itself.
 */
export function decideInBatch(trx: Kysely<DB>, send: InternalSend): Promise<InternalSendOutcome> | undefined {
  if (!isPostgres(trx)) return undefined;
  if (send.rows.some((r) => r.idempotency_key !== null)) return undefined;
  const deferral = deferralOf(trx);
  return deferral?.decide(decideSends, send);
}
