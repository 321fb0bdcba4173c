import { describe, expect, it } from 'vitest';
import { confirmationsNeeded } from '../../src/app/checkout/chain-progress.ts';
import {
  chainProgressOf,
  checkoutStateOf,
  checkoutStatusOf,
  streamEventId,
  successRedirect,
} from '../../src/app/checkout/state.ts';
import { loadConfig } from '../../src/config/index.ts';
import type { CheckoutStatusRow } from '../../src/db/repos/checkout.ts';
import { addressKey, parseLastEventId } from '../../src/http/web/checkout/stream.ts';
import { fiatText } from '../../src/http/web/kit/fiat-text.ts';
import { chooseLang } from '../../src/http/web/kit/i18n/index.ts';

const row = (over: Partial<CheckoutStatusRow>): CheckoutStatusRow => ({
  id: 1n,
  public_id: 'abcdefghijklmnop',
  status: 'pending',
  amount_msat: 1000n,
  paid_at_ms: null,
  hosted_checkout_expiry_ms: 10_000n,
  success_url: null,
  wallet: 'lbtc',
  amount_units: 1000n,
  payment_mode: 'lightning',
  chain_network: null,
  received_units: 0n,
  unconfirmed_units: null,
  unconfirmed_confirmations: null,
  on_time_units: null,
  on_time_seen_units: null,
  watch_until_ms: null,
  exception: null,
  direction: 'in',
  payreq: null,
  receiver_usertag: null,
  description: null,
  chain_address: null,
  ...over,
});

describe('checkout state', () => {
  it('an expired on-chain request is confirming while deposits seen before its expiry cover it and its address is watched', () => {
    const chain = {
      payment_mode: 'onchain' as const,
      wallet: 'btc' as const,
      chain_network: 'BTC' as const,
      amount_units: 1000n,
      watch_until_ms: 20_000n,
    };
    const seen = { on_time_units: 1000n, on_time_seen_units: 1000n };
    expect(checkoutStateOf(row({ ...chain, ...seen }), 10_000)).toBe('confirming');
    expect(checkoutStateOf(row({ ...chain, ...seen }), 9_999)).toBe('pending');
    // Past the watch, too little on time, nothing left on its way, or declined: expired.
    expect(checkoutStateOf(row({ ...chain, ...seen }), 20_000)).toBe('expired');
    expect(checkoutStateOf(row({ ...chain, on_time_units: 999n, on_time_seen_units: 999n }), 10_000)).toBe(
      'expired',
    );
    expect(checkoutStateOf(row({ ...chain, on_time_units: 1000n, on_time_seen_units: null }), 10_000)).toBe(
      'expired',
    );
    expect(checkoutStateOf(row({ ...chain, ...seen, status: 'declined' }), 10_000)).toBe('expired');
    expect(checkoutStateOf(row({ ...chain, ...seen, status: 'paid' }), 10_000)).toBe('paid');
  });

  it('paid wins, an unpaid request is expired from its expiry on, declined before it, pending otherwise', () => {
    expect(checkoutStateOf(row({}), 9_999)).toBe('pending');
    expect(checkoutStateOf(row({ status: 'undefined' }), 9_999)).toBe('pending');
    expect(checkoutStateOf(row({}), 10_000)).toBe('expired');
    expect(checkoutStateOf(row({ status: 'declined' }), 9_999)).toBe('declined');
    expect(checkoutStateOf(row({ status: 'declined' }), 10_000)).toBe('expired');
    expect(checkoutStateOf(row({ status: 'paid' }), 99_999)).toBe('paid');
    expect(checkoutStateOf(row({ hosted_checkout_expiry_ms: null }), 0)).toBe('expired');
  });

  it('success_url gets the tid in its query, replacing one it had; anything but http(s) is dropped', () => {
    expect(successRedirect('https://shop.example/ok', 't1')).toBe('https://shop.example/ok?tid=t1');
    expect(successRedirect('https://shop.example/ok?a=1&tid=x#top', 't1')).toBe(
      'https://shop.example/ok?a=1&tid=t1#top',
    );
    expect(successRedirect('javascript:alert(1)', 't1')).toBeNull();
    expect(successRedirect('not a url', 't1')).toBeNull();
    expect(successRedirect(null, 't1')).toBeNull();
  });
});

describe('checkout page helpers', () => {
  it('chooses the language from ?lang=, then Accept-Language by weight, else English', () => {
    expect(chooseLang('hi', 'en')).toBe('hi');
    expect(chooseLang('HI', undefined)).toBe('hi');
    expect(chooseLang('fr', 'hi-IN')).toBe('hi');
    expect(chooseLang(['hi'], undefined)).toBe('en');
    expect(chooseLang(undefined, 'hi-IN,hi;q=0.9,en;q=0.8')).toBe('hi');
    expect(chooseLang(undefined, 'en;q=0.9, hi;q=0.2')).toBe('en');
    expect(chooseLang(undefined, 'hi;q=0, en;q=0.1')).toBe('en');
    expect(chooseLang(undefined, 'de-DE,fr;q=0.8')).toBe('en');
    expect(chooseLang(undefined, '*')).toBe('en');
    expect(chooseLang(undefined, ';;;,,,q=;hi;q=abc')).toBe('en');
    expect(chooseLang(undefined, 'hi;q=abc')).toBe('hi');
  });

  it('counts an IPv4 address alone and an IPv6 address by its /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002::9')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
  });

  it('reads Last-Event-ID as one of ours or 0', () => {
    expect(parseLastEventId('3').state).toBe(3);
    expect(parseLastEventId(' 1 ').state).toBe(1);
    expect(parseLastEventId(undefined).state).toBe(0);
    expect(parseLastEventId('x').state).toBe(0);
    expect(parseLastEventId('1e3').state).toBe(0);
    expect(parseLastEventId('99999').state).toBe(0);
  });

  it('reads an on-chain progress id as its state and the whole id; anything else as nothing', () => {
    expect(parseLastEventId('1-0.00050000-0.00150000-1')).toEqual({
      state: 1,
      id: '1-0.00050000-0.00150000-1',
    });
    expect(parseLastEventId('1-2.500000-0-0')).toEqual({ state: 1, id: '1-2.500000-0-0' });
    expect(parseLastEventId('3')).toEqual({ state: 3, id: '3' });
    for (const bad of ['1-', '1-x-y-z', '1-0.1-0.1', '1-0.1-0.1-1-1', `1-${'9'.repeat(40)}.0-0-0`]) {
      expect(parseLastEventId(bad), bad).toEqual({ state: 0, id: '' });
    }
  });

  it('writes the fiat value exactly as given, in the locale, and unknown currencies as they are', () => {
    expect(fiatText('1234567.5', 'INR', 'hi-IN')).toBe('₹12,34,567.50');
    expect(fiatText('0.125', 'USD', 'en-US')).toBe('$0.125');
    expect(fiatText('123456789012345678.99', 'USD', 'en-US')).toBe('$123,456,789,012,345,678.99');
    expect(fiatText('5', 'XXXXXXX', 'en-US')).toBe('5 XXXXXXX');
  });
});

describe('on-chain progress of a checkout', () => {
  const onchain = row({
    wallet: 'btc',
    payment_mode: 'onchain',
    chain_network: 'BTC',
    amount_msat: 200_000_000n,
    amount_units: 200_000_000n,
  });

  it('shows what was credited, what is seen with its fewest confirmations, and what is needed', () => {
    expect(chainProgressOf(row({}), null, 2)).toBeNull();
    expect(chainProgressOf(onchain, null, 2)).toEqual({
      network: 'BTC',
      received: '0.00000000',
      unconfirmed: null,
      confirmations: null,
      confirmations_needed: 2,
      remaining: null,
      uri: null,
    });
    const under = { ...onchain, received_units: 50_000_000n };
    expect(chainProgressOf(under, { units: 150_000_000n, confirmations: 1 }, 2)).toEqual({
      network: 'BTC',
      received: '0.00050000',
      unconfirmed: '0.00150000',
      confirmations: 1,
      confirmations_needed: 2,
      // 0.0005 credited and 0.0015 seen cover the 0.002 asked: nothing remains.
      remaining: null,
      uri: null,
    });
    const part = { ...onchain, received_units: 50_000_000n };
    expect(
      chainProgressOf(part, { units: 30_000_000n, confirmations: 1 }, 2, (u) => `units:${u}`),
    ).toMatchObject({
      remaining: '0.00120000',
      uri: 'units:120000000',
    });
    // Nothing arrived yet: the whole amount, and the URI of the request itself.
    expect(chainProgressOf(onchain, null, 2, (u) => `units:${u}`)).toMatchObject({
      remaining: null,
      uri: 'units:null',
    });
    // Not pending any more: nothing remains to be sent.
    expect(chainProgressOf({ ...part, status: 'declined' }, null, 2)).toMatchObject({ remaining: null });
    const usdt = row({
      wallet: 'usdt',
      payment_mode: 'onchain',
      chain_network: 'BEP20',
      received_units: 2_500_000n,
    });
    expect(chainProgressOf(usdt, null, null)).toMatchObject({
      received: '2.500000',
      confirmations_needed: null,
    });
  });

  it('gives each step of a pending request its own stream id, and a final state only its state', () => {
    const at = (over: Partial<typeof onchain>, seen: { units: bigint; confirmations: number } | null) => {
      const r = { ...onchain, ...over };
      return streamEventId(checkoutStatusOf(r, 0, chainProgressOf(r, seen, 2)));
    };
    expect(at({}, null)).toBe('1');
    expect(at({}, { units: 200_000_000n, confirmations: 0 })).toBe('1-0.00000000-0.00200000-0');
    expect(at({}, { units: 200_000_000n, confirmations: 1 })).toBe('1-0.00000000-0.00200000-1');
    expect(at({ received_units: 50_000_000n }, null)).toBe('1-0.00050000-0-0');
    expect(at({ status: 'paid', received_units: 200_000_000n }, null)).toBe('4');
    expect(streamEventId(checkoutStatusOf(row({}), 0))).toBe('1');
  });

  it('a request paid with more than it asked shows what arrived', () => {
    const over = { ...onchain, status: 'paid' as const, received_units: 250_000_000n };
    expect(checkoutStatusOf(over, 0, chainProgressOf(over, null, 2)).amount).toBe('0.00250000');
  });

  it('counts the confirmations the watcher in use needs; an EVM node’s finalized block has no number', () => {
    const w = (env: Record<string, string>) => loadConfig(env).chainWatch;
    expect(confirmationsNeeded(w({}), 'BTC')).toBe(2);
    expect(confirmationsNeeded(w({ SANDBOX_CHAIN_CONFIRMATIONS: '3' }), 'MATIC')).toBe(3);
    expect(
      confirmationsNeeded(
        w({ BTC_WATCHER: 'esplora', ESPLORA_URL: 'http://e.test', BTC_CONFIRMATIONS: '6' }),
        'BTC',
      ),
    ).toBe(6);
    const evm = { EVM_WATCHER: 'evm-rpc', EVM_RPC_URL_BEP20: 'http://n.test' };
    expect(confirmationsNeeded(w(evm), 'BEP20')).toBeNull();
    expect(confirmationsNeeded(w({ ...evm, EVM_DEPTH_BEP20: '15' }), 'BEP20')).toBe(15);
  });
});
