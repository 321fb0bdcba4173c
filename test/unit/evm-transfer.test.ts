import { describe, expect, it } from 'vitest';
import {
  type EvmReceipt,
  matchTransfer,
  parseEvmAddress,
  TRANSFER_TOPIC,
  usdtUnitsToRaw,
} from '../../src/domain/evm-transfer.ts';

// EIP-55's own test cases (eips.ethereum.org/EIPS/eip-55, "Test Cases").
const EIP55 = [
  '0x52908400098527886E0F7030069857D2E2169EE7',
  '0x8617E340B3D01FA5F11F306F4090FD50E238070D',
  '0xde709f2102306220921060314715629080e2fb77',
  '0x27b1fdb04752bbc536007a920d24acb045561c26',
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];

describe('EVM addresses of USDT withdrawals', () => {
  it.each(EIP55)('accepts the EIP-55 test case %s and writes it checksummed', (a) => {
    const r = parseEvmAddress(a);
    expect(r.ok).toBe(true);
    if (r.ok) {
      expect(r.value.lower).toBe(a.toLowerCase());
      // Mixed-case cases are their own checksum; all-upper/all-lower ones are given one.
      if (a.slice(2) !== a.slice(2).toLowerCase() && a.slice(2) !== a.slice(2).toUpperCase())
        expect(r.value.checksummed).toBe(a);
    }
  });

  it.each([
    ['one letter’s case flipped', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', 'EIP-55'],
    ['19 bytes', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', '40 hex'],
    ['no 0x', '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '40 hex'],
    ['not hex', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', '40 hex'],
    ['the zero address', `0x${'0'.repeat(40)}`, 'zero'],
    ['empty', '', 'required'],
  ])('refuses %s', (_what, a, says) => {
    const r = parseEvmAddress(a);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.field).toBe('address');
      expect(r.error.message).toContain(says);
    }
  });

  it('refuses a value that is not a string', () => {
    expect(parseEvmAddress(42).ok).toBe(false);
  });
});

describe('matching a receipt against a USDT withdrawal', () => {
  const USDT = '0xdac17f958d2ee523a2206206994597c13d831ec7';
  const TO = '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed';
  const word = (a: string) => `0x${'0'.repeat(24)}${a.slice(2)}`;
  const log = (contract: string, to: string, value: bigint) => ({
    address: contract,
    topics: [TRANSFER_TOPIC, word('0x1111111111111111111111111111111111111111'), word(to)],
    data: `0x${value.toString(16).padStart(64, '0')}`,
    logIndex: 0,
    removed: false,
  });
  const receipt = (over: Partial<EvmReceipt>): EvmReceipt => ({
    txHash: `0x${'ab'.repeat(32)}`,
    success: true,
    blockNumber: 1,
    blockHash: `0x${'cd'.repeat(32)}`,
    logs: [log(USDT, TO, 12_500_000n)],
    final: true,
    ...over,
  });
  const want = { contract: USDT, to: TO, amountRaw: 12_500_000n, decimals: 6, network: 'ERC20' };

  it('knows the Transfer topic as keccak256("Transfer(address,address,uint256)")', () => {
    expect(TRANSFER_TOPIC).toBe('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef');
  });

  it('accepts the exact Transfer among others', () => {
    const other = log('0x55d398326f99059ff775485246999027b3197955', TO, 1n);
    expect(matchTransfer(receipt({ logs: [other, log(USDT, TO, 12_500_000n)] }), want).ok).toBe(true);
  });

  it.each([
    ['reverted', receipt({ success: false }), 'reverted'],
    ['no Transfer log', receipt({ logs: [] }), 'no ERC-20 Transfer'],
    [
      'another contract',
      receipt({ logs: [log('0x55d398326f99059ff775485246999027b3197955', TO, 12_500_000n)] }),
      'another contract',
    ],
    [
      'another recipient',
      receipt({ logs: [log(USDT, '0x1234567890123456789012345678901234567890', 12_500_000n)] }),
      'another recipient',
    ],
    [
      'another amount',
      receipt({ logs: [log(USDT, TO, 12_499_999n)] }),
      '12.499999 USDT (12499999 base units)',
    ],
    [
      'a removed log',
      receipt({ logs: [{ ...log(USDT, TO, 12_500_000n), removed: true }] }),
      'no ERC-20 Transfer',
    ],
  ])('refuses %s, saying so', (_what, r, says) => {
    const m = matchTransfer(r, want);
    expect(m.ok).toBe(false);
    if (!m.ok) {
      expect(m.error.field).toBe('tx_hash');
      expect(m.error.message).toContain(says);
    }
  });

  it('scales 10^-6 USDT to the token’s base unit', () => {
    expect(usdtUnitsToRaw(1_500_000n, 6)).toBe(1_500_000n);
    expect(usdtUnitsToRaw(1_500_000n, 18)).toBe(1_500_000_000_000_000_000n);
  });
});
