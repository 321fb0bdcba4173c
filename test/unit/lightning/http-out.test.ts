import fc from 'fast-check';
import ipaddr from 'ipaddr.js';
import { describe, expect, it } from 'vitest';
import { deadline } from '../../../src/adapters/http-out/deadline.ts';
import { jsonToBigInt, parseJson } from '../../../src/adapters/http-out/json.ts';
import { classifyAddress, isPublicAddress } from '../../../src/domain/net-address.ts';

describe('classifyAddress', () => {
  it.each([
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['100.63.255.255', 'public'],
    ['100.128.0.0', 'public'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.0.1', 'private'],
    ['169.254.169.254', 'metadata'],
    ['169.254.0.1', 'link_local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['224.0.0.251', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['[::1]', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::ffff:0:0', 'unspecified'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['2002:0a00:0001::', 'private'],
    ['192.0.0.9', 'reserved'],
    ['192.0.0.170', 'reserved'],
    ['192.31.196.1', 'reserved'],
    ['192.52.193.1', 'reserved'],
    ['192.88.99.1', 'reserved'],
    ['192.175.48.1', 'reserved'],
    ['192.0.1.1', 'public'],
    ['2001:2::1', 'benchmarking'],
    ['2001:1::1', 'reserved'],
    ['2001:20::1', 'reserved'],
    ['2001:200::1', 'public'],
    ['2620:4f:8000::1', 'reserved'],
    ['3fff::1', 'documentation'],
    ['5f00::1', 'reserved'],
    ['100:0:0:1::1', 'reserved'],
    ['2130706433', 'invalid'],
    ['0177.0.0.1', 'invalid'],
    ['0x7f.0.0.1', 'invalid'],
    ['0x7f000001', 'invalid'],
    ['127.1', 'invalid'],
    ['017700000001', 'invalid'],
    ['127.0.0.01', 'invalid'],
    ['::ffff:0177.0.0.1', 'invalid'],
    ['::ffff:0x7f.0.0.1', 'invalid'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:8.8.8.8', 'public'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'private'],
    ['64:ff9b::a00:1', 'private'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:808:808::1', 'public'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456:789a::1', 'unique_local'],
    ['fd00:ec2::254', 'metadata'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['fec0::1', 'site_local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['::2', 'unspecified'],
    ['4000::1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:82b::200e', 'public'],
    ['localhost', 'invalid'],
    ['1.2.3', 'invalid'],
    ['1.2.3.4.5', 'invalid'],
    ['01.2.3.4', 'invalid'],
    ['256.1.1.1', 'invalid'],
    ['1::2::3', 'invalid'],
    ['', 'invalid'],
  ])('%s is %s', (ip, kind) => {
    expect(classifyAddress(ip)).toBe(kind);
    expect(isPublicAddress(ip)).toBe(kind === 'public');
  });

  it('judges every IPv4-mapped IPv6 address like the IPv4 address it maps', () => {
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        expect(classifyAddress(`::ffff:${v4}`)).toBe(classifyAddress(v4));
      }),
    );
  });

  // The IANA special-purpose registries (iana-ipv4-special-registry, iana-ipv6-special-registry), written
  // out here independently of the table in src, with multicast, limited broadcast and site-local.
  const IANA_V4 = [
    '0.0.0.0/8',
    '0.0.0.0/32',
    '10.0.0.0/8',
    '100.64.0.0/10',
    '127.0.0.0/8',
    '169.254.0.0/16',
    '172.16.0.0/12',
    '192.0.0.0/24',
    '192.0.0.0/29',
    '192.0.0.8/32',
    '192.0.0.9/32',
    '192.0.0.10/32',
    '192.0.0.170/32',
    '192.0.0.171/32',
    '192.0.2.0/24',
    '192.31.196.0/24',
    '192.52.193.0/24',
    '192.88.99.0/24',
    '192.168.0.0/16',
    '192.175.48.0/24',
    '198.18.0.0/15',
    '198.51.100.0/24',
    '203.0.113.0/24',
    '224.0.0.0/4',
    '240.0.0.0/4',
    '255.255.255.255/32',
  ];
  const IANA_V6 = [
    '::1/128',
    '::/128',
    '::ffff:0:0/96',
    '64:ff9b::/96',
    '64:ff9b:1::/48',
    '100::/64',
    '100:0:0:1::/64',
    '2001::/23',
    '2001::/32',
    '2001:1::1/128',
    '2001:1::2/128',
    '2001:1::3/128',
    '2001:2::/48',
    '2001:3::/32',
    '2001:4:112::/48',
    '2001:10::/28',
    '2001:20::/28',
    '2001:30::/28',
    '2001:db8::/32',
    '2620:4f:8000::/48',
    '3fff::/20',
    '5f00::/16',
    'fc00::/7',
    'fe80::/10',
    'fec0::/10',
    'ff00::/8',
  ];
  const edges = (cidr: string): string[] => {
    const [addr, bits] = ipaddr.parseCIDR(cidr);
    const first =
      addr.kind() === 'ipv4'
        ? ipaddr.IPv4.networkAddressFromCIDR(cidr)
        : ipaddr.IPv6.networkAddressFromCIDR(cidr);
    const last =
      addr.kind() === 'ipv4'
        ? ipaddr.IPv4.broadcastAddressFromCIDR(cidr)
        : ipaddr.IPv6.broadcastAddressFromCIDR(cidr);
    const bytes = first.toByteArray();
    // An address inside: the network address with its last byte set to 1 when the block has room.
    if (bits < bytes.length * 8) bytes[bytes.length - 1] = 1;
    return [first.toString(), last.toString(), ipaddr.fromByteArray(bytes).toString()];
  };

  it.each([...IANA_V4, ...IANA_V6])('no address of the special-purpose block %s is public', (cidr) => {
    for (const ip of edges(cidr)) {
      expect(classifyAddress(ip), ip).not.toBe('public');
      expect(classifyAddress(ip), ip).not.toBe('invalid');
    }
  });

  it('judges NAT64, 6to4 and IPv4-compatible embeddings like the IPv4 address they carry', () => {
    fc.assert(
      fc.property(fc.ipV4(), (v4) => {
        const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
        const hi = ((a << 8) | b).toString(16);
        const lo = ((c << 8) | d).toString(16);
        const kind = classifyAddress(v4);
        expect(classifyAddress(`64:ff9b::${v4}`)).toBe(kind);
        expect(classifyAddress(`64:ff9b::${hi}:${lo}`)).toBe(kind);
        expect(classifyAddress(`::ffff:${hi}:${lo}`)).toBe(kind);
        expect(classifyAddress(`2002:${hi}:${lo}::1`)).toBe(kind);
        if (a !== 0) expect(classifyAddress(`::${v4}`)).toBe(kind);
      }),
    );
  });

  it('never throws and never calls junk public', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const kind = classifyAddress(s);
        if (kind === 'public') expect(s).toMatch(/^[0-9a-fA-F:.[\]%]+$/);
      }),
    );
  });
});

describe('parseJson', () => {
  it('keeps integers beyond 2^53 exact as bigint and small ones as numbers', () => {
    const r = parseJson(
      '{"a":2100000000000000000,"b":12,"c":-9007199254740993,"d":1.5,"e":"x","f":[true,null]}',
    );
    expect(r).toEqual({
      ok: true,
      value: { a: 2100000000000000000n, b: 12, c: -9007199254740993n, d: 1.5, e: 'x', f: [true, null] },
    });
  });

  it('agrees with JSON.parse on ordinary documents', () => {
    fc.assert(
      fc.property(fc.json(), (text) => {
        const r = parseJson(text);
        expect(r.ok).toBe(true);
        const normalize = (v: unknown): unknown =>
          JSON.parse(JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number(x) : x)));
        if (r.ok) expect(normalize(r.value)).toEqual(JSON.parse(text));
      }),
    );
  });

  it.each(['', '{', '{"a":}', '[1,]', 'nul', '{"a":1} x', '"\\x"', '01', '['.repeat(100) + ']'.repeat(100)])(
    'refuses %s without throwing',
    (text) => {
      expect(parseJson(text).ok).toBe(false);
    },
  );

  it('keeps a __proto__ key an ordinary property', () => {
    const r = parseJson('{"__proto__":{"polluted":true}}');
    expect(r.ok && Object.getPrototypeOf(r.value)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('jsonToBigInt accepts exact non-negative integers only', () => {
    expect(jsonToBigInt(5)).toBe(5n);
    expect(jsonToBigInt('18446744073709551615')).toBe(18446744073709551615n);
    expect(jsonToBigInt(2100000000000000000n)).toBe(2100000000000000000n);
    for (const bad of [1.5, -1, '-1', '1e3', '01', '', ' 1', null, true, [1], 2 ** 60, -5n]) {
      expect(jsonToBigInt(bad as never)).toBeNull();
    }
  });
});

describe('deadline', () => {
  it('aborts with timedOut() when the time runs out', async () => {
    const d = deadline(20);
    await new Promise((r) => setTimeout(r, 60));
    expect(d.signal.aborted).toBe(true);
    expect(d.timedOut()).toBe(true);
    d.dispose();
  });

  it('follows its parent without calling it a timeout, and forgets the parent once disposed', () => {
    const parent = new AbortController();
    const d = deadline(10_000, parent.signal);
    parent.abort();
    expect(d.signal.aborted).toBe(true);
    expect(d.timedOut()).toBe(false);
    d.dispose();

    const other = new AbortController();
    const e = deadline(10_000, other.signal);
    e.dispose();
    other.abort();
    expect(e.signal.aborted).toBe(false);
  });
});
