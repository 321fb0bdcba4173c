import type { ReceiveCommand } from '../../../app/payments/commands.ts';
import { ok, type Result } from '../../../domain/result.ts';
import { btcAmountOf } from '../../wire/payment-fields.ts';
import { decodeReceiveCommon, lightningReceive } from '../../wire/receive-common.ts';

// The dashboard's receive form (GET and POST /dashboard/receive): its two fields decode straight into
// the ReceiveCommand of a Lightning request in lbtc, as POST /lapi/v1/receive's decoder builds it, with
// the shared pieces of wire/ (the BTC amount, the receive fields every wire shares).

/** The fields of the receive form. */
export const RECEIVE_FIELDS = ['amount', 'description'];

/** The receive form's fields → ReceiveCommand (no idempotency key: each submit is a new request). */
export function decodeReceiveForm(f: Record<string, string>): Result<ReceiveCommand> {
  const amount = btcAmountOf(f['amount'] ?? '', 'amount is required (BTC, e.g. 0.0001)');
  if (!amount.ok) return amount;
  const description = f['description'] ?? '';
  const common = decodeReceiveCommon(description === '' ? {} : { description }, null);
  if (!common.ok) return common;
  return ok(lightningReceive(amount.value!, common.value));
}
