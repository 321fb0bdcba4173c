import { bigint } from './fields.ts';
import { section } from './section.ts';

export interface AuditConfig {
  /** Largest difference between the node's balance and the ledger's that `paytag audit` accepts. */
  nodeToleranceMsat: bigint;
  /** What the node holds beyond the ledger (the operator's own liquidity), added to the ledger's side. */
  nodeOwnFundsMsat: bigint;
}

export const audit = section(
  {
    AUDIT_NODE_TOLERANCE_MSAT: bigint(0n, 2_100_000_000_000_000_000n),
    AUDIT_NODE_OWN_FUNDS_MSAT: bigint(0n, 2_100_000_000_000_000_000n),
  },
  (v): AuditConfig => ({
    nodeToleranceMsat: v.AUDIT_NODE_TOLERANCE_MSAT,
    nodeOwnFundsMsat: v.AUDIT_NODE_OWN_FUNDS_MSAT,
  }),
);
