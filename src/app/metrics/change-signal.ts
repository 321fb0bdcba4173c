/**
 * "This payment's status may have changed": a hint inside one process, from the code that settles an
 * incoming payment or books a chain deposit (from inside its write unit, so before the commit) to what
 * shows a payment live (the checkout page's watch, app/checkout/live-status.ts). Never state: a listener
 * reads the database again. Each runtime has its own (src/main.ts builds it into `deps`), so two
 * runtimes in one process never hear each other.
 */
export interface PaymentChanges {
  /** Tells every listener; never throws (a listener's failure is its own, the settlement goes on). */
  mayHaveChanged(tid: string): void;
  /** Adds a listener; returns what removes it. */
  listen(listener: (tid: string) => void): () => void;
}

export function createPaymentChanges(): PaymentChanges {
  const listeners = new Set<(tid: string) => void>();
  return {
    mayHaveChanged(tid) {
      for (const listener of listeners) {
        try {
          listener(tid);
        } catch {
          // See mayHaveChanged.
        }
      }
    },
    listen(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
