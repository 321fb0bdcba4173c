import { createHash, randomBytes } from 'node:crypto';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import type { CreatedInvoice, CreateInvoiceInput, LightningBackend } from '../ports.ts';

/** Asks the backend for an invoice; a backend that cannot answer (node down, timeout) is a 503, not a bug. */
export async function createInvoiceOrError(
  deps: AppDeps,
  backend: LightningBackend,
  input: CreateInvoiceInput,
): Promise<Result<CreatedInvoice>> {
  try {
    return ok(await backend.createInvoice(input));
  } catch (e) {
    deps.log.error({ err: e }, 'Lightning backend could not create an invoice');
    return err('lightning_unavailable', 'the Lightning node could not create an invoice; try again shortly');
  }
}

/**
 * Asks for an invoice whose preimage the service chooses (32 bytes from the CSPRNG), so that the service
 * knows it: a payer inside the ledger (another account paying this invoice) is then given the preimage as
 * its proof of payment, as a payer from outside gets it from the network. `preimage` is null when the node
 * ignored the chosen one and made its own (the payment hash does not match it).
 */
export async function createInvoiceWithPreimage(
  deps: AppDeps,
  backend: LightningBackend,
  input: Omit<CreateInvoiceInput, 'preimage'>,
): Promise<Result<CreatedInvoice & { preimage: string | null }>> {
  const chosen = randomBytes(32);
  const made = await createInvoiceOrError(deps, backend, { ...input, preimage: chosen });
  if (!made.ok) return made;
  const kept = createHash('sha256').update(chosen).digest('hex') === made.value.paymentHash;
  return ok({ ...made.value, preimage: kept ? chosen.toString('hex') : null });
}
