import { isIP } from 'node:net';
import { int, oneOf, raw, string, url } from './fields.ts';
import { section } from './section.ts';

export interface HttpConfig {
  port: number;
  host: string;
  /** The service's address as clients see it, without a trailing slash. */
  publicUrl: string;
  /**
   * Whether PUBLIC_URL was given. When it was not, `paytag` commands other than `serve` use the URL the
   * server recorded at its start (it knows its port), so the links they write reach it.
   */
  publicUrlGiven: boolean;
  bodyLimitBytes: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /**
   * Which proxies in front of the service are believed about the client's address (X-Forwarded-For):
   * none (false), the nearest `n` hops, or those at these addresses and CIDR ranges.
   */
  trustProxy: false | number | string[];
}

/** proxy-addr's names for address ranges, which TRUST_PROXY accepts besides addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', prefix, ...more] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || more.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}

/** TRUST_PROXY: off, a hop count from 0 to 16, or a comma-separated list of addresses and CIDR ranges. */
const trustProxy = raw.transform((v, ctx): false | number | string[] => {
  if (v === undefined || /^(false|0|no|off)$/i.test(v)) return false;
  if (/^\d+$/.test(v)) {
    if (Number(v) <= 16) return Number(v);
  } else {
    const entries = v.split(',').map((e) => e.trim().toLowerCase());
    if (entries.every(isAddressOrCidr)) return entries;
  }
  ctx.addIssue({
    code: 'custom',
    message: `must be a hop count from 0 to 16 or a comma-separated list of proxy addresses and CIDR ranges (got "${v}")`,
  });
  return false;
});

export const http = section(
  {
    PORT: int(8080, 0, 65535),
    HOST: string('127.0.0.1'),
    PUBLIC_URL: url(null, ['http:', 'https:']),
    BODY_LIMIT_BYTES: int(65_536, 1024, 10_485_760),
    LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
    TRUST_PROXY: trustProxy,
  },
  (v): HttpConfig => ({
    port: v.PORT,
    host: v.HOST,
    publicUrl: (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ''),
    publicUrlGiven: v.PUBLIC_URL !== null,
    bodyLimitBytes: v.BODY_LIMIT_BYTES,
    logLevel: v.LOG_LEVEL,
    trustProxy: v.TRUST_PROXY,
  }),
);
