import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mnemonicToSeedSync } from '@scure/bip39';
import { afterEach, describe, expect, it } from 'vitest';
import {
  loadOrCreateSeedFile,
  openChainKeys,
  SEED_FILE_NAME,
  warnIfHotSeed,
} from '../../src/adapters/chain-keys/open.ts';
import { loadConfig } from '../../src/config/index.ts';
import {
  accountKeysFromSeed,
  BTC_KEY_PREFIXES,
  btcAddress,
  EVM_KEY_PREFIXES,
  eip55,
  evmAddress,
  parseAccountKey,
} from '../../src/domain/chain-keys.ts';

// BIP84's and BIP44's published vectors for the mnemonic "abandon × 11, about" (no passphrase).
// BIP84: https://github.com/bitcoin/bips/blob/master/bip-0084.mediawiki#test-vectors
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const BIP84_ZPUB =
  'zpub6rFR7y4Q2AijBEqTUquhVz398htDFrtymD9xYYfG1m4wAcvPhXNfE3EfH1r1ADqtfSdVCToUG868RvUUkgDKf31mGDtKsAYz2oz2AGutZYs';
const BIP84_ADDRESSES = [
  'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', // m/84'/0'/0'/0/0
  'bc1qnjg0jd8228aq7egyzacy8cys3knf9xvrerkf9g', // m/84'/0'/0'/0/1
];
// m/44'/60'/0'/0/i of the same mnemonic, as every BIP44 Ethereum wallet derives them (e.g. the
// ethers.js and MetaMask test vectors of this mnemonic).
const BIP44_ETH_ADDRESSES = [
  '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
  '0x6Fac4D18c912343BF86fa7049364Dd4E424Ab9C0',
  '0xb6716976A3ebe8D39aCEB04372f22Ff8e6802D7A',
];
// m/84'/1'/0'/0/0 (testnet coin type), as Bitcoin Core and bitcoinjs derive it.
const BIP84_TESTNET_ADDRESS = 'tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl';

const seed = mnemonicToSeedSync(MNEMONIC);

describe('address derivation', () => {
  it('derives the BIP84 account zpub and receive addresses of the published vectors', () => {
    const keys = accountKeysFromSeed(seed, true);
    expect(keys.btc.text).toBe(BIP84_ZPUB);
    expect([0n, 1n].map((i) => btcAddress(keys.btc, 'bc', i))).toEqual(BIP84_ADDRESSES);
  });

  it('derives the same addresses from the zpub alone (watch-only), and from its xpub encoding', () => {
    const z = parseAccountKey(BIP84_ZPUB, BTC_KEY_PREFIXES);
    expect(z.ok).toBe(true);
    if (!z.ok) return;
    expect([0n, 1n].map((i) => btcAddress(z.value, 'bc', i))).toEqual(BIP84_ADDRESSES);
    // The same account key with the plain xpub version bytes (as wallets without SLIP-132 show it).
    const xpub = accountKeysFromSeed(seed, true).btc.key.publicExtendedKey;
    const x = parseAccountKey(xpub, BTC_KEY_PREFIXES);
    expect(x.ok && x.value.text.startsWith('xpub')).toBe(true);
    if (x.ok) expect(btcAddress(x.value, 'bc', 0n)).toBe(BIP84_ADDRESSES[0]);
  });

  it('writes test-network addresses with tb and bcrt from the coin-type-1 account (vpub)', () => {
    const keys = accountKeysFromSeed(seed, false);
    expect(keys.btc.text.startsWith('vpub')).toBe(true);
    expect(btcAddress(keys.btc, 'tb', 0n)).toBe(BIP84_TESTNET_ADDRESS);
    const v = parseAccountKey(keys.btc.text, BTC_KEY_PREFIXES);
    expect(v.ok && v.value.mainnet).toBe(false);
    expect(btcAddress(keys.btc, 'bcrt', 0n)).toMatch(/^bcrt1q[02-9ac-hj-np-z]{38}$/);
  });

  it('derives BIP44 Ethereum addresses with the EIP-55 checksum', () => {
    const keys = accountKeysFromSeed(seed, true);
    expect([0n, 1n, 2n].map((i) => evmAddress(keys.evm, i))).toEqual(BIP44_ETH_ADDRESSES);
    const fromXpub = parseAccountKey(keys.evm.text, EVM_KEY_PREFIXES);
    expect(fromXpub.ok && evmAddress(fromXpub.value, 0n)).toBe(BIP44_ETH_ADDRESSES[0]);
  });

  it('checksums exactly as EIP-55’s own examples', () => {
    // https://eips.ethereum.org/EIPS/eip-55 (test cases)
    for (const a of [
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
      '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
      '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
    ]) {
      expect(eip55(a.slice(2).toLowerCase())).toBe(a);
    }
  });

  it('refuses private keys, keys of the wrong depth, unknown versions and bad checksums', () => {
    const root = accountKeysFromSeed(seed, true).btc.key;
    expect(parseAccountKey(root.deriveChild(0).publicExtendedKey, BTC_KEY_PREFIXES)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('depth 3') },
    });
    const xprv =
      'xprv9s21ZrQH143K3GJpoapnV8SFfukcVBSfeCficPSGfubmSFDxo1kuHnLisriDvSnRRuL2Qrg5ggqHKNVpxR86QEC8w35uxmGoggxtQTPvfUu';
    expect(parseAccountKey(xprv, BTC_KEY_PREFIXES)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('private key') },
    });
    expect(parseAccountKey(`${BIP84_ZPUB.slice(0, -1)}t`, BTC_KEY_PREFIXES).ok).toBe(false);
    expect(parseAccountKey(BIP84_ZPUB, EVM_KEY_PREFIXES)).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('must be one of xpub, tpub') },
    });
  });
});

describe('the keys the service starts with', () => {
  const dirs: string[] = [];
  const tmp = () => {
    const d = mkdtempSync(join(tmpdir(), 'paytag-keys-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const warnings: string[] = [];
  const log = { info() {}, debug() {}, error() {}, warn: (_o: object, m?: string) => warnings.push(m ?? '') };

  it('creates an owner-only BIP39 seed file when no xpub is set, and reuses it; the warning that it is hot is the server’s', () => {
    const dir = tmp();
    warnings.length = 0;
    const config = loadConfig({ DATA_DIR: dir, LIGHTNING_NETWORK: 'bitcoin' });
    const first = openChainKeys(config, log);
    const path = join(dir, SEED_FILE_NAME);
    expect(first.hotSeedFile).toBe(path);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(readFileSync(path, 'utf8').trim().split(' ')).toHaveLength(24);
    // Said by the server once it starts (warnIfHotSeed), not by every command that opens the keys.
    expect(warnings.some((w) => w.startsWith('HOT SEED'))).toBe(false);
    warnIfHotSeed(first, log);
    expect(warnings.filter((w) => w.startsWith('HOT SEED'))).toHaveLength(1);
    const again = openChainKeys(config, log);
    expect(again.btc?.text).toBe(first.btc?.text);
    expect(again.evm?.text).toBe(first.evm?.text);
    expect(first.btc?.text.startsWith('zpub')).toBe(true);
    expect(first.hrp).toBe('bc');
  });

  it('reads an existing mnemonic and derives the vectors from it', () => {
    const dir = tmp();
    writeFileSync(join(dir, SEED_FILE_NAME), `${MNEMONIC}\n`, { mode: 0o600 });
    const keys = openChainKeys(loadConfig({ DATA_DIR: dir, LIGHTNING_NETWORK: 'bitcoin' }), log);
    expect(keys.btc && btcAddress(keys.btc, keys.hrp, 0n)).toBe(BIP84_ADDRESSES[0]);
    expect(keys.evm && evmAddress(keys.evm, 0n)).toBe(BIP44_ETH_ADDRESSES[0]);
  });

  it('gives concurrent creators one mnemonic', () => {
    const path = join(tmp(), SEED_FILE_NAME);
    const words = Array.from({ length: 8 }, () => loadOrCreateSeedFile(path, log));
    expect(new Set(words).size).toBe(1);
  });

  it('uses the operator’s keys when set (no seed file) and refuses a key of another network', () => {
    const dir = tmp();
    const evm = accountKeysFromSeed(seed, true).evm.text;
    const keys = openChainKeys(
      loadConfig({ DATA_DIR: dir, LIGHTNING_NETWORK: 'bitcoin', BTC_XPUB: BIP84_ZPUB, EVM_XPUB: evm }),
      log,
    );
    expect(keys.hotSeedFile).toBeNull();
    expect(keys.btc && btcAddress(keys.btc, keys.hrp, 1n)).toBe(BIP84_ADDRESSES[1]);
    expect(() => statSync(join(dir, SEED_FILE_NAME))).toThrow();
    expect(() =>
      openChainKeys(loadConfig({ DATA_DIR: dir, LIGHTNING_NETWORK: 'regtest', BTC_XPUB: BIP84_ZPUB }), log),
    ).toThrow(/BTC_XPUB is a mainnet \(xpub\/zpub\) key but LIGHTNING_NETWORK is regtest/);
    expect(() => loadConfig({ BTC_XPUB: 'ypub123' })).toThrow(
      /BTC_XPUB must be an account-level extended public key/,
    );
  });
});
