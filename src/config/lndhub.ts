import { int } from './fields.ts';
import { section } from './section.ts';

export interface LndhubConfig {
  /** How long an LNDhub access token is good for after it was issued (seconds). */
  accessTtlSec: number;
  /** How long an LNDhub refresh token is good for after it was issued (seconds); used once. */
  refreshTtlSec: number;
  /** Token pairs one API key keeps at once (one per signed-in wallet or device); a new sign-in beyond ends the oldest. */
  signinsPerKey: number;
}

export const lndhub = section(
  {
    // lightning-backends' lndhub backend re-authenticates only after 2 h (accessTokenMaxAge): shorter
    // access tokens make it call with an expired one.
    LNDHUB_ACCESS_TTL_SEC: int(7200, 60, 7 * 86_400),
    LNDHUB_REFRESH_TTL_SEC: int(604_800, 300, 90 * 86_400),
    LNDHUB_SIGNINS_PER_KEY: int(100, 1, 100_000),
  },
  (v): LndhubConfig => ({
    accessTtlSec: v.LNDHUB_ACCESS_TTL_SEC,
    refreshTtlSec: v.LNDHUB_REFRESH_TTL_SEC,
    signinsPerKey: v.LNDHUB_SIGNINS_PER_KEY,
  }),
);
