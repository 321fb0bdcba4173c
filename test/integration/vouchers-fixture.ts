import { createSandboxBackend, type SandboxBackend } from '../../src/adapters/lightning/sandbox.ts';
import type { Caller } from '../../src/app/accounts/authenticate.ts';
import { auditLedger } from '../../src/app/audit/audit-ledger.ts';
import type { LightningBackend, PayInvoiceInput } from '../../src/app/ports.ts';
import type { Env } from '../../src/config/index.ts';
import type { Dialect } from '../../src/db/database.ts';
import { availableBalance } from '../../src/db/repos/ledger.ts';
import type { PaymentRow } from '../../src/db/repos/payments.ts';
import { receiveLapi } from '../fixtures/lapi.ts';
import { ManualClock, type TestAccount, type TestRuntime, testRuntime } from '../fixtures/runtime.ts';

/** A voucher test's world: the service with the sandbox as its Lightning node, and a node outside it. */
export interface VoucherWorld extends TestRuntime {
  clock: ManualClock;
  /** The service's own Lightning node. */
  node: SandboxBackend;
  /** Another node: its invoices are paid through the (simulated) network. */
  outside: SandboxBackend;
}

export async function voucherWorld(
  dialect: Dialect,
  env: Env = {},
  clock = new ManualClock(),
): Promise<VoucherWorld> {
  const t = await testRuntime(dialect, env, { clock });
  const node = await createSandboxBackend({ clock, network: 'regtest' });
  const outside = await createSandboxBackend({ clock, network: 'regtest' });
  // The app was built with this same deps object, so it pays through the sandbox too.
  t.deps.lightning = node;
  return {
    ...t,
    clock,
    node,
    outside,
    async close() {
      await node.close();
      await outside.close();
      await t.close();
    },
  };
}

export const BTC = 100_000_000_000n; // msat

export const callerOf = (a: TestAccount, kind: 'invoice' | 'admin' = 'admin'): Caller => ({
  accountId: a.id,
  usertag: a.usertag,
  kind,
});

export function value<T>(
  r: { ok: true; value: T } | { ok: false; error: { code: string; message: string } },
): T {
  if (!r.ok) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r.value;
}

export const errorOf = (r: { ok: boolean; error?: { code: string } }): string | undefined =>
  r.ok ? undefined : r.error?.code;

export const balanceOf = (w: TestRuntime, a: TestAccount): Promise<bigint> =>
  availableBalance(w.deps.db.read, a.id, 'lbtc');

export async function auditViolations(w: TestRuntime): Promise<string[]> {
  return (await auditLedger(w.deps)).violations;
}

/** An invoice of this service for `owner` (a payment request made with receive). */
export async function ownInvoice(w: TestRuntime, owner: TestAccount, amountBtc: string): Promise<PaymentRow> {
  return value(
    await receiveLapi(w.deps, callerOf(owner, 'invoice'), {
      body: { amount: amountBtc },
      idempotencyKey: null,
    }),
  );
}

/** An invoice of the outside node; description `sandbox:fail` / `sandbox:pending` script the payment. */
export async function outsideInvoice(
  w: VoucherWorld,
  amountMsat: bigint | null,
  description = 'coffee',
): Promise<{ payreq: string; paymentHash: string }> {
  return w.outside.createInvoice({ amountMsat, description, expirySec: 3600 });
}

/**
 * Makes the service's node hold every payment until `release()` (like a slow route), then pay it as
 * before. Each payment waits for its own release; `release` lets go of the latest one.
 */
export function holdPayments(w: VoucherWorld): { release(): void } {
  const node = w.deps.lightning!;
  const held = { release: () => {} };
  w.deps.lightning = Object.assign(Object.create(node) as LightningBackend, {
    payInvoice: async (input: PayInvoiceInput) => {
      await new Promise<void>((resolve) => {
        held.release = resolve;
      });
      return node.payInvoice(input);
    },
  });
  return { release: () => held.release() };
}
