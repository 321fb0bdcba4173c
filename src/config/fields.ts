import { z } from 'zod';

/**
 * Schemas for one environment variable each. A variable that is unset or blank takes its default; a
 * value is trimmed first. A bad value yields one issue whose message follows the variable's name
 * (`must be a whole number from 0 to 65535 (got "eighty")`); the loader prefixes the name.
 */

/** The trimmed value, or undefined when unset or blank. */
export const raw = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

/** A variable whose value `parse` turns into T, or refuses with `problem(value)`. */
function field<T>(fallback: T, parse: (v: string) => T | undefined, problem: (v: string) => string) {
  return raw.transform((v, ctx): T => {
    if (v === undefined) return fallback;
    const out = parse(v);
    if (out === undefined) {
      ctx.addIssue({ code: 'custom', message: problem(v) });
      return z.NEVER;
    }
    return out;
  });
}

export const string = (fallback: string) => raw.transform((v) => v ?? fallback);

export const optional = () => raw.transform((v) => v ?? null);

export const int = (fallback: number, min: number, max: number) =>
  field(
    fallback,
    (v) => (/^\d+$/.test(v) && Number(v) >= min && Number(v) <= max ? Number(v) : undefined),
    (v) => `must be a whole number from ${min} to ${max} (got "${v}")`,
  );

export const bigint = (fallback: bigint, max: bigint) =>
  field(
    fallback,
    (v) => (/^\d{1,19}$/.test(v) && BigInt(v) <= max ? BigInt(v) : undefined),
    (v) => `must be a whole number from 0 to ${max} (got "${v}")`,
  );

/** A percentage from 0 to `maxPercent` with at most 4 decimals, as parts per million. */
export const percentPpm = (fallback: bigint, maxPercent: number) =>
  field(
    fallback,
    (v) => {
      const m = /^(\d{1,3})(?:\.(\d{1,4}))?$/.exec(v);
      if (!m) return undefined;
      const ppm = BigInt(m[1]!) * 10_000n + BigInt((m[2] ?? '').padEnd(4, '0'));
      return ppm <= BigInt(maxPercent) * 10_000n ? ppm : undefined;
    },
    (v) => `must be a percentage from 0 to ${maxPercent} with at most 4 decimals (got "${v}")`,
  );

export const bool = (fallback: boolean) =>
  field(
    fallback,
    (v) => (/^(true|1|yes|on)$/i.test(v) ? true : /^(false|0|no|off)$/i.test(v) ? false : undefined),
    (v) => `must be true or false (got "${v}")`,
  );

/** One of `choices`, matched without regard to case unless `caseInsensitive` is false. */
export const oneOf = <T extends string>(choices: readonly T[], fallback: T, caseInsensitive = true) =>
  field(
    fallback,
    (v) => choices.find((c) => (caseInsensitive ? c.toLowerCase() === v.toLowerCase() : c === v)),
    (v) => `must be one of ${choices.join(', ')} (got "${v}")`,
  );

/** Like oneOf, but unset gives undefined: the loader chooses the default from other sections. */
export const maybeOneOf = <T extends string>(choices: readonly T[]) =>
  field<T | undefined>(
    undefined,
    (v) => choices.find((c) => c.toLowerCase() === v.toLowerCase()),
    (v) => `must be one of ${choices.join(', ')} (got "${v}")`,
  );

/** A URL with one of `protocols` (`'https:'`), or null when unset and there is no default. */
export const url = (fallback: string | null, protocols: readonly string[]) =>
  raw.transform((v, ctx): string | null => {
    const value = v ?? fallback;
    if (value === null) return null;
    let parsed: URL;
    try {
      parsed = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a URL' });
      return z.NEVER;
    }
    if (!protocols.includes(parsed.protocol)) {
      ctx.addIssue({ code: 'custom', message: `must be a ${protocols.join(' or ')} URL` });
      return z.NEVER;
    }
    return value;
  });
