import { pino } from 'pino';

/** Keys whose values never reach the log, in any object logged as a field (`{ headers: { … } }`). */
const SECRET_KEYS = ['password', 'secret', 'authorization', 'x-api-key'] as const;
export const CENSOR = '[redacted]';

const holdsSecret = (v: object): boolean => SECRET_KEYS.some((k) => Object.hasOwn(v, k));

/**
 * The fields of one log line with every secret key of a nested object replaced by `[redacted]`:
 * `{ headers: { authorization: 'x' } }` is written `{ headers: { authorization: '[redacted]' } }`. The
 * objects the caller passed are not changed (the censored ones are copies). A line with no such key is
 * returned as it is, which is every request line: a check of the fields' values, no copy.
 */
export function censorSecrets(fields: Record<string, unknown>): Record<string, unknown> {
  let out: Record<string, unknown> | null = null;
  for (const key in fields) {
    const v = fields[key];
    if (v === null || typeof v !== 'object' || Array.isArray(v) || !holdsSecret(v)) continue;
    const copy: Record<string, unknown> = { ...(v as Record<string, unknown>) };
    for (const k of SECRET_KEYS) if (Object.hasOwn(copy, k)) copy[k] = CENSOR;
    out ??= { ...fields };
    out[key] = copy;
  }
  return out ?? fields;
}

/**
 * The process logger: JSON lines on standard output, written in the background (pino's default): a
 * request never waits for the write of its line, lines logged while a write is under way go out
 * together in the next one, and what is still buffered is written when the process exits.
 */
export function createLogger(
  level: string,
  destination: pino.DestinationStream = pino.destination({ dest: process.stdout.fd, sync: false }),
) {
  return pino({ level, formatters: { log: censorSecrets } }, destination);
}
