import {
  countPayments,
  findPaymentLedgerMismatches,
  findReserveMismatches,
  listPaymentTransfersByCode,
  listSecondPayments,
} from '../../db/repos/audit/payments.ts';
import { systemAccountPosted } from '../../db/repos/payments.ts';
import type { AppDeps, AuditCheck } from '../deps.ts';

/** Most mismatches (and events) one audit lists; one is already a finding. */
const MAX_REPORTED = 100;

const paymentIdOf = (ref: string | null): string => ref?.replace(/^payment:/, '') ?? '?';

/**
 * The payments' checks of `paytag audit` (the hook table's `auditChecks`), in this order:
 * - payments_have_their_transfers: a paid incoming payment credited its account amount − fees, a paid
 *   outgoing one debited amount + fees, and any other payment moved nothing.
 * - payment_reserves_match_status: an outgoing Lightning payment is pending exactly while its reserve
 *   is held (a declined one with a held reserve is stuck money; a pending one whose reserve was released
 *   may still be paid by the node).
 * - payment_events (notes, not violations): second and short payments booked on their own rows, routing
 *   fees above the reserve, declined payments the node later reported paid.
 * - node_balance_matches_ledger: where the backend can tell its balance, the node holds what the
 *   ledger's `lightning_node` account says (plus AUDIT_NODE_OWN_FUNDS_MSAT), within
 *   AUDIT_NODE_TOLERANCE_MSAT. Checks nothing (checked 0) when the backend cannot tell.
 */
export const paymentAuditChecks: Record<string, AuditCheck> = {
  payments_have_their_transfers: async (deps) => {
    const found = await findPaymentLedgerMismatches(deps.db.read, MAX_REPORTED);
    return {
      checked: await countPayments(deps.db.read),
      violations: found.map(
        (m) =>
          `payment ${m.id} (${m.direction}, ${m.status}): its transfers move ${m.actual} msat on its account, expected ${m.expected}`,
      ),
    };
  },

  payment_reserves_match_status: async (deps) => {
    const { checked, found } = await findReserveMismatches(deps.db.read, MAX_REPORTED);
    return {
      checked,
      violations: found.map((m) =>
        m.problem === 'held'
          ? `payment ${m.id} is ${m.status} but its reserve is still held (stuck funds)`
          : `payment ${m.id} is pending but its reserve was released (the node may still pay it)`,
      ),
    };
  },

  payment_events: async (deps) => {
    const notes: string[] = [];
    for (const p of await listSecondPayments(deps.db.read, MAX_REPORTED)) {
      const kind = p.invoice_status === 'paid' ? 'second payment' : 'short payment';
      notes.push(
        `payment ${p.id} (tid ${p.public_id}): ${kind} of invoice ${p.invoice_id}, ${p.amount_msat} msat credited on its own row`,
      );
    }
    for (const t of await listPaymentTransfersByCode(deps.db.read, 'payment_fee_overrun', MAX_REPORTED)) {
      notes.push(
        `payment ${paymentIdOf(t.ref)}: routing fee overran its reserve by ${t.amount} msat (booked to fee_overrun)`,
      );
    }
    for (const t of await listPaymentTransfersByCode(
      deps.db.read,
      'payment_lightning_out',
      10 * MAX_REPORTED,
    )) {
      if (t.id.endsWith(':late')) {
        notes.push(`payment ${paymentIdOf(t.ref)}: declined, then reported paid by the node; booked late`);
      }
    }
    return { checked: notes.length, violations: [], notes };
  },

  node_balance_matches_ledger: (deps) => compareNodeWithLedger(deps),
};

async function compareNodeWithLedger(deps: AppDeps) {
  const backend = deps.lightning;
  let balance: Awaited<ReturnType<typeof backend.nodeBalance>>;
  try {
    balance = await backend.nodeBalance();
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return {
      checked: 0,
      violations: [],
      notes: [`node balance could not be read (${message}); not compared`],
    };
  }
  if (balance === null) {
    return {
      checked: 0,
      violations: [],
      notes: [`the ${backend.kind} backend cannot tell its balance; not compared`],
    };
  }
  const account = await systemAccountPosted(deps.db.read, 'lightning_node', 'lbtc');
  // lightning_node is debited when money arrives at the node for an account, credited when it leaves.
  const ledgerMsat = account === undefined ? 0n : account.debits_posted - account.credits_posted;
  const expectedMsat = ledgerMsat + deps.config.audit.nodeOwnFundsMsat;
  const nodeMsat = balance.channelLocalMsat + balance.onchainConfirmedMsat;
  const diff = nodeMsat > expectedMsat ? nodeMsat - expectedMsat : expectedMsat - nodeMsat;
  const tolerance = deps.config.audit.nodeToleranceMsat;
  return {
    checked: 1,
    violations:
      diff > tolerance
        ? [
            `the node holds ${nodeMsat} msat, the ledger’s lightning_node account ${ledgerMsat} msat` +
              ` (+ ${deps.config.audit.nodeOwnFundsMsat} msat own funds): a difference of ${diff} msat,` +
              ` more than the tolerance of ${tolerance} msat`,
          ]
        : [],
  };
}
