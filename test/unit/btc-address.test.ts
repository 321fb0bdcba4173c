import { describe, expect, it } from 'vitest';
import { parseBtcAddress } from '../../src/domain/btc-address.ts';

// Published vectors: BIP173 ("Test vectors", valid segwit addresses), BIP350 (the bech32m P2TR example),
// and the Bitcoin wiki's example P2PKH / P2SH (BIP13) addresses.
const VALID: Array<[string, 'bitcoin' | 'testnet', string]> = [
  ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'bitcoin', 'p2wpkh'],
  ['bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'bitcoin', 'p2wsh'],
  ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'testnet', 'p2wsh'],
  ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'bitcoin', 'p2tr'],
  ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'bitcoin', 'p2pkh'],
  ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'bitcoin', 'p2sh'],
];

describe('Bitcoin addresses (parseBtcAddress)', () => {
  it.each(VALID)('accepts %s on %s as %s', (text, network, type) => {
    const r = parseBtcAddress(text, network);
    expect(r.ok && r.value).toEqual({
      text: type.startsWith('p2') && text.startsWith('BC') ? text.toLowerCase() : text,
      type,
    });
  });

  it.each(VALID)('refuses %s on the other network, naming address', (text, network) => {
    const other = network === 'bitcoin' ? 'regtest' : 'bitcoin';
    const r = parseBtcAddress(text, other);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.field).toBe('address');
      expect(r.error.message).toMatch(/mainnet|testnet|regtest/);
    }
  });

  it('accepts a testnet address on signet: both use the hrp tb and the test version bytes', () => {
    expect(
      parseBtcAddress('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'signet').ok,
    ).toBe(true);
  });

  it.each([
    [
      'a v1 program under a bech32 (not bech32m) checksum: the BIP173 v1 example',
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7k7grplx',
    ],
    ['a bech32 string past 90 characters', `bc1q${'q'.repeat(90)}`],
    ['a separator only', 'bc1'],
    ['non-ASCII', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3tä'],
  ])('refuses %s', (_what, text) => {
    const r = parseBtcAddress(text, 'bitcoin');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.field).toBe('address');
  });
});
