import { int, optional } from './fields.ts';
import { section } from './section.ts';

export interface TradeTokenConfig {
  /** Lifetime of an access token from POST /trade/v1/auth/token, in seconds (`expires_in`). */
  ttlSec: number;
  /** Token requests per credential per minute, and per client address per minute. */
  requestsPerCredentialPerMinute: number;
  requestsPerAddressPerMinute: number;
  /**
   * Server key that signs access tokens (HS256) and keeps credential secrets as keyed hashes (a secret,
   * at least 32 characters). Null: a random key is made once and kept in the database (`kv`). Changing
   * it ends every token and every credential at once.
   */
  key: string | null;
}

export const tradeToken = section(
  {
    TRADE_TOKEN_TTL_S: int(86_400, 60, 2_592_000),
    TRADE_TOKEN_PER_CREDENTIAL_PER_MINUTE: int(10, 1, 100_000),
    TRADE_TOKEN_PER_ADDRESS_PER_MINUTE: int(30, 1, 100_000),
    TRADE_TOKEN_KEY: optional(),
  },
  (v): TradeTokenConfig => ({
    ttlSec: v.TRADE_TOKEN_TTL_S,
    requestsPerCredentialPerMinute: v.TRADE_TOKEN_PER_CREDENTIAL_PER_MINUTE,
    requestsPerAddressPerMinute: v.TRADE_TOKEN_PER_ADDRESS_PER_MINUTE,
    key: v.TRADE_TOKEN_KEY,
  }),
  (c) => (c.key !== null && c.key.length < 32 ? ['TRADE_TOKEN_KEY must be at least 32 characters'] : []),
);
