import { type OrderRow, orderPage, setOrderEmailStatus, transfersOfOrders } from '../../db/repos/orders.ts';
import type { AuditCheck, DeliveryStatusSink } from '../deps.ts';
import type { HookPart } from '../hooks.ts';
import { emailStatusOf } from '../outbox/status-sinks.ts';
import { paidAsset, receivedAsset } from './movements.ts';

/** Most findings one audit check lists. */
const MAX_REPORTED = 100;
const PAGE = 500;

/** What an order's transfers must be, by code: [asset, total]. */
function expectedTransfers(o: OrderRow): Map<string, [string, bigint]> {
  const m = new Map<string, [string, bigint]>();
  if (o.reserved_units > 0n) m.set('trade_reserve', [paidAsset(o), o.reserved_units]);
  if (o.status === 'cancelled' && o.reserved_units > 0n) {
    m.set('trade_release', [paidAsset(o), o.reserved_units]);
  }
  if (o.status === 'filled') {
    m.set('trade_pay', [paidAsset(o), o.paid_units]);
    if (o.received_units > 0n) m.set('trade_deliver', [receivedAsset(o), o.received_units]);
    if (o.fee_units > 0n) m.set('trade_fee', [o.asset, o.fee_units]);
  }
  return m;
}

/**
 * `paytag audit`: every order has exactly the transfers its state says: a resting order its reservation,
 * a cancelled one its reservation and its release, an executed one its payment, delivery and fee, each
 * for the amounts in its row.
 */
const auditOrders: AuditCheck = async (deps) => {
  const db = deps.db.read;
  const found: string[] = [];
  let checked = 0;
  let after = '';
  for (;;) {
    const page = await orderPage(db, after, PAGE);
    if (page.length === 0) break;
    after = page[page.length - 1]!.id;
    checked += page.length;
    const actual = new Map<string, Map<string, [string, bigint]>>();
    for (const t of await transfersOfOrders(
      db,
      page.map((o) => o.id),
    )) {
      const byCode = actual.get(t.ref ?? '') ?? new Map<string, [string, bigint]>();
      const prev = byCode.get(t.code);
      byCode.set(t.code, [t.asset, (prev?.[1] ?? 0n) + BigInt(t.total)]);
      actual.set(t.ref ?? '', byCode);
    }
    for (const o of page) {
      const want = expectedTransfers(o);
      const have = actual.get(`order:${o.id}`) ?? new Map<string, [string, bigint]>();
      for (const code of new Set([...want.keys(), ...have.keys()])) {
        const w = want.get(code);
        const h = have.get(code);
        if (w?.[0] !== h?.[0] || w?.[1] !== h?.[1]) {
          found.push(
            `order ${o.id} (${o.status}): ${code} moved ${h ? `${h[1]} ${h[0]}` : 'nothing'}, expected ${w ? `${w[1]} ${w[0]}` : 'nothing'}`,
          );
        }
      }
      if (found.length >= MAX_REPORTED) return { checked, violations: found.slice(0, MAX_REPORTED) };
    }
  }
  return { checked, violations: found };
};

/** email_status of an order's receipt. */
const orderEmailSink: DeliveryStatusSink = async (trx, targetId, report) => {
  if (report.channel !== 'email') return;
  await setOrderEmailStatus(trx, targetId, emailStatusOf(report));
};

/** Spot orders' share of the hook table: receipt delivery status and the audit. */
export const tradingHooks: HookPart = {
  deliveryStatus: { order: orderEmailSink },
  auditChecks: { orders_have_their_transfers: auditOrders },
};
