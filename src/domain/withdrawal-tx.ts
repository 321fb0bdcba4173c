import { base64, hex } from '@scure/base';
import type { HDKey } from '@scure/bip32';
import { Address, OutScript, p2wpkh, Script, Transaction } from '@scure/btc-signer';
import { RawPSBTV0 } from '@scure/btc-signer/psbt.js';
import type { BtcNetwork } from './btc-address.ts';
import { err, ok, type Result } from './result.ts';

/**
 * The transaction of a batch of on-chain BTC withdrawals, pure: sizes, the fee and its shares, the coin
 * selection, the BIP174 PSBT (built and read by `@scure/btc-signer`, never serialised by hand) and the
 * comparison of a signed transaction with its batch. docs/payouts.md explains the rules to operators.
 */

/** btc-signer's network parameters (bech32 hrp, base58 versions: Bitcoin Core's chainparams.cpp). */
export function signerNetwork(network: BtcNetwork) {
  if (network === 'bitcoin') return { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 };
  return { bech32: network === 'regtest' ? 'bcrt' : 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };
}

/**
 * The output script an address pays to. A P2TR output is `OP_1 <32 bytes>` written by btc-signer's
 * Script coder: its OutScript coder also insists the 32 bytes be a valid x-only key, which consensus does
 * not (Bitcoin Core pays any v1 32-byte program), and the withdrawal API takes the address as Core does.
 */
export function scriptOf(address: string, network: BtcNetwork): Uint8Array {
  const decoded = Address(signerNetwork(network)).decode(address);
  if (decoded.type === 'tr') return Script.encode(['OP_1', decoded.pubkey]);
  return OutScript.encode(decoded);
}

// ---------------------------------------------------------------- sizes and fee

/** Bytes of a CompactSize integer (the counts of inputs and outputs, script lengths). */
const compactSize = (n: number): number => (n < 0xfd ? 1 : n <= 0xffff ? 3 : 5);

/**
 * Weight of one P2WPKH input, its signature at the largest DER size: 41 bytes outside the witness
 * (outpoint 36, empty scriptSig 1, sequence 4) × 4, plus the witness (item count 1, signature 1 + 72
 * with its sighash byte, public key 1 + 33) = 164 + 108. A real signature is 71 or 72 bytes, so the real
 * weight is at most this and the fee rate paid at least the one asked.
 */
export const P2WPKH_INPUT_WEIGHT = 272;

/** Serialised size of an output paying `script`: amount 8, script length, script. */
export const outputBytes = (scriptLength: number): number => 8 + compactSize(scriptLength) + scriptLength;

/** P2WPKH change output: 8 + 1 + 22. */
export const P2WPKH_OUTPUT_BYTES = outputBytes(22);

/**
 * Virtual size (BIP141: weight / 4, rounded up) of a segwit transaction with `inputs` P2WPKH inputs and
 * outputs of the given sizes: version 4 and lock time 4 and the two counts outside the witness, the
 * marker and flag (2 weight units) inside.
 */
export function estimateVsize(inputs: number, outputSizes: readonly number[]): number {
  const base = 8 + compactSize(inputs) + compactSize(outputSizes.length);
  const weight = base * 4 + 2 + inputs * P2WPKH_INPUT_WEIGHT + outputSizes.reduce((a, b) => a + b, 0) * 4;
  return Math.ceil(weight / 4);
}

/** The fee of `vsize` vbytes at `rateSatPerKvb` sat per 1000 vbytes, rounded up. */
export const feeForVsize = (vsize: number, rateSatPerKvb: bigint): bigint =>
  (BigInt(vsize) * rateSatPerKvb + 999n) / 1000n;

/**
 * Each withdrawal's share of the fee. A withdrawal pays for the bytes of its own output at the batch's
 * rate (rounded down), and the rest of the fee (the transaction's overhead, inputs, change, and any
 * change too small to keep) is split equally; the first (fee mod n) withdrawals, in batch order, pay one
 * satoshi more. The shares sum exactly to `feeSat`. `outputSizes[i]` is withdrawal i's output in bytes.
 */
export function feeShares(feeSat: bigint, rateSatPerKvb: bigint, outputSizes: readonly number[]): bigint[] {
  const own = outputSizes.map((b) => (BigInt(b) * rateSatPerKvb) / 1000n);
  const ownSum = own.reduce((a, b) => a + b, 0n);
  const n = BigInt(outputSizes.length);
  if (n === 0n) return [];
  // The fee covers every output's bytes at the rate (rounded up), so the rest is never negative; a fee
  // below that (not built by buildPlan) is split equally as a whole.
  const base = ownSum <= feeSat ? own : outputSizes.map(() => 0n);
  const rest = feeSat - base.reduce((a, b) => a + b, 0n);
  const each = rest / n;
  const extra = rest % n;
  return base.map((b, i) => b + each + (BigInt(i) < extra ? 1n : 0n));
}

// ---------------------------------------------------------------- coin selection

/** An output of the service's wallet that a batch may spend. */
export interface Coin {
  txid: string;
  vout: number;
  amountSat: bigint;
  /** 0: receive chain `…/0/i` (a deposit); 1: change chain `…/1/i` (an earlier batch's change). */
  keyChain: 0 | 1;
  index: bigint;
}

export interface Payment {
  address: string;
  amountSat: bigint;
  /** Serialised size of its output. */
  outputSize: number;
}

export type Selection =
  | { ok: true; coins: Coin[]; feeSat: bigint; changeSat: bigint; vsize: number }
  | { ok: false; missingSat: bigint; limitedByInputs: boolean };

/** The smallest change kept (a P2WPKH output's dust limit); less is left to the fee. */
export const CHANGE_DUST_SAT = 294n;

/**
 * Coin selection, largest first: coins are taken from the largest down (ties by txid and index, so the
 * choice is reproducible) until they pay the outputs and the fee of the transaction so far. Largest
 * first spends the fewest inputs, the part of the fee that grows with every coin; small coins wait until
 * a batch needs them. A change output is made when what is left over is at least CHANGE_DUST_SAT after
 * paying its own bytes; otherwise the left-over goes to the fee. At most `maxInputs` coins.
 */
export function selectCoins(
  available: readonly Coin[],
  payments: readonly Payment[],
  rateSatPerKvb: bigint,
  maxInputs: number,
): Selection {
  const sorted = [...available].sort((a, b) =>
    a.amountSat !== b.amountSat
      ? a.amountSat > b.amountSat
        ? -1
        : 1
      : a.txid !== b.txid
        ? a.txid < b.txid
          ? -1
          : 1
        : a.vout - b.vout,
  );
  const sizes = payments.map((p) => p.outputSize);
  const outSat = payments.reduce((a, p) => a + p.amountSat, 0n);
  let sum = 0n;
  const taken: Coin[] = [];
  for (const coin of sorted) {
    if (taken.length >= maxInputs) break;
    taken.push(coin);
    sum += coin.amountSat;
    const n = taken.length;
    const withChangeVsize = estimateVsize(n, [...sizes, P2WPKH_OUTPUT_BYTES]);
    const withChangeFee = feeForVsize(withChangeVsize, rateSatPerKvb);
    if (sum >= outSat + withChangeFee + CHANGE_DUST_SAT) {
      return {
        ok: true,
        coins: taken,
        feeSat: withChangeFee,
        changeSat: sum - outSat - withChangeFee,
        vsize: withChangeVsize,
      };
    }
    const vsize = estimateVsize(n, sizes);
    const fee = feeForVsize(vsize, rateSatPerKvb);
    if (sum >= outSat + fee) return { ok: true, coins: taken, feeSat: sum - outSat, changeSat: 0n, vsize };
  }
  const n = Math.max(taken.length, 1);
  const need = outSat + feeForVsize(estimateVsize(n, sizes), rateSatPerKvb);
  return {
    ok: false,
    missingSat: need - sum,
    limitedByInputs: taken.length >= maxInputs && taken.length < sorted.length,
  };
}

// ---------------------------------------------------------------- the PSBT

/** Where the operator's keys sit: the master key's fingerprint and the account key's path below it. */
export interface KeyOrigin {
  /** BIP32 master key fingerprint, as a big-endian 32-bit number (the 8 hex digits wallets show). */
  fingerprint: number;
  /** The account key's path, e.g. [84', 1', 0'] with the hardened bit set. */
  accountPath: number[];
}

const HARDENED = 0x80000000;

/** `m/84'/1'/0'` → [84 + 2^31, 1 + 2^31, 2^31]. */
export function parseHardenedPath(path: string): number[] {
  return path
    .split('/')
    .slice(1)
    .map((p) => Number.parseInt(p, 10) + (p.endsWith("'") || p.endsWith('h') ? HARDENED : 0));
}

export const pathText = (path: readonly number[]): string =>
  ['m', ...path.map((i) => (i >= HARDENED ? `${i - HARDENED}'` : String(i)))].join('/');

export interface PsbtInput extends Coin {
  /** The whole transaction that created the output (BIP174 PSBT_IN_NON_WITNESS_UTXO), raw hex. */
  rawTxHex: string;
}

export interface PsbtPlan {
  inputs: readonly PsbtInput[];
  payments: readonly { address: string; amountSat: bigint }[];
  /** Change, paid last; null: none. */
  change: { index: bigint; amountSat: bigint } | null;
}

/**
 * Builds the unsigned PSBT (BIP174 version 0): every input with witness_utxo and non_witness_utxo (the
 * full previous transaction: wallets check the amount against it, since a segwit v0 signature does not
 * commit to other inputs' amounts) and its bip32_derivation (master fingerprint + full path
 * `m/84'/coin'/account'/chain/i`), the change output with its bip32_derivation (so the wallet shows it
 * as its own), and the account xpub in PSBT_GLOBAL_XPUB. The outputs are the withdrawals in batch
 * order, then the change. Sequence 0xffffffff (no replace-by-fee signal): the batch is followed by its
 * txid, which a fee bump would change. Answers the PSBT and the unsigned txid.
 */
export function buildPsbt(
  plan: PsbtPlan,
  account: HDKey,
  origin: KeyOrigin,
  network: BtcNetwork,
): { psbt: Uint8Array; txid: string; changeVout: number | null; changeAddress: string | null } {
  const net = signerNetwork(network);
  // allowUnknownOutputs: a P2TR output whose key is off the curve (see scriptOf) is still an output.
  const tx = new Transaction({ version: 2, lockTime: 0, allowUnknownOutputs: true });
  const derive = (chain: 0 | 1, index: bigint) => {
    const pub = account.deriveChild(chain).deriveChild(Number(index)).publicKey;
    if (pub === null) throw new Error('account key without a public key');
    return pub;
  };
  for (const input of plan.inputs) {
    const pub = derive(input.keyChain, input.index);
    const prev = Transaction.fromRaw(hex.decode(input.rawTxHex), { allowUnknownOutputs: true });
    if (prev.id !== input.txid) throw new Error(`previous transaction ${prev.id} is not ${input.txid}`);
    const out = prev.getOutput(input.vout);
    const script = p2wpkh(pub, net).script;
    if (
      out.amount !== input.amountSat ||
      out.script === undefined ||
      hex.encode(out.script) !== hex.encode(script)
    ) {
      throw new Error(
        `output ${input.txid}:${input.vout} does not pay ${input.amountSat} sat to the expected key`,
      );
    }
    tx.addInput({
      txid: input.txid,
      index: input.vout,
      sequence: 0xffffffff,
      witnessUtxo: { script, amount: input.amountSat },
      nonWitnessUtxo: hex.decode(input.rawTxHex),
      bip32Derivation: [
        [
          pub,
          {
            fingerprint: origin.fingerprint,
            path: [...origin.accountPath, input.keyChain, Number(input.index)],
          },
        ],
      ],
    });
  }
  for (const p of plan.payments) tx.addOutput({ script: scriptOf(p.address, network), amount: p.amountSat });
  let changeVout: number | null = null;
  let changeAddress: string | null = null;
  if (plan.change !== null) {
    const pub = derive(1, plan.change.index);
    const pay = p2wpkh(pub, net);
    changeAddress = pay.address ?? null;
    changeVout = tx.addOutput({
      script: pay.script,
      amount: plan.change.amountSat,
      bip32Derivation: [
        [
          pub,
          { fingerprint: origin.fingerprint, path: [...origin.accountPath, 1, Number(plan.change.index)] },
        ],
      ],
    });
  }
  // PSBT_GLOBAL_XPUB is not reachable through Transaction's API: the library's own PSBT coder reads the
  // PSBT it wrote, the entry is added, and the coder writes it again (checking depth = path length).
  const raw = RawPSBTV0.decode(tx.toPSBT(0));
  const version = network === 'bitcoin' ? 0x0488b21e : 0x043587cf; // BIP32 xpub / tpub versions
  raw.global.xpub = [
    [
      {
        version,
        depth: account.depth,
        parentFingerprint: account.parentFingerprint,
        childNumber: account.index,
        chainCode: Uint8Array.from(account.chainCode!),
        publicKey: Uint8Array.from(account.publicKey!),
      },
      { fingerprint: origin.fingerprint, path: origin.accountPath },
    ],
  ];
  return { psbt: RawPSBTV0.encode(raw), txid: tx.id, changeVout, changeAddress };
}

// ---------------------------------------------------------------- reading what the operator signed

export interface SignedCandidate {
  /** The unsigned txid (the same once signed: every input is segwit v0). */
  txid: string;
  /** The complete signed transaction, raw hex; null: a PSBT that is not fully signed. */
  rawHex: string | null;
  /** Why it could not be finalised, when rawHex is null. */
  unfinished: string | null;
  inputs: Array<{ txid: string; vout: number }>;
  outputs: Array<{ script: string; amountSat: bigint }>;
}

/**
 * Reads what the operator submits: a PSBT (base64, or hex starting 70736274ff) or a raw transaction
 * (hex). A PSBT is finalised by btc-signer (its partial signatures become the witness); one already
 * final is extracted as it is.
 */
export function readSigned(text: string): Result<SignedCandidate> {
  const t = text.trim();
  if (t === '') return err('invalid_request', 'give a signed PSBT (base64) or a raw transaction (hex)');
  let psbtBytes: Uint8Array | null = null;
  let rawBytes: Uint8Array | null = null;
  if (/^[0-9a-fA-F]+$/.test(t) && t.length % 2 === 0) {
    const bytes = hex.decode(t.toLowerCase());
    if (t.toLowerCase().startsWith('70736274ff')) psbtBytes = bytes;
    else rawBytes = bytes;
  } else if (/^[A-Za-z0-9+/=\s]+$/.test(t)) {
    try {
      psbtBytes = base64.decode(t.replace(/\s+/g, ''));
    } catch {
      return err('invalid_request', 'not valid base64: give the PSBT as the wallet saved it');
    }
  } else {
    return err('invalid_request', 'not a PSBT (base64 or hex) nor a raw transaction (hex)');
  }
  let tx: Transaction;
  try {
    tx =
      psbtBytes !== null
        ? Transaction.fromPSBT(psbtBytes, { allowUnknownOutputs: true })
        : Transaction.fromRaw(rawBytes!, { allowUnknownOutputs: true });
  } catch (e) {
    return err(
      'invalid_request',
      `${psbtBytes !== null ? 'not a valid PSBT' : 'not a valid raw transaction'}: ${(e as Error).message}`,
    );
  }
  const inputs: SignedCandidate['inputs'] = [];
  for (let i = 0; i < tx.inputsLength; i++) {
    const input = tx.getInput(i);
    inputs.push({ txid: hex.encode(input.txid!), vout: input.index! });
  }
  const outputs: SignedCandidate['outputs'] = [];
  for (let i = 0; i < tx.outputsLength; i++) {
    const o = tx.getOutput(i);
    outputs.push({ script: hex.encode(o.script!), amountSat: o.amount! });
  }
  const txid = tx.id;
  if (psbtBytes === null) return ok({ txid, rawHex: t.toLowerCase(), unfinished: null, inputs, outputs });
  try {
    if (!tx.isFinal) tx.finalize();
    return ok({ txid, rawHex: hex.encode(tx.extract()), unfinished: null, inputs, outputs });
  } catch (e) {
    return ok({ txid, rawHex: null, unfinished: (e as Error).message, inputs, outputs });
  }
}

export interface ExpectedTx {
  inputs: ReadonlyArray<{ txid: string; vout: number }>;
  /** In transaction order: the withdrawals, then the change. */
  outputs: ReadonlyArray<{ script: string; amountSat: bigint; what: string }>;
}

/**
 * Why a transaction is not the batch's, in words, or null when it spends exactly the batch's inputs and
 * pays exactly its outputs. (A txid equal to the batch's already proves it; this names the difference.)
 */
export function differences(candidate: SignedCandidate, expected: ExpectedTx): string | null {
  const problems: string[] = [];
  const key = (i: { txid: string; vout: number }) => `${i.txid}:${i.vout}`;
  const want = new Set(expected.inputs.map(key));
  const have = new Set(candidate.inputs.map(key));
  const other = [...have].filter((k) => !want.has(k));
  const missingIn = [...want].filter((k) => !have.has(k));
  if (other.length > 0) problems.push(`it spends other inputs than the batch's (${other.join(', ')})`);
  if (missingIn.length > 0) problems.push(`it does not spend the batch's inputs ${missingIn.join(', ')}`);
  const left = [...candidate.outputs.map((o, i) => ({ ...o, i }))];
  const unmatched: ExpectedTx['outputs'][number][] = [];
  for (const e of expected.outputs) {
    const at = left.findIndex((o) => o.script === e.script && o.amountSat === e.amountSat);
    if (at >= 0) left.splice(at, 1);
    else unmatched.push(e);
  }
  for (const e of unmatched) {
    const sameScript = left.findIndex((o) => o.script === e.script);
    if (sameScript >= 0) {
      const o = left[sameScript]!;
      problems.push(`output ${o.i} (${e.what}) pays ${o.amountSat} sat instead of ${e.amountSat}`);
      left.splice(sameScript, 1);
    } else {
      problems.push(`the output of ${e.what} (${e.amountSat} sat) is missing`);
    }
  }
  for (const o of left)
    problems.push(`output ${o.i} (${o.amountSat} sat) is not one of the batch's: an extra output`);
  if (problems.length === 0 && candidate.outputs.length === expected.outputs.length) {
    const sameOrder = expected.outputs.every(
      (e, i) => candidate.outputs[i]?.script === e.script && candidate.outputs[i]?.amountSat === e.amountSat,
    );
    if (!sameOrder) problems.push('its outputs are in another order than the batch’s');
  }
  return problems.length === 0 ? null : problems.join('; ');
}

/**
 * A fee rate in sat/vB as an operator writes it (`12`, `2.5`, at most 3 decimals) → sat per 1000 vbytes,
 * exact.
 */
export function parseFeeRateSatPerVb(text: string): Result<bigint> {
  const m = /^(\d{1,7})(?:\.(\d{1,3}))?$/.exec(text.trim());
  if (m === null)
    return err(
      'invalid_request',
      `the fee rate must be sat/vB with at most 3 decimals (got "${text}")`,
      'fee_rate',
    );
  return ok(BigInt(m[1]!) * 1000n + BigInt((m[2] ?? '').padEnd(3, '0')));
}
