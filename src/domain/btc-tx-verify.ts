import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { hex } from '@scure/base';
import { RawOutput } from '@scure/btc-signer/script.js';
import { DUST_LIMIT_SAT } from './btc-address.ts';
import { decodeBtcTx, type RawBtcTx, rawTxBytes, txidOf, weightOf } from './btc-tx.ts';

/**
 * Whether Bitcoin Core would take a transaction into its mempool, for the transactions this service
 * makes: every input spends a P2WPKH output with the witness `[signature, pubkey]`. Shared by the
 * sandbox chain (`app/chain/sandbox-transactions.ts`) and the Esplora stand-in of the tests, so both
 * refuse alike. The checks run in Bitcoin Core's order (validation.cpp `MemPoolAccept::PreChecks`, then
 * `PolicyScriptChecks`) and a refusal carries Core's reject reason:
 *
 * 1. decoding (`TX decode failed`), then `CheckTransaction` (consensus/tx_check.cpp):
 *    `bad-txns-vin-empty`, `bad-txns-vout-empty`, `bad-txns-oversize`, `bad-txns-vout-toolarge`,
 *    `bad-txns-txouttotal-toolarge`, `bad-txns-inputs-duplicate`, `bad-txns-prevout-null`; a
 *    transaction whose one input has a null prevout is a coinbase: `coinbase`;
 * 2. `IsStandardTx` (policy/policy.cpp): `version` (1..3), `tx-size` (weight above 400,000),
 *    `scriptpubkey` (an output script that is not P2PKH, P2SH, P2WPKH, P2WSH, P2TR or one OP_RETURN of at
 *    most 83 bytes), `dust` (an output below `GetDustThreshold` at 3 sat/vB: `DUST_LIMIT_SAT`);
 * 3. the inputs: one that is not an unspent output of the chain: `bad-txns-inputs-missingorspent`;
 *    `Consensus::CheckTxInputs`: `bad-txns-in-belowout, value in (…) < value out (…)`; then the
 *    minimum relay fee of 1 sat/vB (`min relay fee not met, fee < vsize`);
 * 4. each input's script (script/interpreter.cpp `VerifyScript`, witness v0 of 20 bytes, BIP141):
 *    an empty scriptSig, two witness items, HASH160(pubkey) equal to the program, the signature strictly
 *    DER (BIP66), low S (BIP62 rule 5), the pubkey compressed, and the ECDSA signature valid for the
 *    BIP143 signature hash with SIGHASH_ALL. Core reports the error of the check with all standard flags;
 *    it is `mandatory-script-verify-flag-failed (…)` when the input also fails with the consensus flags
 *    alone (the signature does not verify), else `non-mandatory-script-verify-flag (…)` (e.g. a high-S
 *    signature that is otherwise valid). A bad signature reads
 *    `mandatory-script-verify-flag-failed (Signature must be zero for failed CHECK(MULTI)SIG operation)`.
 *
 * Not checked (not needed for our case; the sandbox chain has no real blocks): lock times and sequence
 * locks (`non-final`), coinbase maturity, the ancestor and package limits, replacement (BIP125) and
 * other input types (refused: `sandbox-nonstandard-input`, the sandbox verifies P2WPKH spends only),
 * and any sighash type but SIGHASH_ALL (refused: `sighash-type-not-all`).
 */

/** An output spent by an input: what the chain knows about it. */
export interface SpentOutput {
  amount: bigint;
  script: Uint8Array;
}

export interface Outpoint {
  txid: string;
  vout: number;
}

/** A transaction that passed steps 1 and 2: what the caller resolves its inputs with. */
export interface ParsedBtcTx {
  tx: RawBtcTx;
  txid: string;
  raw: Uint8Array;
  weight: number;
  vsize: number;
  outpoints: Outpoint[];
}

export type Refusal = { ok: false; reason: string };
export type Verdict<T> = { ok: true; value: T } | Refusal;

/** 21 million BTC in satoshi (consensus/amount.h MAX_MONEY). */
export const MAX_MONEY_SAT = 2_100_000_000_000_000n;
/** policy/policy.h MAX_STANDARD_TX_WEIGHT. */
export const MAX_STANDARD_TX_WEIGHT = 400_000;
/** policy/policy.h DEFAULT_MIN_RELAY_TX_FEE: 1000 sat per 1000 vbytes. */
export const MIN_RELAY_FEE_SAT_PER_KVB = 1000n;
/** script/script.h MAX_SCRIPT_ELEMENT_SIZE. */
const MAX_SCRIPT_ELEMENT_SIZE = 520;
/** policy/policy.h MAX_OP_RETURN_RELAY (83 bytes of script). */
const MAX_OP_RETURN_RELAY = 83;
const SIGHASH_ALL = 0x01;

const refuse = (reason: string): Refusal => ({ ok: false, reason });

/** Bitcoin Core's FormatMoney (util/moneystr.cpp): 8 decimals, trailing zeros trimmed down to 2. */
export function formatMoney(sat: bigint): string {
  const neg = sat < 0n;
  const abs = neg ? -sat : sat;
  let s = `${abs / 100_000_000n}.${(abs % 100_000_000n).toString().padStart(8, '0')}`;
  while (s.endsWith('0') && s[s.length - 3] !== '.') s = s.slice(0, -1);
  return `${neg ? '-' : ''}${s}`;
}

type OutputKind = 'p2pkh' | 'p2sh' | 'p2wpkh' | 'p2wsh' | 'p2tr' | 'nulldata' | null;

/** The standard type of an output script (policy/policy.cpp `IsStandard` via `Solver`), or null. */
export function outputKind(s: Uint8Array): OutputKind {
  const n = s.length;
  if (n === 25 && s[0] === 0x76 && s[1] === 0xa9 && s[2] === 0x14 && s[23] === 0x88 && s[24] === 0xac)
    return 'p2pkh';
  if (n === 23 && s[0] === 0xa9 && s[1] === 0x14 && s[22] === 0x87) return 'p2sh';
  if (n === 22 && s[0] === 0x00 && s[1] === 0x14) return 'p2wpkh';
  if (n === 34 && s[0] === 0x00 && s[1] === 0x20) return 'p2wsh';
  if (n === 34 && s[0] === 0x51 && s[1] === 0x20) return 'p2tr';
  if (n >= 1 && n <= MAX_OP_RETURN_RELAY && s[0] === 0x6a) return 'nulldata';
  return null;
}

/** Steps 1 and 2: the transaction's shape and standardness, before any input is looked up. */
export function parseBtcTxForRelay(rawHex: string): Verdict<ParsedBtcTx> {
  const raw = rawTxBytes(rawHex);
  const tx = raw === null ? null : decodeBtcTx(raw);
  if (raw === null || tx === null) return refuse('TX decode failed');
  // CheckTransaction.
  if (tx.inputs.length === 0) return refuse('bad-txns-vin-empty');
  if (tx.outputs.length === 0) return refuse('bad-txns-vout-empty');
  const weight = weightOf(tx, raw);
  if (weight > 4_000_000) return refuse('bad-txns-oversize');
  let total = 0n;
  for (const o of tx.outputs) {
    if (o.amount > MAX_MONEY_SAT) return refuse('bad-txns-vout-toolarge');
    total += o.amount;
    if (total > MAX_MONEY_SAT) return refuse('bad-txns-txouttotal-toolarge');
  }
  const outpoints = tx.inputs.map((i) => ({ txid: hex.encode(i.txid), vout: i.index }));
  const seen = new Set<string>();
  for (const p of outpoints) {
    const key = `${p.txid}:${p.vout}`;
    if (seen.has(key)) return refuse('bad-txns-inputs-duplicate');
    seen.add(key);
  }
  const isNull = (p: Outpoint) => p.vout === 0xffffffff && /^0{64}$/.test(p.txid);
  if (outpoints.length === 1 && isNull(outpoints[0]!)) return refuse('coinbase');
  if (outpoints.some(isNull)) return refuse('bad-txns-prevout-null');
  // IsStandardTx.
  if (tx.version < 1 || tx.version > 3) return refuse('version');
  if (weight > MAX_STANDARD_TX_WEIGHT) return refuse('tx-size');
  for (const o of tx.outputs) {
    const kind = outputKind(o.script);
    if (kind === null) return refuse('scriptpubkey');
    if (kind !== 'nulldata' && o.amount < DUST_LIMIT_SAT[kind]) return refuse('dust');
  }
  return { ok: true, value: { tx, txid: txidOf(tx), raw, weight, vsize: Math.ceil(weight / 4), outpoints } };
}

const dsha256 = (b: Uint8Array): Uint8Array => sha256(sha256(b));
const hash160 = (b: Uint8Array): Uint8Array => ripemd160(sha256(b));

function u32le(n: number): Uint8Array {
  const b = new Uint8Array(4);
  new DataView(b.buffer).setUint32(0, n >>> 0, true);
  return b;
}
function u64le(n: bigint): Uint8Array {
  const b = new Uint8Array(8);
  new DataView(b.buffer).setBigUint64(0, n, true);
  return b;
}
const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};
/** An outpoint as serialised: the txid in internal (reversed display) order, then the index. */
const outpointBytes = (txid: Uint8Array, index: number) =>
  concat(Uint8Array.from(txid).reverse(), u32le(index));

/**
 * The BIP143 signature hash of input `index` spending a P2WPKH output of `amount` with program `program`
 * (20 bytes), for SIGHASH_ALL (BIP143, "Specification": double SHA-256 of nVersion, hashPrevouts,
 * hashSequence, the outpoint, scriptCode `0x1976a914{20-byte-pubkey-hash}88ac`, the amount, nSequence,
 * hashOutputs, nLockTime and the sighash type, each as the BIP lays it out).
 */
export function bip143SighashAll(
  tx: RawBtcTx,
  index: number,
  program: Uint8Array,
  amount: bigint,
): Uint8Array {
  const input = tx.inputs[index]!;
  const hashPrevouts = dsha256(concat(...tx.inputs.map((i) => outpointBytes(i.txid, i.index))));
  const hashSequence = dsha256(concat(...tx.inputs.map((i) => u32le(i.sequence))));
  const hashOutputs = dsha256(concat(...tx.outputs.map((o) => RawOutput.encode(o))));
  const scriptCode = concat(Uint8Array.of(0x19, 0x76, 0xa9, 0x14), program, Uint8Array.of(0x88, 0xac));
  const v = new Uint8Array(4);
  new DataView(v.buffer).setInt32(0, tx.version, true);
  return dsha256(
    concat(
      v,
      hashPrevouts,
      hashSequence,
      outpointBytes(input.txid, input.index),
      scriptCode,
      u64le(amount),
      u32le(input.sequence),
      hashOutputs,
      u32le(tx.lockTime),
      u32le(SIGHASH_ALL),
    ),
  );
}

/**
 * BIP66's strict DER rule for a signature with its sighash byte (script/interpreter.cpp
 * `IsValidSignatureEncoding`): 0x30 len 0x02 lenR R 0x02 lenS S hashtype, R and S positive and minimal.
 */
export function isStrictDerSignature(sig: Uint8Array): boolean {
  if (sig.length < 9 || sig.length > 73) return false;
  if (sig[0] !== 0x30 || sig[1] !== sig.length - 3) return false;
  const lenR = sig[3]!;
  if (5 + lenR >= sig.length) return false;
  const lenS = sig[5 + lenR]!;
  if (lenR + lenS + 7 !== sig.length) return false;
  if (sig[2] !== 0x02 || lenR === 0 || (sig[4]! & 0x80) !== 0) return false;
  if (lenR > 1 && sig[4] === 0x00 && (sig[5]! & 0x80) === 0) return false;
  if (sig[lenR + 4] !== 0x02 || lenS === 0 || (sig[lenR + 6]! & 0x80) !== 0) return false;
  if (lenS > 1 && sig[lenR + 6] === 0x00 && (sig[lenR + 7]! & 0x80) === 0) return false;
  return true;
}

const N = secp256k1.Point.CURVE().n;

/** R and S of a strict-DER signature (its sighash byte excluded) as integers. */
function rsOf(sig: Uint8Array): { r: bigint; s: bigint } {
  const lenR = sig[3]!;
  const lenS = sig[5 + lenR]!;
  const int = (b: Uint8Array) => (b.length === 0 ? 0n : BigInt(`0x${hex.encode(b)}`));
  return { r: int(sig.subarray(4, 4 + lenR)), s: int(sig.subarray(6 + lenR, 6 + lenR + lenS)) };
}

/** ECDSA over secp256k1 with S normalised to the low half (as Core's CPubKey::Verify does). */
function ecdsaValid(r: bigint, s: bigint, hash: Uint8Array, pubkey: Uint8Array): boolean {
  if (r <= 0n || r >= N || s <= 0n || s >= N) return false;
  const low = s > N / 2n ? N - s : s;
  const compact = concat(
    hex.decode(r.toString(16).padStart(64, '0')),
    hex.decode(low.toString(16).padStart(64, '0')),
  );
  try {
    return secp256k1.verify(compact, hash, pubkey, { prehash: false, lowS: true, format: 'compact' });
  } catch {
    return false;
  }
}

const mandatory = (e: string) => refuse(`mandatory-script-verify-flag-failed (${e})`);
const nonMandatory = (e: string) => refuse(`non-mandatory-script-verify-flag (${e})`);

/** Step 4 for one input: `spent` is a P2WPKH output (checked by the caller). */
function verifyP2wpkhInput(tx: RawBtcTx, index: number, spent: SpentOutput): Refusal | null {
  const program = spent.script.subarray(2);
  if (tx.inputs[index]!.finalScriptSig.length > 0) return mandatory('Witness requires empty scriptSig');
  const witness = tx.witnesses?.[index] ?? [];
  if (witness.length !== 2) return mandatory('Witness program hash mismatch');
  const [sig, pubkey] = witness as [Uint8Array, Uint8Array];
  if (hex.encode(hash160(pubkey)) !== hex.encode(program)) return mandatory('Witness program hash mismatch');
  if (sig.length > MAX_SCRIPT_ELEMENT_SIZE || pubkey.length > MAX_SCRIPT_ELEMENT_SIZE)
    return mandatory('Push value size limit exceeded');
  if (sig.length === 0)
    return mandatory('Script evaluated without error but finished with a false/empty top stack element');
  if (!isStrictDerSignature(sig)) return mandatory('Non-canonical DER signature');
  const hashType = sig[sig.length - 1]!;
  if (hashType !== SIGHASH_ALL) return refuse('sighash-type-not-all (only SIGHASH_ALL signatures are taken)');
  const { r, s } = rsOf(sig.subarray(0, sig.length - 1));
  const valid = ecdsaValid(r, s, bip143SighashAll(tx, index, program, spent.amount), pubkey);
  const failed = valid ? nonMandatory : mandatory;
  if (s > N / 2n) return failed('Non-canonical signature: S value is unnecessarily high');
  const compressed = pubkey.length === 33 && (pubkey[0] === 0x02 || pubkey[0] === 0x03);
  const uncompressed = pubkey.length === 65 && pubkey[0] === 0x04;
  if (!compressed && !uncompressed) return failed('Public key is neither compressed or uncompressed');
  if (!compressed) return failed('Using non-compressed keys in segwit');
  if (!valid) return mandatory('Signature must be zero for failed CHECK(MULTI)SIG operation');
  return null;
}

/** The fee a transaction pays: inputs minus outputs (satoshi). */
export interface VerifiedBtcTx extends ParsedBtcTx {
  feeSat: bigint;
}

/**
 * Steps 3 and 4 for a parsed transaction: `spent[i]` is the unspent output input i spends, undefined
 * when the chain does not have it (unknown, or already spent).
 */
export function verifyBtcTxSpends(
  parsed: ParsedBtcTx,
  spent: readonly (SpentOutput | undefined)[],
): Verdict<VerifiedBtcTx> {
  const { tx } = parsed;
  if (spent.length !== tx.inputs.length || spent.some((s) => s === undefined))
    return refuse('bad-txns-inputs-missingorspent');
  const prevouts = spent as readonly SpentOutput[];
  let valueIn = 0n;
  for (const s of prevouts) {
    if (s.amount < 0n || s.amount > MAX_MONEY_SAT) return refuse('bad-txns-inputvalues-outofrange');
    valueIn += s.amount;
    if (valueIn > MAX_MONEY_SAT) return refuse('bad-txns-inputvalues-outofrange');
  }
  const valueOut = tx.outputs.reduce((n, o) => n + o.amount, 0n);
  if (valueIn < valueOut)
    return refuse(
      `bad-txns-in-belowout, value in (${formatMoney(valueIn)}) < value out (${formatMoney(valueOut)})`,
    );
  const fee = valueIn - valueOut;
  const minFee = (BigInt(parsed.vsize) * MIN_RELAY_FEE_SAT_PER_KVB) / 1000n;
  if (fee < minFee) return refuse(`min relay fee not met, ${fee} < ${minFee}`);
  for (let i = 0; i < prevouts.length; i += 1) {
    if (outputKind(prevouts[i]!.script) !== 'p2wpkh')
      return refuse('sandbox-nonstandard-input (only P2WPKH outputs are spent here)');
  }
  for (let i = 0; i < prevouts.length; i += 1) {
    const bad = verifyP2wpkhInput(tx, i, prevouts[i]!);
    if (bad !== null) return bad;
  }
  return { ok: true, value: { ...parsed, feeSat: fee } };
}

/** The whole check with a lookup of spent outputs (undefined: unknown or already spent). */
export function verifyBtcTransaction(
  rawHex: string,
  spentOutput: (p: Outpoint) => SpentOutput | undefined,
): Verdict<VerifiedBtcTx> {
  const parsed = parseBtcTxForRelay(rawHex);
  if (!parsed.ok) return parsed;
  return verifyBtcTxSpends(parsed.value, parsed.value.outpoints.map(spentOutput));
}
