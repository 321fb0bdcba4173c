import type { AppError, ErrorCode } from './errors.ts';

/** Expected failures are values; bugs throw. */
export type Result<T, E = AppError> = { ok: true; value: T } | { ok: false; error: E };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const err = (code: ErrorCode, message: string, field?: string): { ok: false; error: AppError } => ({
  ok: false,
  error: field === undefined ? { code, message } : { code, message, field },
});
