import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app/deps.ts';
import { clientBucket } from './client-address.ts';
import { HttpError } from './errors.ts';

const WINDOW_MS = 60_000;

export interface RedeemLimiter {
  /**
   * Counts one redeem attempt (or one look-up of a code, with `code` null) from the client's address and,
   * for a one-time voucher, on its code; throws a 429 (with Retry-After) when either is over its limit.
   * Codes cannot be guessed, or probed for existence, at any useful rate.
   */
  check(request: FastifyRequest, reply: FastifyReply, code: string | null): Promise<void>;
}

/**
 * The redeem limiter of the API, the pages and the LNURL callbacks, counting in one-minute windows with
 * the app's rate counter: in this process, or in the database that several instances share
 * (RATE_LIMIT_STORE), so that they enforce one limit together.
 */
export function redeemLimiterFor(deps: AppDeps): RedeemLimiter {
  const { redeemPerIpPerMinute, redeemPerCodePerMinute } = deps.config.vouchers;
  const enabled = deps.config.rateLimit.enabled;
  const waitOf = (w: { count: number; resetAtMs: number }, limit: number): number | null =>
    w.count > limit ? Math.max(1, Math.ceil((w.resetAtMs - deps.clock.nowMs()) / 1000)) : null;
  return {
    async check(request, reply, code) {
      if (!enabled) return;
      const nowMs = deps.clock.nowMs();
      const [byIp, byCode] = await Promise.all([
        deps.rateCounter.hit(`redeem-ip:${clientBucket(request.ip)}`, WINDOW_MS, nowMs),
        code === null
          ? null
          : deps.rateCounter.hit(`redeem-code:${code.trim().toLowerCase().slice(0, 32)}`, WINDOW_MS, nowMs),
      ]);
      const ipWait = waitOf(byIp, redeemPerIpPerMinute);
      const codeWait = byCode === null ? null : waitOf(byCode, redeemPerCodePerMinute);
      if (ipWait === null && codeWait === null) return;
      const wait = Math.max(ipWait ?? 0, codeWait ?? 0);
      reply.header('retry-after', String(wait));
      throw new HttpError({
        code: 'rate_limited',
        message:
          codeWait !== null
            ? `too many redeem attempts for this voucher; retry in ${wait} s`
            : `too many redeem attempts from your address; retry in ${wait} s`,
      });
    },
  };
}
