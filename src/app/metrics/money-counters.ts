/**
 * Counts of money events an operator must look at, in this process since it started (a metrics endpoint
 * reads them from deps). Each is also logged at warn or error where it happens, and the audit finds the
 * rows behind them in the database whichever process saw them.
 */
export interface MoneyCounters {
  /** Payments the node accepted for an invoice the service had already settled internally (booked). */
  secondPayments: number;
  /** Settlements for less than the invoice asked (booked on their own row; the invoice stays unpaid). */
  shortSettlements: number;
  /** Settlements the node reported without an amount (or zero): not booked, the invoice stays unpaid. */
  settlementsWithoutAmount: number;
  /** Outgoing payments whose routing fee exceeded the reserve (the excess booked to `fee_overrun`). */
  feeOverruns: number;
  /** Declined outgoing payments the node later reported as succeeded. */
  lateSuccesses: number;
}

export function createMoneyCounters(): MoneyCounters {
  return {
    secondPayments: 0,
    shortSettlements: 0,
    settlementsWithoutAmount: 0,
    feeOverruns: 0,
    lateSuccesses: 0,
  };
}
