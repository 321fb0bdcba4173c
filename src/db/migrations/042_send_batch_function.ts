import { type AnyDb, isPostgres, sql } from './dialect.ts';

/**
 * PostgreSQL: `paytag_send_batch`, the set-based decision of the internal sends of one write batch
 * (db/repos/internal-sends.ts). It takes the transfer legs of every send of the batch, in queue order
 * (`l_send`: the send's number, 1..n, non-decreasing), and each send's receiving account; it locks every
 * ledger account the legs touch in id order, decides each send in turn against the running balances
 * with the guards of a single transfer (a debit never past the 64-bit range of the account's debits,
 * a guarded account never below zero, a credit never past the range of its credits), skips a send whose
 * receiver is disabled, inserts the transfers of the accepted sends and applies each account's final
 * balance in one update. Answers per send: 0 accepted, 1 insufficient balance, 2 past the 64-bit range,
 * 3 receiver disabled. A refused send writes nothing. SQLite has no such function (its writer runs each
 * unit's own statements; they cost no round trip).
 */
export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`
    CREATE FUNCTION paytag_send_batch(
      l_send int[], l_id text[], l_d_owner bigint[], l_d_code text[], l_c_owner bigint[],
      l_c_code text[], l_amount bigint[], l_code text[], l_ref text[], p_asset text, l_now bigint[],
      s_receiver bigint[]
    ) RETURNS int[] LANGUAGE plpgsql AS $fn$
    DECLARE
      maxv CONSTANT bigint := 9223372036854775807;
      n int := coalesce(array_length(s_receiver, 1), 0);
      nl int := coalesce(array_length(l_id, 1), 0);
      d_id bigint[];
      c_id bigint[];
      acc bigint[];
      dp bigint[];
      dpe bigint[];
      cp bigint[];
      cpe bigint[];
      fl bigint[];
      status int[] := array_fill(0, ARRAY[n]);
      i int := 1;
      j int;
      k int;
      s int;
      a int;
      b int;
      amt bigint;
      why int;
    BEGIN
      SELECT array_agg(q.d ORDER BY q.n), array_agg(q.c ORDER BY q.n) INTO d_id, c_id FROM (
        SELECT x.n,
          COALESCE(
            (SELECT id FROM ledger_accounts WHERE owner_account_id = x.dow AND asset = p_asset),
            (SELECT id FROM ledger_accounts WHERE system_code = x.dco AND asset = p_asset)) AS d,
          COALESCE(
            (SELECT id FROM ledger_accounts WHERE owner_account_id = x.cow AND asset = p_asset),
            (SELECT id FROM ledger_accounts WHERE system_code = x.cco AND asset = p_asset)) AS c
        FROM unnest(l_d_owner, l_d_code, l_c_owner, l_c_code) WITH ORDINALITY AS x(dow, dco, cow, cco, n)
      ) q;
      -- A locking SELECT sorts before it locks: every account of the batch, lower id first.
      SELECT array_agg(l.id ORDER BY l.id), array_agg(l.debits_posted ORDER BY l.id),
        array_agg(l.debits_pending ORDER BY l.id), array_agg(l.credits_posted ORDER BY l.id),
        array_agg(l.credits_pending ORDER BY l.id), array_agg(l.flags ORDER BY l.id)
      INTO acc, dp, dpe, cp, cpe, fl
      FROM (
        SELECT id, debits_posted, debits_pending, credits_posted, credits_pending, flags
        FROM ledger_accounts WHERE id = ANY(d_id || c_id) ORDER BY id FOR UPDATE
      ) l;
      FOR s IN
        SELECT x.n FROM unnest(s_receiver) WITH ORDINALITY AS x(r, n)
        JOIN accounts ac ON ac.id = x.r WHERE ac.disabled_at_ms IS NOT NULL
      LOOP
        status[s] := 3;
      END LOOP;
      WHILE i <= nl LOOP
        s := l_send[i];
        j := i;
        WHILE j <= nl AND l_send[j] = s LOOP
          j := j + 1;
        END LOOP;
        IF status[s] = 0 THEN
          why := 0;
          k := i;
          WHILE k < j LOOP
            a := array_position(acc, d_id[k]);
            b := array_position(acc, c_id[k]);
            amt := l_amount[k];
            IF a IS NULL OR b IS NULL OR amt <= 0 THEN
              RAISE EXCEPTION 'paytag_send_batch: transfer % names no ledger account or no amount', l_id[k];
            END IF;
            IF dp[a] + dpe[a] > maxv - amt THEN
              why := 2;
            ELSIF (fl[a] & 1) <> 0 AND cp[a] - dp[a] - dpe[a] < amt THEN
              why := 1;
            ELSIF cp[b] + cpe[b] > maxv - amt THEN
              why := 2;
            END IF;
            EXIT WHEN why <> 0;
            dp[a] := dp[a] + amt;
            cp[b] := cp[b] + amt;
            k := k + 1;
          END LOOP;
          IF why <> 0 THEN
            -- Undo the legs of this send already counted.
            WHILE k > i LOOP
              k := k - 1;
              a := array_position(acc, d_id[k]);
              b := array_position(acc, c_id[k]);
              dp[a] := dp[a] - l_amount[k];
              cp[b] := cp[b] - l_amount[k];
            END LOOP;
            status[s] := why;
          END IF;
        END IF;
        i := j;
      END LOOP;
      INSERT INTO ledger_transfers
        (id, debit_account_id, credit_account_id, amount, asset, code, ref, flags, pending_id, created_at_ms)
      SELECT l_id[x], d_id[x], c_id[x], l_amount[x], p_asset, l_code[x], l_ref[x], 0, NULL, l_now[x]
      FROM generate_subscripts(l_id, 1) AS x
      WHERE status[l_send[x]] = 0
      ORDER BY x;
      UPDATE ledger_accounts la SET debits_posted = v.dp, credits_posted = v.cp
      FROM unnest(acc, dp, cp) AS v(id, dp, cp)
      WHERE la.id = v.id AND (la.debits_posted <> v.dp OR la.credits_posted <> v.cp);
      RETURN status;
    END
    $fn$`.execute(db);
}
