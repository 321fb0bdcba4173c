import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { hrpOfNetwork } from './chain-keys.ts';
import { err, ok, type Result } from './result.ts';

/**
 * Bitcoin addresses a withdrawal may pay, checked for the service's network with the audited
 * `@scure/base` codecs (checksums included); nothing here is hand-written serialisation.
 *
 * - Segwit (BIP173, BIP350): `hrp 1 data`, hrp `bc` (mainnet), `tb` (testnet, signet), `bcrt` (regtest);
 *   all lower or all upper case, at most 90 characters. The first 5-bit word is the witness version; the
 *   rest is the program, 8-bit regrouped with no non-zero padding. Version 0 must carry the bech32
 *   checksum and a 20-byte (P2WPKH) or 32-byte (P2WSH) program; versions 1..16 the bech32m checksum
 *   (BIP350). Of those only version 1 with a 32-byte program (P2TR, BIP341) is accepted: a future version
 *   is spendable by anyone until a soft fork gives it meaning, so money is never sent to one.
 * - Base58Check (BIP13 for P2SH): 21 bytes, a version byte then a 20-byte hash; version 0x00 (P2PKH) and
 *   0x05 (P2SH) on mainnet, 0x6f and 0xc4 on testnet, signet and regtest (Bitcoin Core's chainparams.cpp
 *   base58Prefixes PUBKEY_ADDRESS / SCRIPT_ADDRESS).
 */

export type BtcNetwork = 'bitcoin' | 'testnet' | 'signet' | 'regtest';
export type BtcAddressType = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr';

export interface BtcAddress {
  /** The address as it is paid: segwit in lower case, base58 as given. */
  text: string;
  type: BtcAddressType;
}

const base58check = createBase58check(sha256);

const BASE58_VERSIONS: Record<'mainnet' | 'test', { p2pkh: number; p2sh: number }> = {
  mainnet: { p2pkh: 0x00, p2sh: 0x05 },
  test: { p2pkh: 0x6f, p2sh: 0xc4 },
};

/**
 * The smallest amount an output of this type may carry and still be relayed: Bitcoin Core's
 * GetDustThreshold (policy/policy.cpp) at its default dust relay fee of 3 sat/vB, i.e. 3 × (output size +
 * the size of the input that would spend it; witness data at a quarter).
 */
export const DUST_LIMIT_SAT: Record<BtcAddressType, bigint> = {
  p2pkh: 546n,
  p2sh: 540n,
  p2wpkh: 294n,
  p2wsh: 330n,
  p2tr: 330n,
};

const refuse = (message: string): Result<never> => err('invalid_request', `address ${message}`, 'address');

const networkName = (n: BtcNetwork): string => (n === 'bitcoin' ? 'mainnet' : n);

/** Parses a Bitcoin address for `network`; a refusal names `address` and says why. */
export function parseBtcAddress(input: unknown, network: BtcNetwork): Result<BtcAddress> {
  if (typeof input !== 'string' || input.length === 0) return refuse('is required: a Bitcoin address');
  if (input.length > 90) return refuse('is too long for a Bitcoin address (at most 90 characters)');
  const text = input.trim();
  if (text !== input) return refuse('must not have spaces around it');
  const hrp = hrpOfNetwork(network);
  const lower = text.toLowerCase();
  const sep = lower.lastIndexOf('1');
  const prefix = sep > 0 ? lower.slice(0, sep) : '';
  if (prefix === 'bc' || prefix === 'tb' || prefix === 'bcrt') {
    if (prefix !== hrp) {
      const their = prefix === 'bc' ? 'mainnet' : prefix === 'tb' ? 'testnet or signet' : 'regtest';
      return refuse(`is a ${their} address; this service withdraws on ${networkName(network)}`);
    }
    return segwit(text);
  }
  return base58(text, network);
}

function segwit(text: string): Result<BtcAddress> {
  // Each codec checks its own checksum; the version decides which one the address must carry (BIP350).
  const asBech32 = bech32.decodeUnsafe(text, 90);
  const asBech32m = bech32m.decodeUnsafe(text, 90);
  const decoded = asBech32 ?? asBech32m;
  if (decoded === undefined)
    return refuse('is not a valid bech32/bech32m address (bad checksum or characters)');
  const [version, ...data] = decoded.words;
  if (version === undefined || version > 16) return refuse('has no valid witness version');
  if (version === 0 && asBech32 === undefined)
    return refuse('is witness version 0 but has a bech32m checksum');
  if (version > 0 && asBech32m === undefined)
    return refuse('is witness version 1+ but has a bech32 checksum');
  const program = bech32.fromWordsUnsafe(data);
  if (program === undefined) return refuse('has invalid padding in its witness program');
  const lower = text.toLowerCase();
  if (version === 0) {
    if (program.length === 20) return ok({ text: lower, type: 'p2wpkh' });
    if (program.length === 32) return ok({ text: lower, type: 'p2wsh' });
    return refuse('is witness version 0 with a program of neither 20 nor 32 bytes');
  }
  if (version === 1 && program.length === 32) return ok({ text: lower, type: 'p2tr' });
  return refuse(`is witness version ${version} (${program.length} bytes), which nothing spends yet: refused`);
}

function base58(text: string, network: BtcNetwork): Result<BtcAddress> {
  let bytes: Uint8Array;
  try {
    bytes = base58check.decode(text);
  } catch {
    return refuse('is not a valid Bitcoin address (bad checksum or characters)');
  }
  if (bytes.length !== 21) return refuse('is not a valid Bitcoin address (wrong length)');
  const version = bytes[0];
  const ours = BASE58_VERSIONS[network === 'bitcoin' ? 'mainnet' : 'test'];
  const theirs = BASE58_VERSIONS[network === 'bitcoin' ? 'test' : 'mainnet'];
  if (version === ours.p2pkh) return ok({ text, type: 'p2pkh' });
  if (version === ours.p2sh) return ok({ text, type: 'p2sh' });
  if (version === theirs.p2pkh || version === theirs.p2sh) {
    const their = network === 'bitcoin' ? 'test-network' : 'mainnet';
    return refuse(`is a ${their} address; this service withdraws on ${networkName(network)}`);
  }
  return refuse('is not a Bitcoin address (unknown version byte)');
}
