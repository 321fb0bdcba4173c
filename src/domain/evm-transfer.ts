import { keccak_256 } from '@noble/hashes/sha3.js';
import { hex } from '@scure/base';
import { eip55 } from './chain-keys.ts';
import { ASSETS, formatUnitsTruncated } from './money.ts';
import { err, ok, type Result } from './result.ts';

/**
 * USDT withdrawals on EVM networks (docs/payouts.md, "Withdrawing USDT"): the destination address, the
 * amount in the token's base unit, and whether a transaction receipt shows the withdrawal paid.
 */

/** keccak256("Transfer(address,address,uint256)"): the ERC-20 Transfer event's topic 0 (EIP-20). */
export const TRANSFER_TOPIC = `0x${hex.encode(keccak_256(new TextEncoder().encode('Transfer(address,address,uint256)')))}`;

export interface EvmAddress {
  /** 0x + 40 lower-case hex: what logs are compared with. */
  lower: string;
  /** The same with the EIP-55 checksum: what is stored and shown. */
  checksummed: string;
}

const ZERO = `0x${'0'.repeat(40)}`;

/**
 * A 20-byte EVM address, 0x-prefixed. All lower or all upper case carries no checksum (EIP-55 allows
 * both); mixed case must be the EIP-55 checksum exactly, so a mistyped character is caught. The zero
 * address is refused (tokens sent there are burnt, and USDT refuses it).
 */
export function parseEvmAddress(input: unknown, field = 'address'): Result<EvmAddress> {
  if (typeof input !== 'string' || input.trim() === '') {
    return err('invalid_request', `${field} is required: a 0x-prefixed 20-byte address`, field);
  }
  const text = input.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) {
    return err(
      'invalid_request',
      `${field} must be 0x followed by 40 hex digits (an EVM address), got ${text.length} characters`,
      field,
    );
  }
  const body = text.slice(2);
  const lower = `0x${body.toLowerCase()}`;
  const checksummed = eip55(body.toLowerCase());
  const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
  if (mixed && text !== checksummed) {
    return err(
      'invalid_request',
      `${field} fails its EIP-55 checksum (mixed case that is not ${checksummed}): a character is wrong`,
      field,
    );
  }
  if (lower === ZERO)
    return err('invalid_request', `${field} is the zero address: tokens sent there are lost`, field);
  return ok({ lower, checksummed });
}

/** USDT in the ledger's unit (10^-6) → the token's base unit at `decimals` (6 or more). */
export function usdtUnitsToRaw(units: bigint, decimals: number): bigint {
  const scale = ASSETS.usdt.decimals;
  if (!Number.isInteger(decimals) || decimals < scale)
    throw new Error(`token decimals ${decimals} below ${scale}`);
  return units * 10n ** BigInt(decimals - scale);
}

/** One log of a receipt, as the node answered it (addresses and hex in lower case). */
export interface EvmLog {
  address: string;
  topics: readonly string[];
  data: string;
  logIndex: number;
  removed: boolean;
}

/** A transaction's receipt, as far as a withdrawal is concerned. */
export interface EvmReceipt {
  txHash: string;
  /** `status` 0x1 (success) or 0x0 (failure: reverted, nothing it did stands). */
  success: boolean;
  blockNumber: number;
  blockHash: string;
  logs: readonly EvmLog[];
  /** Its block is at or below the node's `finalized` block (or the configured depth). */
  final: boolean;
}

export interface ExpectedTransfer {
  /** The token contract, lower-case. */
  contract: string;
  /** The destination, lower-case. */
  to: string;
  /** In the token's base unit. */
  amountRaw: bigint;
  /** The token's decimals (for the messages). */
  decimals: number;
  network: string;
}

interface Transfer {
  contract: string;
  to: string;
  value: bigint;
}

/** The receipt's well-formed ERC-20 Transfer logs (topic 0, two indexed addresses, a uint256 value). */
function transfersOf(r: EvmReceipt): Transfer[] {
  const out: Transfer[] = [];
  for (const l of r.logs) {
    if (l.removed || l.topics.length !== 3 || l.topics[0]?.toLowerCase() !== TRANSFER_TOPIC) continue;
    const to = l.topics[2]!.toLowerCase();
    if (!/^0x0{24}[0-9a-f]{40}$/.test(to) || !/^0x[0-9a-fA-F]{64}$/.test(l.data)) continue;
    out.push({ contract: l.address.toLowerCase(), to: `0x${to.slice(26)}`, value: BigInt(l.data) });
  }
  return out;
}

/** Exact: every decimal place of the token, then the base-unit count. */
const fmt = (raw: bigint, decimals: number): string => {
  const text = formatUnitsTruncated(raw, decimals, decimals);
  const short = text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
  return `${short} USDT (${raw} base units)`;
};

/**
 * Whether the receipt pays the withdrawal: status 0x1 and one Transfer log of the configured contract
 * to the address for exactly the amount. Otherwise the reason, naming what differs (the contract, the
 * recipient, the amount).
 */
export function matchTransfer(r: EvmReceipt, want: ExpectedTransfer): Result<void> {
  const refuse = (m: string) => err('invalid_request', m, 'tx_hash');
  if (!r.success) {
    return refuse('the transaction failed (receipt status 0x0, reverted): it moved no USDT');
  }
  const all = transfersOf(r);
  if (all.length === 0) return refuse('the transaction has no ERC-20 Transfer log: it moved no token');
  const ofToken = all.filter((t) => t.contract === want.contract);
  if (ofToken.length === 0) {
    const others = [...new Set(all.map((t) => t.contract))].join(', ');
    return refuse(
      `the transaction's Transfer logs are of another contract (${others}), not the USDT contract ${want.contract} on ${want.network}`,
    );
  }
  const toAddress = ofToken.filter((t) => t.to === want.to);
  if (toAddress.length === 0) {
    const others = [...new Set(ofToken.map((t) => t.to))].join(', ');
    return refuse(`the transaction pays USDT to another recipient (${others}), not ${want.to}`);
  }
  if (!toAddress.some((t) => t.value === want.amountRaw)) {
    const paid = toAddress.map((t) => fmt(t.value, want.decimals)).join(', ');
    return refuse(
      `the transaction pays ${want.to} another amount (${paid}), not the withdrawal's ${fmt(want.amountRaw, want.decimals)}`,
    );
  }
  return ok(undefined);
}
