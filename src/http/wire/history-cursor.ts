import type { HistoryCursor } from '../../app/dashboard/views.ts';
import { INT64_MAX } from '../../domain/money.ts';
import { err, ok, type Result } from '../../domain/result.ts';

/** A page cursor as it travels in links: `<created_at_ms>.<id>`. */
export function decodeCursor(v: unknown): Result<HistoryCursor | null> {
  if (v === undefined || v === '') return ok(null);
  const m = typeof v === 'string' ? /^(\d{1,16})\.(\d{1,19})$/.exec(v) : null;
  // An id past the 64-bit range is not a link this page made.
  if (!m?.[1] || !m[2] || BigInt(m[2]) > INT64_MAX) {
    return err('invalid_request', 'this page link is not valid', 'after');
  }
  return ok({ createdAtMs: BigInt(m[1]), id: BigInt(m[2]) });
}
