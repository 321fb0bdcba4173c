import { secp256k1 } from '@noble/curves/secp256k1.js';
import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, createBase58check, hex } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { err, ok, type Result } from './result.ts';

/**
 * Receive addresses of the pro variant, derived from the operator's account-level extended public keys:
 * - Bitcoin: BIP84 native segwit (P2WPKH), `m/84'/coin'/account'/0/i`, from the account key
 *   `m/84'/coin'/account'` given as xpub/zpub (mainnet) or tpub/vpub (testnet, signet, regtest).
 * - EVM (USDT on ERC20, BEP20, MATIC: one address format for all three): BIP44 `m/44'/60'/0'/0/i` from
 *   the account key `m/44'/60'/0'` given as an xpub, written with the EIP-55 checksum.
 * Only public keys are involved: the service can hand out addresses but never spend from them.
 */

const base58check = createBase58check(sha256);

/** SLIP-132 version bytes of extended public keys (and their private twins, refused). */
const PUBLIC_VERSIONS = {
  xpub: { public: 0x0488b21e, private: 0x0488ade4, mainnet: true },
  zpub: { public: 0x04b24746, private: 0x04b2430c, mainnet: true },
  tpub: { public: 0x043587cf, private: 0x04358394, mainnet: false },
  vpub: { public: 0x045f1cf6, private: 0x045f18bc, mainnet: false },
} as const;
type PubPrefix = keyof typeof PUBLIC_VERSIONS;

/** bech32 human-readable part of a Bitcoin network (BIP173; `bcrt` is Bitcoin Core's regtest). */
export type BtcHrp = 'bc' | 'tb' | 'bcrt';

export function hrpOfNetwork(network: 'bitcoin' | 'testnet' | 'signet' | 'regtest'): BtcHrp {
  return network === 'bitcoin' ? 'bc' : network === 'regtest' ? 'bcrt' : 'tb';
}

/** An account-level extended public key, parsed. */
export interface AccountKey {
  /** As the operator gave it (or as derived from the seed file), for logs and the export. */
  text: string;
  key: HDKey;
  /** True for xpub/zpub: mainnet keys. */
  mainnet: boolean;
}

/**
 * A public fingerprint of an account key: the first 8 bytes of SHA-256 over its chain code and public
 * key, in hex. The same for every encoding of one key (xpub, zpub, vpub…), different for another key;
 * it tells nothing an xpub does not (it does not even give its addresses). The database keeps it to
 * refuse an instance whose keys differ from those that handed out its addresses.
 */
export function accountKeyFingerprint(account: AccountKey): string {
  const k = account.key;
  return hex.encode(sha256(new Uint8Array([...k.chainCode!, ...k.publicKey!])).subarray(0, 8));
}

/**
 * Parses an account-level extended public key (depth 3: `m/purpose'/coin'/account'`). `allowed` are the
 * prefixes this key chain accepts. A private key (xprv, zprv, …) is refused: the service never holds one
 * configured by the operator.
 */
export function parseAccountKey(text: string, allowed: readonly PubPrefix[]): Result<AccountKey> {
  let version: number;
  try {
    const bytes = base58check.decode(text);
    if (bytes.length !== 78) throw new Error('length');
    version = new DataView(bytes.buffer, bytes.byteOffset).getUint32(0);
  } catch {
    return err('invalid_request', 'is not an extended public key (base58check, 78 bytes)');
  }
  const entry = Object.entries(PUBLIC_VERSIONS).find(
    ([, v]) => v.public === version || v.private === version,
  ) as [PubPrefix, (typeof PUBLIC_VERSIONS)[PubPrefix]] | undefined;
  if (entry === undefined)
    return err('invalid_request', `has an unknown version (accepted: ${allowed.join(', ')})`);
  const [prefix, v] = entry;
  if (v.private === version) {
    return err('invalid_request', 'is a private key: give the account’s extended public key instead');
  }
  if (!allowed.includes(prefix))
    return err('invalid_request', `must be one of ${allowed.join(', ')} (got ${prefix})`);
  let key: HDKey;
  try {
    key = HDKey.fromExtendedKey(text, { public: v.public, private: v.private });
  } catch (e) {
    return err('invalid_request', `is not a valid extended public key (${(e as Error).message})`);
  }
  if (key.depth !== 3) {
    return err(
      'invalid_request',
      `must be an account key (depth 3, m/purpose'/coin'/account'); got depth ${key.depth}`,
    );
  }
  return ok({ text, key, mainnet: v.mainnet });
}

/** The receive chain `…/0` of each account key, derived once (a derivation costs about a millisecond). */
const receiveChains = new WeakMap<HDKey, HDKey>();

/** Public key of the receive chain's child `i` (`…/0/i`). */
function receiveChild(account: AccountKey, index: bigint): Uint8Array {
  if (index < 0n || index >= 0x80000000n) throw new RangeError(`derivation index ${index} out of range`);
  let chain = receiveChains.get(account.key);
  if (chain === undefined) {
    chain = account.key.deriveChild(0);
    receiveChains.set(account.key, chain);
  }
  const pub = chain.deriveChild(Number(index)).publicKey;
  if (pub === null) throw new Error('extended key without a public key');
  return pub;
}

/** BIP84 address `…/0/index`: bech32 witness v0 of HASH160 of the compressed public key. */
export function btcAddress(account: AccountKey, hrp: BtcHrp, index: bigint): string {
  const program = ripemd160(sha256(receiveChild(account, index)));
  return bech32.encode(hrp, [0, ...bech32.toWords(program)]);
}

/** EIP-55 mixed-case checksum of a 20-byte address in lower-case hex (no 0x). */
export function eip55(lowerHex: string): string {
  const h = hex.encode(keccak_256(new TextEncoder().encode(lowerHex)));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lowerHex[i]!;
    out += Number.parseInt(h[i]!, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

/** BIP44 EVM address `…/0/index`: the last 20 bytes of keccak-256 of the uncompressed key (x ‖ y). */
export function evmAddress(account: AccountKey, index: bigint): string {
  const uncompressed = secp256k1.Point.fromBytes(receiveChild(account, index)).toBytes(false);
  const digest = keccak_256(uncompressed.subarray(1));
  return eip55(hex.encode(digest.subarray(12)));
}

/** Account keys from a BIP39 seed: `m/84'/coin'/0'` (coin 0 mainnet, 1 otherwise) and `m/44'/60'/0'`. */
export function accountKeysFromSeed(
  seed: Uint8Array,
  mainnet: boolean,
): { btc: AccountKey; evm: AccountKey } {
  const root = HDKey.fromMasterSeed(seed);
  const v = mainnet ? PUBLIC_VERSIONS.zpub : PUBLIC_VERSIONS.vpub;
  const btcKey = HDKey.fromExtendedKey(root.derive(`m/84'/${mainnet ? 0 : 1}'/0'`).publicExtendedKey);
  // Re-encoded with the SLIP-132 versions of BIP84 keys, as wallets show them (zpub / vpub).
  const btcText = new HDKey({
    versions: { public: v.public, private: v.private },
    depth: btcKey.depth,
    index: btcKey.index,
    parentFingerprint: btcKey.parentFingerprint,
    chainCode: btcKey.chainCode!,
    publicKey: btcKey.publicKey!,
  }).publicExtendedKey;
  const evmKey = HDKey.fromExtendedKey(root.derive(`m/44'/60'/0'`).publicExtendedKey);
  return {
    btc: { text: btcText, key: btcKey, mainnet },
    evm: { text: evmKey.publicExtendedKey, key: evmKey, mainnet: true },
  };
}

/** What a key chain accepts. */
export const BTC_KEY_PREFIXES: readonly PubPrefix[] = ['xpub', 'zpub', 'tpub', 'vpub'];
export const EVM_KEY_PREFIXES: readonly PubPrefix[] = ['xpub', 'tpub'];

/** The keys addresses are derived from, as the composition root resolved them. */
export interface ChainKeys {
  /** BIP84 account key for btc addresses; null: on-chain btc requests are not available. */
  readonly btc: AccountKey | null;
  /** BIP44 account key for USDT (EVM) addresses; null: on-chain usdt requests are not available. */
  readonly evm: AccountKey | null;
  /** bech32 prefix of the Lightning configuration's network. */
  hrp: BtcHrp;
  /** The hot seed file both keys come from, when they do (no BTC_XPUB or EVM_XPUB configured). */
  hotSeedFile: string | null;
  /**
   * The hot seed's BIP32 master key (private), derived on first use: its fingerprint goes into PSBTs and
   * it signs withdrawal batches (`paytag payouts send`). Absent or null with operator keys.
   */
  readonly btcMaster?: HDKey | null;
}
