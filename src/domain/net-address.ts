// Classifies IP addresses so outbound requests can refuse anything that is not on the public
// internet: a URL supplied by a stranger (an LNURL, a webhook) must not reach the operator's own
// network, the loopback interface or a cloud metadata service.
//
// Parsing is ipaddr.js's; the ranges are the IANA special-purpose address registries
// (https://www.iana.org/assignments/iana-ipv4-special-registry and iana-ipv6-special-registry, as of
// 2025), plus multicast, the deprecated site-local block and the cloud metadata addresses. Every
// special-purpose block is refused, including the few the registry marks globally reachable (anycast
// and AS112 services): no callback has a reason to target them. IPv6 forms that carry an IPv4 address
// (IPv4-mapped, IPv4-compatible, NAT64 64:ff9b::/96, 6to4 2002::/16) are judged by that address.

import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export type AddressClass =
  | 'public'
  | 'unspecified'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'metadata'
  | 'cgnat'
  | 'unique_local'
  | 'site_local'
  | 'multicast'
  | 'broadcast'
  | 'documentation'
  | 'benchmarking'
  | 'reserved'
  | 'invalid';

type Range<T> = { cidr: [T, number]; kind: AddressClass };

/** Ranges sorted longest prefix first, so the most specific block decides. */
function table<T extends ipaddr.IPv4 | ipaddr.IPv6>(
  parse: (cidr: string) => [T, number],
  entries: Array<[string, AddressClass]>,
): Array<Range<T>> {
  return entries.map(([cidr, kind]) => ({ cidr: parse(cidr), kind })).sort((a, b) => b.cidr[1] - a.cidr[1]);
}

/** IANA IPv4 special-purpose registry, with multicast and the metadata address. */
const IPV4_SPECIAL: ReadonlyArray<[string, AddressClass]> = [
  ['0.0.0.0/8', 'unspecified'], // "this network" (RFC 791)
  ['10.0.0.0/8', 'private'], // RFC 1918
  ['100.64.0.0/10', 'cgnat'], // shared address space (RFC 6598)
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link_local'],
  ['169.254.169.254/32', 'metadata'], // cloud instance metadata
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'reserved'], // IETF protocol assignments, with /29 DS-Lite, .8 dummy, .9 .10 anycast, .170 .171 NAT64 discovery
  ['192.0.2.0/24', 'documentation'], // TEST-NET-1
  ['192.31.196.0/24', 'reserved'], // AS112-v4
  ['192.52.193.0/24', 'reserved'], // AMT
  ['192.88.99.0/24', 'reserved'], // deprecated 6to4 relay anycast
  ['192.168.0.0/16', 'private'],
  ['192.175.48.0/24', 'reserved'], // direct delegation AS112
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'], // TEST-NET-2
  ['203.0.113.0/24', 'documentation'], // TEST-NET-3
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  ['255.255.255.255/32', 'broadcast'],
];

/**
 * IANA IPv6 special-purpose registry, with multicast, site-local and the metadata address. The blocks
 * that embed an IPv4 address are handled before this table; anything outside 2000::/3 (the only block
 * allocated as global unicast) is reserved.
 */
const IPV6_SPECIAL: ReadonlyArray<[string, AddressClass]> = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'private'], // local-use IPv4/IPv6 translation (RFC 8215)
  ['100::/64', 'reserved'], // discard-only
  ['100:0:0:1::/64', 'reserved'], // dummy IPv6 prefix
  ['2001::/23', 'reserved'], // IETF protocol assignments: Teredo, PCP/TURN/DNS-SD anycast, AMT, AS112, ORCHID, drone remote ID
  ['2001:2::/48', 'benchmarking'],
  ['2001:db8::/32', 'documentation'],
  ['2620:4f:8000::/48', 'reserved'], // direct delegation AS112
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'reserved'], // segment routing SIDs
  ['fc00::/7', 'unique_local'],
  ['fd00:ec2::254/128', 'metadata'], // AWS instance metadata over IPv6
  ['fe80::/10', 'link_local'],
  ['fec0::/10', 'site_local'], // deprecated (RFC 3879) but still routed on some networks
  ['ff00::/8', 'multicast'],
];

const V4_TABLE = table((c) => ipaddr.IPv4.parseCIDR(c), [...IPV4_SPECIAL]);
const V6_TABLE = table((c) => ipaddr.IPv6.parseCIDR(c), [...IPV6_SPECIAL]);
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR('2000::/3');
const UNSPECIFIED_V6 = ipaddr.IPv6.parse('::');
const LOOPBACK_V6 = ipaddr.IPv6.parse('::1');
const IPV4_COMPATIBLE = ipaddr.IPv6.parseCIDR('::/96');
const NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const SIX_TO_FOUR = ipaddr.IPv6.parseCIDR('2002::/16');

function classifyV4(a: ipaddr.IPv4): AddressClass {
  for (const r of V4_TABLE) if (a.match(r.cidr)) return r.kind;
  return 'public';
}

const v4FromGroups = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

function classifyV6(a: ipaddr.IPv6): AddressClass {
  const g = a.parts;
  // :: and ::1 lie inside ::/96 but are not IPv4 addresses.
  if (a.match(UNSPECIFIED_V6, 128)) return 'unspecified';
  if (a.match(LOOPBACK_V6, 128)) return 'loopback';
  // These reach the embedded IPv4 address, so they are judged by it.
  if (a.isIPv4MappedAddress()) return classifyV4(a.toIPv4Address());
  if (a.match(IPV4_COMPATIBLE) || a.match(NAT64)) return classifyV4(v4FromGroups(g[6]!, g[7]!));
  if (a.match(SIX_TO_FOUR)) return classifyV4(v4FromGroups(g[1]!, g[2]!));
  return classifyExact(a);
}

function classifyExact(a: ipaddr.IPv6): AddressClass {
  for (const r of V6_TABLE) if (a.match(r.cidr)) return r.kind;
  return a.match(GLOBAL_UNICAST) ? 'public' : 'reserved';
}

/**
 * What kind of address `ip` is (IPv4 or IPv6 text, optionally bracketed or with a zone id). IPv4 is
 * accepted only as four decimal parts without leading zeros: the octal, hexadecimal and single-number
 * spellings (`0177.0.0.1`, `0x7f.1`, `2130706433`) are `invalid`, never public. (A URL's host is already
 * in canonical form: the URL parser rewrites those spellings to dotted decimal.)
 */
export function classifyAddress(ip: string): AddressClass {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  if (ipaddr.IPv4.isValidFourPartDecimal(bare)) return classifyV4(ipaddr.IPv4.parse(bare));
  const withoutZone = bare.split('%')[0] ?? '';
  if (isIP(withoutZone) !== 6 || !ipaddr.IPv6.isValid(withoutZone)) return 'invalid';
  return classifyV6(ipaddr.IPv6.parse(withoutZone));
}

/** True only for globally routable unicast addresses. */
export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip) === 'public';
}
