import { type Kysely, sql } from 'kysely';
import type { NwcEncryption } from '../../domain/nostr/nwc.ts';
import type { PaymentDirection } from '../../domain/payments/vocabulary.ts';
import { isPostgres } from '../dialect.ts';
import { prepare } from '../prepared.ts';
import type { DB } from '../schema.ts';
import type { PaymentRow } from './payments.ts';

type Exec = Kysely<DB>;

export interface NwcConnectionRow {
  id: bigint;
  public_id: string;
  account_id: bigint;
  name: string;
  client_pubkey: string;
  methods: string;
  max_amount_msat: bigint | null;
  budget_msat: bigint | null;
  budget_renewal: 'daily' | 'weekly' | 'monthly' | 'yearly' | 'total';
  expires_at_ms: bigint | null;
  revoked_at_ms: bigint | null;
  created_at_ms: bigint;
  /** The encryption its client last asked in; null before its first request. */
  encryption: NwcEncryption | null;
}

const CONNECTION_COLUMNS = [
  'id',
  'public_id',
  'account_id',
  'name',
  'client_pubkey',
  'methods',
  'max_amount_msat',
  'budget_msat',
  'budget_renewal',
  'expires_at_ms',
  'revoked_at_ms',
  'created_at_ms',
  'encryption',
] as const;

export async function insertNwcConnection(
  trx: Exec,
  c: Omit<NwcConnectionRow, 'id' | 'revoked_at_ms' | 'encryption'>,
): Promise<bigint> {
  const r = await trx
    .insertInto('nwc_connections')
    .values({ ...c, revoked_at_ms: null, encryption: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return r.id;
}

/** Connections of an account not revoked, newest first (revoked ones too with `includeRevoked`). */
export async function listNwcConnections(
  exec: Exec,
  accountId: bigint,
  limit: number,
  includeRevoked: boolean,
): Promise<NwcConnectionRow[]> {
  let q = exec
    .selectFrom('nwc_connections')
    .select(CONNECTION_COLUMNS)
    .where('account_id', '=', accountId)
    .orderBy('id', 'desc')
    .limit(limit);
  if (!includeRevoked) q = q.where('revoked_at_ms', 'is', null);
  return q.execute();
}

export async function countLiveNwcConnections(exec: Exec, accountId: bigint): Promise<number> {
  const r = await exec
    .selectFrom('nwc_connections')
    .select((eb) => eb.fn.countAll<bigint>().as('n'))
    .where('account_id', '=', accountId)
    .where('revoked_at_ms', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function findNwcConnectionByPublicId(
  exec: Exec,
  publicId: string,
): Promise<NwcConnectionRow | undefined> {
  return exec
    .selectFrom('nwc_connections')
    .select(CONNECTION_COLUMNS)
    .where('public_id', '=', publicId)
    .executeTakeFirst();
}

export async function findNwcConnectionByPubkey(
  exec: Exec,
  clientPubkey: string,
): Promise<NwcConnectionRow | undefined> {
  return exec
    .selectFrom('nwc_connections')
    .select(CONNECTION_COLUMNS)
    .where('client_pubkey', '=', clientPubkey)
    .executeTakeFirst();
}

/** Re-reads a connection in a write unit, locking its row on PostgreSQL (the budget's check and use). */
export async function lockNwcConnection(trx: Exec, id: bigint): Promise<NwcConnectionRow | undefined> {
  const q = trx.selectFrom('nwc_connections').select(CONNECTION_COLUMNS).where('id', '=', id);
  return (isPostgres(trx) ? q.forUpdate() : q).executeTakeFirst();
}

/** Remembers the encryption a connection's client asks in (its notifications' kind follows it). */
export async function setNwcConnectionEncryption(
  trx: Exec,
  id: bigint,
  encryption: NwcEncryption,
): Promise<void> {
  await trx.updateTable('nwc_connections').set({ encryption }).where('id', '=', id).execute();
}

// Read in the write unit of every payment settled while NWC is on (most accounts have no connection):
// prepared, as the payment reads beside it are.
const notifiedConnections = prepare<
  { accountId: bigint; nowMs: bigint },
  { id: bigint; client_pubkey: string; encryption: NwcEncryption | null; methods: string }
>((db, p) =>
  db
    .selectFrom('nwc_connections')
    .select(['id', 'client_pubkey', 'encryption', 'methods'])
    .where('account_id', '=', p('accountId'))
    .where('revoked_at_ms', 'is', null)
    .where((eb) => eb.or([eb('expires_at_ms', 'is', null), eb('expires_at_ms', '>', p('nowMs'))])),
);

/**
 * The connections of an account that get its notifications: granted `notifications`, not revoked, not
 * expired at `nowMs` (an account holds at most NWC_CONNECTIONS_PER_ACCOUNT live ones).
 */
export async function listNotifiedNwcConnections(
  exec: Exec,
  accountId: bigint,
  nowMs: number,
): Promise<Array<{ id: bigint; client_pubkey: string; encryption: NwcEncryption | null }>> {
  const rows = await notifiedConnections.all(exec, { accountId, nowMs: BigInt(nowMs) });
  return rows
    .filter((r) => r.methods.split(' ').includes('notifications'))
    .map(({ id, client_pubkey, encryption }) => ({ id, client_pubkey, encryption }));
}

// Read in the write unit of every outgoing payment that resolves while NWC is on: prepared.
const unansweredRequests = prepare<
  { paymentId: bigint },
  { event_id: string; method: string; encryption: NwcEncryption | null; client_pubkey: string }
>((db, p) =>
  db
    .selectFrom('nwc_requests')
    .innerJoin('nwc_connections', 'nwc_connections.id', 'nwc_requests.connection_id')
    .select([
      'nwc_requests.event_id',
      'nwc_requests.method',
      'nwc_requests.encryption',
      'nwc_connections.client_pubkey',
    ])
    .where('nwc_requests.payment_id', '=', p('paymentId'))
    .where('nwc_requests.response_event', 'is', null),
);

/** The requests still waiting for the answer of a payment (a pay_invoice whose handler let go). */
export async function unansweredNwcRequestsOfPayment(
  exec: Exec,
  paymentId: bigint,
): Promise<
  Array<{ event_id: string; method: string; encryption: NwcEncryption | null; client_pubkey: string }>
> {
  return unansweredRequests.all(exec, { paymentId });
}

/** Marks a live connection revoked; false when it was already revoked. */
export async function markNwcConnectionRevoked(trx: Exec, id: bigint, nowMs: number): Promise<boolean> {
  const r = await trx
    .updateTable('nwc_connections')
    .set({ revoked_at_ms: nowMs })
    .where('id', '=', id)
    .where('revoked_at_ms', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

export interface NwcRequestRow {
  id: bigint;
  event_id: string;
  connection_id: bigint;
  method: string;
  created_at_ms: bigint;
  payment_id: bigint | null;
  response_event: string | null;
  answered_at_ms: bigint | null;
  encryption: NwcEncryption | null;
}

/**
 * Takes a request: inserts its row unless its event id was taken before (by this or another instance).
 * Answers true when this call took it.
 */
export async function takeNwcRequest(
  trx: Exec,
  r: { eventId: string; connectionId: bigint; method: string; encryption: NwcEncryption; nowMs: number },
): Promise<boolean> {
  const res = await trx
    .insertInto('nwc_requests')
    .values({
      event_id: r.eventId,
      connection_id: r.connectionId,
      method: r.method,
      created_at_ms: r.nowMs,
      payment_id: null,
      response_event: null,
      answered_at_ms: null,
      encryption: r.encryption,
    })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return (res.numInsertedOrUpdatedRows ?? 0n) === 1n;
}

export async function findNwcRequest(exec: Exec, eventId: string): Promise<NwcRequestRow | undefined> {
  return exec
    .selectFrom('nwc_requests')
    .select([
      'id',
      'event_id',
      'connection_id',
      'method',
      'created_at_ms',
      'payment_id',
      'response_event',
      'answered_at_ms',
      'encryption',
    ])
    .where('event_id', '=', eventId)
    .executeTakeFirst();
}

export async function setNwcRequestPayment(trx: Exec, eventId: string, paymentId: bigint): Promise<void> {
  await trx
    .updateTable('nwc_requests')
    .set({ payment_id: paymentId })
    .where('event_id', '=', eventId)
    .execute();
}

/** Keeps a request's answer unless one is kept already; true when this one was kept. */
export async function setNwcResponse(
  trx: Exec,
  eventId: string,
  responseEvent: string,
  nowMs: number,
): Promise<boolean> {
  const r = await trx
    .updateTable('nwc_requests')
    .set({ response_event: responseEvent, answered_at_ms: nowMs })
    .where('event_id', '=', eventId)
    .where('response_event', 'is', null)
    .executeTakeFirst();
  return r.numUpdatedRows === 1n;
}

/**
 * What a connection's payments since `sinceMs` hold against its budget (msat): paid ones with their
 * routing and service fees, pending ones with their fee reserve (what they may still cost); declined
 * ones moved nothing.
 */
export async function nwcSpentSince(exec: Exec, connectionId: bigint, sinceMs: number): Promise<bigint> {
  const r = await exec
    .selectFrom('nwc_requests')
    .innerJoin('payments', 'payments.id', 'nwc_requests.payment_id')
    .select(
      sql<bigint>`COALESCE(SUM(payments.amount_msat + payments.service_fee_msat + payments.gst_fee_msat + CASE WHEN payments.status = 'paid' THEN payments.network_fee_msat ELSE payments.fee_reserve_msat END), 0)`.as(
        'spent',
      ),
    )
    .where('nwc_requests.connection_id', '=', connectionId)
    .where('nwc_requests.created_at_ms', '>=', BigInt(sinceMs))
    .where('payments.status', 'in', ['paid', 'pending'])
    .executeTakeFirstOrThrow();
  return BigInt(r.spent);
}

/**
 * An account's Lightning payments for NIP-47 list_transactions: created within [fromMs, untilMs], one
 * direction or both, settled only or also unpaid ones, newest first, a page of `limit` after `offset`.
 */
export async function listNwcTransactions(
  exec: Exec,
  q: {
    accountId: bigint;
    fromMs: number;
    untilMs: number;
    direction: PaymentDirection | null;
    includeUnpaid: boolean;
    limit: number;
    offset: number;
  },
): Promise<PaymentRow[]> {
  let s = exec
    .selectFrom('payments')
    .selectAll()
    .where('account_id', '=', q.accountId)
    .where('wallet', '=', 'lbtc')
    .where('created_at_ms', '>=', BigInt(q.fromMs))
    .where('created_at_ms', '<=', BigInt(q.untilMs));
  if (q.direction !== null) s = s.where('direction', '=', q.direction);
  s = q.includeUnpaid ? s : s.where('status', '=', 'paid');
  return s.orderBy('created_at_ms', 'desc').orderBy('id', 'desc').limit(q.limit).offset(q.offset).execute();
}
