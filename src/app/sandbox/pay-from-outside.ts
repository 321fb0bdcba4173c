import { findIncomingByHash, findSecondPayment, type PaymentRow } from '../../db/repos/payments.ts';
import { Abort, type AppError } from '../../domain/errors.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { settleIncomingInvoice } from '../payments/settlement/settle-incoming.ts';

/**
 * Sandbox only: a payer outside the service pays an invoice of this node (a person testing, or a test).
 * The settlement is credited before this answers: besides any running settlement listener, this call
 * listens itself for its duration (crediting is idempotent, so two listeners credit once). That also
 * makes it work from the CLI, a process without the background jobs.
 */
export async function payFromOutside(deps: AppDeps, invoice: string | null): Promise<Result<PaymentRow>> {
  const backend = deps.lightning;
  // A capability of the backend, declared by name on the port (the sandbox node has it).
  const payer = backend.capabilities?.payFromOutside;
  if (payer === undefined) {
    return err('sandbox_only', 'paying from outside is only possible with LIGHTNING_BACKEND=sandbox');
  }
  if (invoice === null || invoice.trim() === '') {
    return err('invalid_request', 'invoice is required (a BOLT11 invoice of this service)', 'invoice');
  }
  const decoded = deps.decodeInvoice(invoice.trim());
  if (!decoded.ok) return err('invoice_invalid', `not a valid BOLT11 invoice: ${decoded.message}`, 'invoice');
  const hash = decoded.invoice.paymentHash;
  const before = await findIncomingByHash(deps.db.read, hash);
  if (before === undefined) return err('not_found', 'this invoice was not issued by this service', 'invoice');
  // No check of the ledger's status: like a real node, the sandbox pays any invoice still open there,
  // including one the service settled internally before it could cancel it (that payment is booked too,
  // on its own row, which the answer names). A cancelled one stays cancelled across restarts and
  // processes (the node's invoice states are kept in the database, see main.ts).

  const listening = new AbortController();
  // A credit the ledger refuses (e.g. a balance past its limit) is answered with its own code.
  let refused: AppError | null = null;
  backend.subscribeSettlements(async (s) => {
    if (s.paymentHash !== hash) return;
    try {
      await settleIncomingInvoice(deps, s);
    } catch (e) {
      if (e instanceof Abort) refused = e.error;
      throw e;
    }
  }, listening.signal);
  try {
    const r = await payer(decoded.invoice.payreq);
    if (!r.ok) {
      const why = refused as AppError | null;
      if (why !== null) return err(why.code, why.message, 'invoice');
      switch (r.reason) {
        case 'expired':
          return err('invoice_expired', r.message, 'invoice');
        case 'already_paid':
        case 'canceled':
          return err('invoice_already_paid', r.message, 'invoice');
        case 'not_this_node':
          return err('not_found', 'this invoice was not issued by this node', 'invoice');
        default:
          return err('invoice_invalid', r.message, 'invoice');
      }
    }
  } finally {
    listening.abort();
  }
  // An invoice already settled inside the ledger: this payment was booked on a row of its own.
  if (before.status === 'paid') {
    const second = await findSecondPayment(deps.db.read, before.id);
    if (second !== undefined) return ok(second);
  }
  return ok((await findIncomingByHash(deps.db.read, hash))!);
}
