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
