// Classifies IP addresses so outbound requests can refuse anything that is not on the public
// internet: a URL supplied by a stranger (an LNURL, a webhook) must not reach the operator's own
// network, the loopback interface or a cloud metadata service.

import { isIP } from 'node:net';

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

type V4 = [number, number, number, number];

function parseIPv4(text: string): V4 | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^(0|[1-9][0-9]{0,2})$/.test(p)) return null;
    const n = Number(p);
    if (n > 255) return null;
    out.push(n);
  }
  return out as V4;
}

/** Eight 16-bit groups, or null. Accepts `::` compression, an embedded dotted quad and a zone id. */
function parseIPv6(text: string): number[] | null {
  let s = text;
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (s.startsWith('[') && s.endsWith(']')) s = s.slice(1, -1);
  let tail: number[] = [];
  if (s.includes('.')) {
    const lastColon = s.lastIndexOf(':');
    const v4 = parseIPv4(s.slice(lastColon + 1));
    if (!v4) return null;
    tail = [(v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]];
    const prefix = s.slice(0, lastColon + 1);
    s = prefix.endsWith('::') ? prefix : prefix.slice(0, -1);
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const parseGroups = (part: string): number[] | null => {
    if (part === '') return [];
    const groups: number[] = [];
    for (const g of part.split(':')) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return null;
      groups.push(Number.parseInt(g, 16));
    }
    return groups;
  };
  const head = parseGroups(halves[0] ?? '');
  if (head === null) return null;
  if (halves.length === 1) {
    const all = [...head, ...tail];
    return all.length === 8 ? all : null;
  }
  const rest = parseGroups(halves[1] ?? '');
  if (rest === null) return null;
  const fill = 8 - head.length - rest.length - tail.length;
  if (fill < 1) return null;
  return [...head, ...new Array<number>(fill).fill(0), ...rest, ...tail];
}

function classifyV4([a, b, c, d]: V4): AddressClass {
  if (a === 0) return 'unspecified';
  if (a === 10) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'cgnat';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return c === 169 && d === 254 ? 'metadata' : 'link_local';
  if (a === 172 && b >= 16 && b <= 31) return 'private';
  if (a === 192 && b === 0 && c === 0) return 'reserved';
  if (a === 192 && b === 0 && c === 2) return 'documentation';
  if (a === 192 && b === 88 && c === 99) return 'reserved';
  if (a === 192 && b === 168) return 'private';
  if (a === 198 && (b === 18 || b === 19)) return 'benchmarking';
  if (a === 198 && b === 51 && c === 100) return 'documentation';
  if (a === 203 && b === 0 && c === 113) return 'documentation';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a === 255 && b === 255 && c === 255 && d === 255) return 'broadcast';
  if (a >= 240) return 'reserved';
  return 'public';
}

function v4FromGroups(hi: number, lo: number): V4 {
  return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff];
}

function classifyV6(g: number[]): AddressClass {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const firstFiveZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (firstFiveZero && g5 === 0 && g6 === 0 && g7 === 0) return 'unspecified';
  if (firstFiveZero && g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
  // IPv4-mapped (::ffff:a.b.c.d) and the deprecated IPv4-compatible (::a.b.c.d) forms reach the
  // embedded IPv4 address, so they are judged by it.
  if (firstFiveZero && (g5 === 0xffff || g5 === 0)) return classifyV4(v4FromGroups(g6, g7));
  // NAT64 well-known prefix 64:ff9b::/96 translates to the embedded IPv4 address.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) {
    return classifyV4(v4FromGroups(g6, g7));
  }
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private';
  // 6to4 (2002::/16) carries an IPv4 address in bits 16..48.
  if (g0 === 0x2002) return classifyV4(v4FromGroups(g1, g2));
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved';
  // Teredo (2001::/32) tunnels to an obfuscated IPv4 address; no legitimate callback needs it.
  if (g0 === 0x2001 && g1 === 0) return 'reserved';
  if (g0 === 0x2001 && g1 === 0x0db8) return 'documentation';
  if (g0 === 0x2001 && g1 >= 0x0010 && g1 <= 0x001f) return 'reserved';
  if ((g0 & 0xfe00) === 0xfc00)
    return g0 === 0xfd00 && g1 === 0x0ec2 && g7 === 0x0254 ? 'metadata' : 'unique_local';
  if ((g0 & 0xffc0) === 0xfe80) return 'link_local';
  if ((g0 & 0xffc0) === 0xfec0) return 'site_local';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  // Only 2000::/3 is allocated as global unicast.
  if ((g0 & 0xe000) !== 0x2000) return 'reserved';
  return 'public';
}

/** What kind of address `ip` is (IPv4 or IPv6 text, optionally bracketed or with a zone id). */
export function classifyAddress(ip: string): AddressClass {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const v4 = parseIPv4(bare);
  if (v4) return classifyV4(v4);
  const withoutZone = bare.split('%')[0] ?? '';
  if (isIP(withoutZone) !== 6) return 'invalid';
  const groups = parseIPv6(withoutZone);
  return groups ? classifyV6(groups) : 'invalid';
}

/** True only for globally routable unicast addresses. */
export function isPublicAddress(ip: string): boolean {
  return classifyAddress(ip) === 'public';
}
