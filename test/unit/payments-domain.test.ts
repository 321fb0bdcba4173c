import { describe, expect, it } from 'vitest';
import { formatWalletAmount, scaleOf, walletAmountNumber } from '../../src/domain/payments/amounts.ts';
import { paymentEventBody } from '../../src/domain/payments/events.ts';
import { railOf } from '../../src/domain/payments/rail.ts';
import { CHAIN_NETWORKS, RAILS, WALLETS } from '../../src/domain/payments/vocabulary.ts';

describe('the payments domain', () => {
  it('railOf allows lbtc by Lightning, btc on BTC (the default) and usdt on an EVM network, and blames a field otherwise', () => {
    const allowed: string[] = [];
    for (const w of WALLETS)
      for (const r of RAILS)
        for (const n of [null, ...CHAIN_NETWORKS]) {
          const res = railOf(w, r, n);
          if (res.ok)
            allowed.push(
              `${w} ${r} ${n} → ${res.value === null ? 'null' : `${res.value.asset} ${res.value.network}`}`,
            );
          else {
            expect(res.error.code).toBe('invalid_request');
            expect(['payment_mode', 'chain_network']).toContain(res.error.field);
            expect(res.error.message).toContain(res.error.field!);
          }
        }
    expect(allowed).toEqual([
      'lbtc lightning null → null',
      'btc onchain null → btc BTC',
      'btc onchain BTC → btc BTC',
      'usdt onchain ERC20 → usdt ERC20',
      'usdt onchain BEP20 → usdt BEP20',
      'usdt onchain MATIC → usdt MATIC',
    ]);
    expect(railOf('usdt', 'onchain', null)).toMatchObject({
      ok: false,
      error: {
        field: 'chain_network',
        message: 'chain_network is required for wallet usdt: ERC20, BEP20 or MATIC',
      },
    });
  });

  it('formats a wallet amount at its scale: BTC with 8 decimals from msat, USDT with 6, truncated', () => {
    expect(scaleOf('lbtc')).toEqual({ decimals: 11, places: 8 });
    expect(scaleOf('usdt')).toEqual({ decimals: 6, places: 6 });
    expect(formatWalletAmount('btc', 123_456_789n)).toBe('0.00123456');
    expect(formatWalletAmount('usdt', 2_500_001n)).toBe('2.500001');
    expect(walletAmountNumber('usdt', 2_500_000n)).toBe(2.5);
  });

  it('builds payment event bodies in one field order, on-chain fields only for a deposit', () => {
    const p = { public_id: 'abc', order_id: null, description: 'x' };
    expect(JSON.stringify(paymentEventBody(p, 'paid', { wallet: 'lbtc', units: 12_345_000n }))).toBe(
      '{"tid":"abc","status":"paid","amount":0.00012345,"order_id":null,"description":"x"}',
    );
    const deposit = {
      wallet: 'usdt' as const,
      network: 'ERC20' as const,
      txHash: '0x1',
      receivedUnits: 3_000_000n,
    };
    expect(
      JSON.stringify(
        paymentEventBody(p, 'pending', { wallet: 'usdt', units: 1_000_000n }, { ...deposit, flag: null }),
      ),
    ).toBe(
      '{"tid":"abc","status":"pending","amount":1,"received":3,"wallet":"usdt","chain_network":"ERC20","transaction_hash":"0x1","flag":null,"order_id":null,"description":"x"}',
    );
    expect(Object.keys(paymentEventBody(p, 'pending', { wallet: 'usdt', units: 1n }, deposit))).not.toContain(
      'flag',
    );
  });
});
