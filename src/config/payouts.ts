import { int, optional } from './fields.ts';
import { section } from './section.ts';

export interface PayoutsConfig {
  /** Items of payout batches paid at once per process (each is one payment through the engine). */
  concurrency: number;
  /** Items one batch may hold at most. */
  maxItems: number;
  /**
   * How long a claimed item stays with its worker before it has a payment (resolving an LNURL, the
   * payment's write unit); after it, another worker may take the item over (the first stopped).
   */
  claimLeaseMs: number;
  /** Wait between rounds of the payout worker when no item is due. */
  pollIntervalMs: number;
  /** Largest body of POST /lapi/v1/payouts, in bytes (500 invoices with route hints need far more than BODY_LIMIT_BYTES). */
  bodyLimitBytes: number;
  /**
   * Satoshis reserved with each on-chain BTC withdrawal, above its amount, for its share of the
   * transaction's fee (the unused part goes back when the transaction confirms).
   */
  withdrawFeeReserveSat: bigint;
  /**
   * The operator wallet's BIP32 master key fingerprint (8 hex digits, as Sparrow and Electrum show it):
   * written into each PSBT's key origins so the wallet finds its keys. Not in an xpub; null: not set
   * (`paytag payouts psbt` refuses; with the hot seed it is derived from the seed).
   */
  btcMasterFingerprint: string | null;
  /** The BIP32 path of BTC_XPUB below the master key, e.g. `m/84'/1'/0'`; null: `m/84'/<coin>'/0'`. */
  btcAccountPath: string | null;
  /** Confirmation target (blocks) whose fee estimate a withdrawal batch uses when no rate is given. */
  withdrawFeeTargetBlocks: number;
  /** Most queued withdrawals one batch pays (the rest wait for the next batch). */
  withdrawMaxOutputs: number;
  /** Most outputs one batch may spend (a transaction must stay below the standard weight limit). */
  withdrawMaxInputs: number;
  /** Highest fee rate a batch may be built at, sat per 1000 vbytes (a typo in --fee-rate stops here). */
  withdrawMaxFeeRateSatPerKvb: bigint;
}

/** 8 hex digits, or absent. */
const fingerprint = () =>
  optional().transform((v, ctx) => {
    if (v === null) return null;
    if (!/^[0-9a-fA-F]{8}$/.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be 8 hex digits, the master key fingerprint (got "${v}")`,
      });
    }
    return v.toLowerCase();
  });

/** A hardened BIP32 path of depth 3, e.g. m/84'/1'/0' (h accepted for '), or absent. */
const accountPath = () =>
  optional().transform((v, ctx) => {
    if (v === null) return null;
    if (!/^m(\/\d{1,10}['h]){3}$/.test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a hardened account path of depth 3 such as m/84'/0'/0' (got "${v}")`,
      });
    }
    return v.replaceAll('h', "'");
  });

export const payouts = section(
  {
    PAYOUT_CONCURRENCY: int(4, 1, 64),
    PAYOUT_MAX_ITEMS: int(500, 1, 500),
    PAYOUT_CLAIM_LEASE_MS: int(120_000, 1000, 3_600_000),
    PAYOUT_POLL_INTERVAL_MS: int(1000, 10, 60_000),
    PAYOUT_BODY_LIMIT_BYTES: int(2_097_152, 1024, 16_777_216),
    BTC_WITHDRAW_FEE_RESERVE_SAT: int(10_000, 0, 10_000_000),
    BTC_MASTER_FINGERPRINT: fingerprint(),
    BTC_ACCOUNT_PATH: accountPath(),
    BTC_WITHDRAW_FEE_TARGET_BLOCKS: int(6, 1, 1008),
    BTC_WITHDRAW_MAX_OUTPUTS: int(500, 1, 2000),
    BTC_WITHDRAW_MAX_INPUTS: int(500, 1, 1500),
    BTC_WITHDRAW_MAX_FEE_RATE_SAT_VB: int(1000, 1, 100_000),
  },
  (v): PayoutsConfig => ({
    concurrency: v.PAYOUT_CONCURRENCY,
    maxItems: v.PAYOUT_MAX_ITEMS,
    claimLeaseMs: v.PAYOUT_CLAIM_LEASE_MS,
    pollIntervalMs: v.PAYOUT_POLL_INTERVAL_MS,
    bodyLimitBytes: v.PAYOUT_BODY_LIMIT_BYTES,
    withdrawFeeReserveSat: BigInt(v.BTC_WITHDRAW_FEE_RESERVE_SAT),
    btcMasterFingerprint: v.BTC_MASTER_FINGERPRINT,
    btcAccountPath: v.BTC_ACCOUNT_PATH,
    withdrawFeeTargetBlocks: v.BTC_WITHDRAW_FEE_TARGET_BLOCKS,
    withdrawMaxOutputs: v.BTC_WITHDRAW_MAX_OUTPUTS,
    withdrawMaxInputs: v.BTC_WITHDRAW_MAX_INPUTS,
    withdrawMaxFeeRateSatPerKvb: BigInt(v.BTC_WITHDRAW_MAX_FEE_RATE_SAT_VB) * 1000n,
  }),
);
