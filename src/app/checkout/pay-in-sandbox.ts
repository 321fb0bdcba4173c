import { err, ok, type Result } from '../../domain/result.ts';
import { sandboxDeposit } from '../chain/sandbox-deposit.ts';
import type { AppDeps } from '../deps.ts';
import { payFromOutside } from '../sandbox/pay-from-outside.ts';
import { viewCheckout } from './view-checkout.ts';

/**
 * The checkout page's "Pay with sandbox wallet": a wallet outside the service pays the page's invoice
 * through the sandbox node (test money; any other backend refuses). Answers once the payment is credited.
 */
export async function payCheckoutInSandbox(deps: AppDeps, tid: string): Promise<Result<void>> {
  if (deps.config.lightning.backend !== 'sandbox') {
    return err('sandbox_only', 'paying from the checkout page is only possible with the sandbox backend');
  }
  const view = await viewCheckout(deps, tid);
  if (!view.ok) return view;
  const state = view.value.status.state;
  if (state === 'paid') return ok(undefined);
  // The page's expiry decides, as for the payer with a wallet (the node may still accept it a moment).
  if (state !== 'pending') return err('invoice_expired', 'this payment request can no longer be paid');
  const paid = await payFromOutside(deps, view.value.invoice);
  if (!paid.ok && paid.error.code !== 'invoice_already_paid') return paid;
  return ok(undefined);
}

/**
 * The checkout page's sandbox chain form: a deposit of what the on-chain request still misses, with the
 * confirmations chosen (default SANDBOX_CHAIN_CONFIRMATIONS). Like the sandbox wallet, it pays a pending
 * request only: the form sent again once the request is paid deposits nothing more.
 */
export async function depositCheckoutInSandbox(
  deps: AppDeps,
  tid: string,
  confirmations: number | undefined,
): Promise<Result<void>> {
  const view = await viewCheckout(deps, tid);
  if (!view.ok) return view;
  const state = view.value.status.state;
  if (state === 'paid') return ok(undefined);
  if (state !== 'pending') return err('invoice_expired', 'this payment request can no longer be paid');
  const made = await sandboxDeposit(deps, { tid, confirmations });
  return made.ok ? ok(undefined) : made;
}
