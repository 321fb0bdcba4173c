import type { AppDeps } from '../deps.ts';

// The wallet service's limits, counted in `deps.rateCounter`: the counter the HTTP API's limits use, in
// the shared `rate_limits` table when RATE_LIMIT_STORE=database (the default on PostgreSQL), so that
// every instance of the service counts against one limit.

const MINUTE_MS = 60_000;

/** Key of the one count of refusals to keys that are no live connection, whoever sent them. */
const REFUSALS_KEY = 'nwc-refusals';

/** Counts one request of a connection; false once it made more than NWC_REQUESTS_PER_MINUTE. */
export async function takeNwcRequestAllowance(
  deps: AppDeps,
  connectionId: bigint,
  nowMs: number,
): Promise<boolean> {
  const hit = await deps.rateCounter.hit(`nwc-conn:${connectionId}`, MINUTE_MS, nowMs);
  return hit.count <= deps.config.nostr.nwcRequestsPerMinute;
}

export interface NwcRefusalGate {
  /**
   * Counts one refusal of a request from a key that is no live connection (unknown, revoked, expired,
   * or in an encryption this service does not speak). True: answer it. False: the minute's
   * NWC_REFUSALS_PER_MINUTE are used up across instances, so the request is dropped without an answer
   * (and logged at most once a minute per instance, with the drops since the last line).
   */
  mayRefuse(nowMs: number): Promise<boolean>;
}

/**
 * Anyone may sign a request to the service's public key; each refusal is an event the service signs
 * and publishes. The cap bounds that work (and what the relays see from this key) whatever the number
 * of keys an outsider makes.
 */
export function nwcRefusalGate(deps: AppDeps): NwcRefusalGate {
  const cap = deps.config.nostr.nwcRefusalsPerMinute;
  let dropped = 0;
  let loggedAtMs = Number.NEGATIVE_INFINITY;
  // Once the shared window is used up this instance drops without counting until it ends, so a flood
  // costs no write a request.
  let fullUntilMs = Number.NEGATIVE_INFINITY;
  return {
    async mayRefuse(nowMs) {
      if (nowMs >= fullUntilMs) {
        const hit = await deps.rateCounter.hit(REFUSALS_KEY, MINUTE_MS, nowMs);
        if (hit.count <= cap) return true;
        fullUntilMs = hit.resetAtMs;
      }
      dropped += 1;
      if (nowMs - loggedAtMs >= MINUTE_MS) {
        deps.log.warn(
          { dropped, capPerMinute: cap },
          'NWC requests from keys that are no live connection dropped unanswered: NWC_REFUSALS_PER_MINUTE reached',
        );
        dropped = 0;
        loggedAtMs = nowMs;
      }
      return false;
    },
  };
}
