import { describe, expect, it } from 'vitest';
import { checkoutStateOf, successRedirect } from '../../src/app/checkout/state.ts';
import type { CheckoutStatusRow } from '../../src/db/repos/checkout.ts';
import { fiatText } from '../../src/http/pages/checkout/page.ts';
import { addressKey, lastEventIdOf } from '../../src/http/pages/checkout/stream.ts';
import { chooseLang } from '../../src/http/pages/i18n/index.ts';

const row = (over: Partial<CheckoutStatusRow>): CheckoutStatusRow => ({
  public_id: 'abcdefghijklmnop',
  status: 'pending',
  amount_msat: 1000n,
  paid_at_ms: null,
  hosted_checkout_expiry_ms: 10_000n,
  success_url: null,
  wallet: 'lbtc',
  amount_units: 1000n,
  ...over,
});

describe('checkout state', () => {
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
    expect(lastEventIdOf('3')).toBe(3);
    expect(lastEventIdOf(' 1 ')).toBe(1);
    expect(lastEventIdOf(undefined)).toBe(0);
    expect(lastEventIdOf('x')).toBe(0);
    expect(lastEventIdOf('1e3')).toBe(0);
    expect(lastEventIdOf('99999')).toBe(0);
  });

  it('writes the fiat value exactly as given, in the locale, and unknown currencies as they are', () => {
    expect(fiatText('1234567.5', 'INR', 'hi-IN')).toBe('₹12,34,567.50');
    expect(fiatText('0.125', 'USD', 'en-US')).toBe('$0.125');
    expect(fiatText('123456789012345678.99', 'USD', 'en-US')).toBe('$123,456,789,012,345,678.99');
    expect(fiatText('5', 'XXXXXXX', 'en-US')).toBe('5 XXXXXXX');
  });
});
