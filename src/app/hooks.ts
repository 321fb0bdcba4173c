import type { PaymentPurpose } from '../domain/payments/vocabulary.ts';
import type { AppHooks } from './deps.ts';

/** One feature's share of the hook table. */
export type HookPart = { [K in keyof AppHooks]?: Partial<AppHooks[K]> };

const PURPOSES: readonly PaymentPurpose[] = ['send', 'receive', 'voucher_claim', 'payout'];

/**
 * Builds the hook table from the features' parts (src/main.ts). A key given twice is a wiring bug, and
 * a payment purpose nobody answers for means a feature is missing: both throw at start-up, so a runtime
 * built without a feature fails before it serves anything, not later by silently skipping its step.
 */
export function buildHooks(parts: readonly HookPart[]): AppHooks {
  const table = { paymentResolved: {}, deliveryStatus: {}, redeliveryGuards: {}, auditChecks: {} };
  for (const part of parts) {
    for (const [section, entries] of Object.entries(part) as Array<[keyof AppHooks, object]>) {
      const into = table[section] as Record<string, unknown>;
      for (const [key, fn] of Object.entries(entries)) {
        if (key in into) throw new Error(`hook ${section}.${key} is given twice`);
        into[key] = fn;
      }
    }
  }
  const missing = PURPOSES.filter((p) => !(p in table.paymentResolved));
  if (missing.length > 0) {
    throw new Error(
      `no feature handles payments of purpose ${missing.join(', ')}: the runtime is incomplete`,
    );
  }
  return Object.freeze(table) as AppHooks;
}
