/**
 * The words of payments, each defined here once: the schema, the ports, the commands and every wire
 * contract import them. A new network or asset starts here (then `rail.ts`, `amounts.ts`, config and
 * its adapter: docs/architecture.md lists the rest).
 */

/** The asset a payment is in: Lightning BTC (`lbtc`), on-chain BTC, and USDT on an EVM network. */
export const WALLETS = ['lbtc', 'btc', 'usdt'] as const;
export type Wallet = (typeof WALLETS)[number];

/** The assets paid on chain (the wallets that have an address). */
export type ChainAsset = Exclude<Wallet, 'lbtc'>;

/** How the payer pays (the spec's `payment_mode`): a Lightning invoice or an on-chain address. */
export const RAILS = ['lightning', 'onchain'] as const;
export type Rail = (typeof RAILS)[number];

/** The networks of on-chain addresses (the spec's `chain_network`). */
export const CHAIN_NETWORKS = ['BTC', 'ERC20', 'BEP20', 'MATIC'] as const;
export type ChainNetwork = (typeof CHAIN_NETWORKS)[number];

/** The EVM networks: where USDT is paid, as a token. */
export const EVM_NETWORKS = ['ERC20', 'BEP20', 'MATIC'] as const satisfies readonly ChainNetwork[];
export type EvmNetwork = (typeof EVM_NETWORKS)[number];

/**
 * How a payment row moves its money: `internal` between two accounts of this service, `lightning` over
 * the node, `chain` by deposits to an on-chain address (migration 026 set it on the earlier chain rows).
 */
export type Route = 'internal' | 'lightning' | 'chain';

/**
 * send: an account paid someone; receive: an account's incoming side; voucher_claim: an issuer paid a
 * voucher out; payout: an item of a payout batch (docs/payouts.md).
 */
export type PaymentPurpose = 'send' | 'receive' | 'voucher_claim' | 'payout';

export type PaymentDirection = 'in' | 'out';

/**
 * States (the spec lists the values, this service defines the moves):
 *   incoming invoice: pending → paid (settled) | declined (expired unpaid); declined → paid when a
 *   payment arrives after expiry (the money is credited, never lost).
 *   outgoing payment: pending (reserved, outcome unknown) → paid | declined (failed, reserve released).
 *   `undefined` is part of the wire vocabulary but no flow of this service produces it.
 */
export const PAYMENT_STATUSES = ['undefined', 'pending', 'declined', 'paid'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/**
 * How an on-chain request's outcome differs from an exact, on-time payment (docs/chain-deposits.md):
 * `paid_late` (status paid, by a deposit first seen after the expiry inside the monitoring window),
 * `paid_partial` (status declined at the expiry with part of the amount received and credited),
 * `paid_over` (status paid with more than the amount asked). Null: none of these.
 */
export const PAYMENT_EXCEPTIONS = ['paid_late', 'paid_partial', 'paid_over'] as const;
export type PaymentException = (typeof PAYMENT_EXCEPTIONS)[number];
