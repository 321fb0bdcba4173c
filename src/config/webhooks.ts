import { bool, int } from './fields.ts';
import { section } from './section.ts';

export interface WebhooksConfig {
  /** Let webhook (callback) URLs reach private and loopback addresses (tests, private deployments). */
  allowPrivate: boolean;
  /** Whole webhook request, connect to last response byte. */
  timeoutMs: number;
  /** Response bytes read from a webhook receiver at most (an excerpt is kept per attempt). */
  responseMaxBytes: number;
}

export const webhooks = section(
  {
    WEBHOOK_ALLOW_PRIVATE: bool(false),
    WEBHOOK_TIMEOUT_MS: int(10_000, 100, 120_000),
    WEBHOOK_RESPONSE_MAX_BYTES: int(4096, 0, 1_048_576),
  },
  (v): WebhooksConfig => ({
    allowPrivate: v.WEBHOOK_ALLOW_PRIVATE,
    timeoutMs: v.WEBHOOK_TIMEOUT_MS,
    responseMaxBytes: v.WEBHOOK_RESPONSE_MAX_BYTES,
  }),
);
