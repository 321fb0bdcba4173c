import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { HDKey } from '@scure/bip32';
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import type { Logger } from '../../app/ports.ts';
import { type Config, ConfigError } from '../../config/index.ts';
import {
  type AccountKey,
  accountKeysFromSeed,
  BTC_KEY_PREFIXES,
  btcAddress,
  type ChainKeys,
  EVM_KEY_PREFIXES,
  evmAddress,
  hrpOfNetwork,
  parseAccountKey,
} from '../../domain/chain-keys.ts';

/** The seed file's name in DATA_DIR. */
export const SEED_FILE_NAME = 'chain-seed.txt';

/**
 * Reads the BIP39 mnemonic of the seed file, or creates one (24 words, owner-only). The file is written
 * whole under a temporary name and linked into place, so a second instance starting at the same time
 * either links first (and both use its words) or reads the complete file of the other.
 */
export function loadOrCreateSeedFile(path: string, log: Logger): string {
  const read = (): string | undefined => {
    try {
      const words = readFileSync(path, 'utf8').trim().replace(/\s+/g, ' ');
      if ((statSync(path).mode & 0o077) !== 0) {
        chmodSync(path, 0o600);
        log.warn({ path }, 'chain seed file was readable by others; made owner-only');
      }
      return words;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  };
  let words = read();
  if (words === undefined) {
    mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
    const created = generateMnemonic(wordlist, 256);
    const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    const fd = openSync(tmp, 'wx', 0o600);
    try {
      writeSync(fd, `${created}\n`);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    try {
      linkSync(tmp, path);
      words = created;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      words = read();
    } finally {
      unlinkSync(tmp);
    }
  }
  if (words === undefined || !validateMnemonic(words, wordlist)) {
    throw new ConfigError([
      `the chain seed file ${path} does not hold a valid BIP39 mnemonic (English words)`,
    ]);
  }
  return words;
}

function configured(name: string, text: string, prefixes: Parameters<typeof parseAccountKey>[1]): AccountKey {
  const r = parseAccountKey(text, prefixes);
  if (!r.ok) throw new ConfigError([`${name} ${r.error.message}`]);
  return r.value;
}

/**
 * The keys of on-chain addresses: the operator's BTC_XPUB and EVM_XPUB (watch-only), or, when neither is
 * set, both derived from a BIP39 seed file in DATA_DIR, created on first start: a hot seed, said loudly
 * by the server (warnIfHotSeed).
 */
export function openChainKeys(config: Config, log: Logger): ChainKeys {
  const network = config.lightning.network;
  const mainnet = network === 'bitcoin';
  const hrp = hrpOfNetwork(network);
  const { btcXpub, evmXpub } = config.chain;
  if (btcXpub !== null || evmXpub !== null) {
    const btc = btcXpub === null ? null : configured('BTC_XPUB', btcXpub, BTC_KEY_PREFIXES);
    if (btc !== null && btc.mainnet !== mainnet) {
      throw new ConfigError([
        `BTC_XPUB is a ${btc.mainnet ? 'mainnet (xpub/zpub)' : 'test-network (tpub/vpub)'} key but LIGHTNING_NETWORK is ${network}`,
      ]);
    }
    if (btc !== null) checkAccountPath(config, btc, mainnet);
    const evm = evmXpub === null ? null : configured('EVM_XPUB', evmXpub, EVM_KEY_PREFIXES);
    return { btc, evm, hrp, hotSeedFile: null, btcMaster: null };
  }
  const path = join(config.dataDir, SEED_FILE_NAME);
  const words = loadOrCreateSeedFile(path, log);
  // The seed (PBKDF2) and the account keys are derived on first use: commands that hand out no address
  // (the CLI, migrations) do not pay for them.
  let keys: { btc: AccountKey; evm: AccountKey; master: HDKey } | undefined;
  const derived = () => {
    if (keys === undefined) {
      const seed = mnemonicToSeedSync(words);
      keys = { ...accountKeysFromSeed(seed, mainnet), master: HDKey.fromMasterSeed(seed) };
    }
    return keys;
  };
  return {
    hrp,
    hotSeedFile: path,
    get btc() {
      return derived().btc;
    },
    get evm() {
      return derived().evm;
    },
    get btcMaster() {
      return derived().master;
    },
  };
}

/**
 * With BTC_MASTER_FINGERPRINT or BTC_ACCOUNT_PATH set (what PSBTs of withdrawals need, docs/payouts.md),
 * the path must fit BTC_XPUB: as deep as the key (3) and ending in the key's own child number. A
 * fingerprint without the path takes the default path `m/84'/<coin>'/0'`, which must fit as well.
 */
function checkAccountPath(config: Config, btc: AccountKey, mainnet: boolean): void {
  const { btcMasterFingerprint, btcAccountPath } = config.payouts;
  if (btcMasterFingerprint === null && btcAccountPath === null) return;
  const path = btcAccountPath ?? `m/84'/${mainnet ? 0 : 1}'/0'`;
  const last = path.split('/').at(-1)!;
  const index = Number.parseInt(last, 10) + 0x80000000;
  if (btc.key.index !== index) {
    throw new ConfigError([
      `BTC_ACCOUNT_PATH ${path} does not fit BTC_XPUB: the key is child ${btc.key.index >= 0x80000000 ? `${btc.key.index - 0x80000000}'` : btc.key.index} of its parent (set BTC_ACCOUNT_PATH to the path your wallet shows for this key)`,
    ]);
  }
}

/**
 * Says loudly, once per server start (`paytag serve`; not on every CLI command), that the keys come from
 * a hot seed file.
 */
export function warnIfHotSeed(keys: ChainKeys, log: Logger): void {
  if (keys.hotSeedFile === null) return;
  log.warn(
    { seedFile: keys.hotSeedFile },
    'HOT SEED: on-chain addresses come from a BIP39 seed file on this server (no BTC_XPUB or EVM_XPUB set). ' +
      'Whoever reads that file can spend every deposit. Back it up (paytag backup copies it), or set BTC_XPUB ' +
      'and EVM_XPUB to account keys of a wallet kept elsewhere; several instances of one database need the same ' +
      'keys (see docs/pro.md).',
  );
}

/**
 * Derives the account keys and one address of each now (the seed, and the curve's tables on first use:
 * a few hundred milliseconds), so the first on-chain request does not spend them inside its write unit.
 */
export function warmChainKeys(keys: ChainKeys, log?: Logger): void {
  try {
    if (keys.btc !== null) btcAddress(keys.btc, keys.hrp, 0n);
    if (keys.evm !== null) evmAddress(keys.evm, 0n);
  } catch (e) {
    log?.error({ err: e }, 'on-chain account keys could not be derived');
  }
}
