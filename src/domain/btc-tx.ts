import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '@scure/base';
import { Address, NETWORK, OutScript, RawTx, TEST_NETWORK } from '@scure/btc-signer';
import { RawOldTx } from '@scure/btc-signer/script.js';
import { type BtcAddressType, type BtcNetwork, parseBtcAddress } from './btc-address.ts';

/**
 * Bitcoin transactions as bytes, through `@scure/btc-signer`'s audited coders (`RawTx`: the BIP144
 * serialisation with or without witnesses; `RawOldTx`: without), never hand-written serialisation.
 * A txid is the double SHA-256 of the serialisation without witnesses (BIP144: "txid"), displayed byte
 * reversed, as Bitcoin Core and Esplora write it.
 */

export type RawBtcTx = ReturnType<typeof RawTx.decode>;

/** Hex of a standard transaction's size at most (Bitcoin Core's MAX_STANDARD_TX_WEIGHT 400,000 → 400 kB). */
export const MAX_RAW_TX_BYTES = 400_000;

const dsha256 = (b: Uint8Array): Uint8Array => sha256(sha256(b));

/** Lower-case even-length hex → bytes; null for anything else (or more than MAX_RAW_TX_BYTES). */
export function rawTxBytes(rawHex: string): Uint8Array | null {
  if (rawHex.length === 0 || rawHex.length > 2 * MAX_RAW_TX_BYTES || !/^(?:[0-9a-fA-F]{2})+$/.test(rawHex))
    return null;
  return hex.decode(rawHex.toLowerCase());
}

/** The transaction of these bytes, or null when they are not exactly one (trailing bytes included). */
export function decodeBtcTx(raw: Uint8Array): RawBtcTx | null {
  try {
    return RawTx.decode(raw);
  } catch {
    return null;
  }
}

/** The txid (display order, lower-case hex) of a decoded transaction. */
export function txidOf(tx: RawBtcTx): string {
  const legacy = RawOldTx.encode({
    version: tx.version,
    inputs: tx.inputs,
    outputs: tx.outputs,
    lockTime: tx.lockTime,
  });
  return hex.encode(dsha256(legacy).reverse());
}

/** Weight (BIP141): base size × 3 + total size; vsize is its quarter rounded up. */
export function weightOf(tx: RawBtcTx, raw: Uint8Array): number {
  const base = RawOldTx.encode({
    version: tx.version,
    inputs: tx.inputs,
    outputs: tx.outputs,
    lockTime: tx.lockTime,
  }).length;
  return base * 3 + raw.length;
}

const NETWORKS: readonly BtcNetwork[] = ['regtest', 'testnet', 'bitcoin'];

/**
 * The output script (scriptPubKey) paying a Bitcoin address of any network (segwit by its hrp, base58
 * by its version byte) and its type; null when it is not a valid address.
 */
export function scriptOfAddress(address: string): { script: Uint8Array; type: BtcAddressType } | null {
  for (const network of NETWORKS) {
    const parsed = parseBtcAddress(address, network);
    if (!parsed.ok) continue;
    const script = OutScript.encode(
      // The address codec of the network's parameters; btc-signer checks the checksum again.
      addressCoder(network).decode(parsed.value.text),
    );
    return { script, type: parsed.value.type };
  }
  return null;
}

/** Bitcoin Core's regtest parameters (chainparams.cpp: bech32 "bcrt", base58 prefixes of testnet). */
const REGTEST_NETWORK = { ...TEST_NETWORK, bech32: 'bcrt' };

const addressCoder = (network: BtcNetwork) =>
  Address(network === 'bitcoin' ? NETWORK : network === 'regtest' ? REGTEST_NETWORK : TEST_NETWORK);

/** The address an output script pays on `network`, or null for a script without one (OP_RETURN, bare). */
export function addressOfScript(script: Uint8Array, network: BtcNetwork): string | null {
  try {
    const decoded = OutScript.decode(script);
    if (!['pkh', 'sh', 'wpkh', 'wsh', 'tr'].includes(decoded.type)) return null;
    return addressCoder(network).encode(decoded);
  } catch {
    return null;
  }
}

/**
 * A coinbase-like transaction of the sandbox's chain paying `amountSat` to `address`: one input whose
 * prevout is null (all-zero txid, index 0xffffffff, as a coinbase's), its scriptSig a push of `nonce`
 * (as a coinbase's extra nonce, so two deposits of one amount to one address have different txids),
 * and one output. Serialised without witnesses (it has none): `{txid, rawHex}`.
 */
export function sandboxDepositTx(
  address: string,
  amountSat: bigint,
  nonce: Uint8Array,
): { txid: string; rawHex: string } | null {
  const out = scriptOfAddress(address);
  if (out === null || nonce.length < 1 || nonce.length > 75 || amountSat <= 0n) return null;
  const raw = RawTx.encode({
    version: 2,
    segwitFlag: false,
    inputs: [
      {
        txid: new Uint8Array(32),
        index: 0xffffffff,
        finalScriptSig: Uint8Array.of(nonce.length, ...nonce),
        sequence: 0xffffffff,
      },
    ],
    outputs: [{ amount: amountSat, script: out.script }],
    witnesses: undefined,
    lockTime: 0,
  });
  return { txid: txidOf(RawTx.decode(raw)), rawHex: hex.encode(raw) };
}
