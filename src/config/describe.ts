import type { Config } from './load.ts';
import { SECRET_FIELDS } from './secrets.ts';

const SECRET_PATHS: ReadonlySet<string> = new Set(Object.values(SECRET_FIELDS));

/** A secret as it may be shown: a URL keeps its scheme, host and path; anything else only whether it is set. */
function redact(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (value.startsWith('sqlite:')) return value; // a file path, no credentials
  try {
    const u = new URL(value);
    if (!u.host) return '(set)';
    return `${u.protocol}//${u.host}${u.pathname === '/' ? '' : u.pathname} (credentials hidden)`;
  } catch {
    return '(set)';
  }
}

/** Chain node URLs carry a provider's API key in their path (…/v3/<key>): only the host is shown. */
const hostOnly = (value: unknown): unknown => {
  const shown = redact(value);
  return typeof shown === 'string' ? shown.replace(/^([a-z]+:\/\/[^/ ]+)\/\S*/, '$1') : shown;
};

function describe(value: unknown, path: string): unknown {
  if (SECRET_PATHS.has(path)) return path.startsWith('chainWatch.') ? hostOnly(value) : redact(value);
  if (typeof value === 'bigint') return value.toString();
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, describe(v, path === '' ? k : `${path}.${k}`)]),
    );
  }
  return value;
}

/** What may be logged about the configuration: every setting, with each secret redacted. */
export function describeConfig(c: Config): Record<string, unknown> {
  return describe(c, '') as Record<string, unknown>;
}
