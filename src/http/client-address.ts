import { isIP } from 'node:net';

/**
 * The bucket per-address limits count a client under: an IPv4 address on its own (IPv4-mapped IPv6
 * included), an IPv6 address with its whole /64, since one subscriber usually holds at least a /64 and
 * could otherwise take a fresh bucket per request. `ip` is Fastify's `request.ip`, so it is already the
 * client behind the trusted proxies of TRUST_PROXY.
 */
export function clientBucket(ip: string): string {
  const bare = ip.split('%')[0] ?? '';
  if (isIP(bare) === 4) return bare;
  if (isIP(bare) !== 6) return ip;
  // The URL parser writes an IPv6 address in its canonical, compressed, lower-case form (RFC 5952).
  const canonical = new URL(`http://[${bare}]/`).hostname.slice(1, -1);
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (mapped) {
    const hi = Number.parseInt(mapped[1] ?? '0', 16);
    const lo = Number.parseInt(mapped[2] ?? '0', 16);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  const [head = '', tail] = canonical.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros =
    tail === undefined ? [] : new Array<string>(8 - headGroups.length - tailGroups.length).fill('0');
  const groups = [...headGroups, ...zeros, ...tailGroups];
  return `${groups.slice(0, 4).join(':')}::/64`;
}
