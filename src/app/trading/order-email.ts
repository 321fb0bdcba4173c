import type { OrderRow } from '../../db/repos/orders.ts';
import { type Asset, formatAssetBalance } from '../../domain/money.ts';
import { formatE8, symbolOf } from '../../domain/orders.ts';
import { formatFee } from '../../domain/trading.ts';
import { composeEmail } from '../mail/compose-email.ts';
import { unlinked } from '../mail/unlinked.ts';
import { paidAsset, receivedAsset } from './movements.ts';

/**
 * The receipt of an executed order, sent to its receiver_email: what was bought or sold, at what price,
 * the fee, and what was received and paid. The note is the account holder's words, shown as plain text
 * with anything a mail client could take for a link broken.
 */
export function orderReceiptEmail(o: OrderRow): { subject: string; text: string; html: string } {
  const traded = o.asset as Asset;
  const asset = symbolOf(traded);
  const quote = symbolOf(o.quote as Asset);
  const verb = o.side === 'buy' ? 'Bought' : 'Sold';
  const amount = formatAssetBalance(traded, o.amount_units);
  const price = formatE8(o.executed_price_e8 ?? o.price_e8);
  const subject = `Order ${o.id}: ${verb.toLowerCase()} ${amount} ${asset}`;
  const { text, html } = composeEmail({
    heading: `${verb} ${amount} ${asset} at ${price} ${quote}`,
    paragraphs: [
      `Order: ${o.id}`,
      `Executed: ${new Date(Number(o.executed_at_ms ?? o.created_at_ms)).toUTCString()}`,
      `Fee: ${formatFee(traded, o.fee_units)} ${asset}`,
      `Received: ${formatAssetBalance(receivedAsset(o), o.received_units)} ${symbolOf(receivedAsset(o))}`,
      `Paid: ${formatAssetBalance(paidAsset(o), o.paid_units)} ${symbolOf(paidAsset(o))}`,
      ...(o.note === null || o.note === '' ? [] : [`Note: ${unlinked(o.note)}`]),
    ],
  });
  return { subject, text, html };
}
