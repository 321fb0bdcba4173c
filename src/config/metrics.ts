import { z } from 'zod';
import { raw } from './fields.ts';
import { section } from './section.ts';

export interface MetricsConfig {
  /** Bearer token that GET /metrics requires; null: the route answers 404 (metrics off). */
  token: string | null;
}

/** At least 32 characters: the token is all that guards the figures, and it travels in every scrape. */
const token = raw.transform((v, ctx) => {
  if (v === undefined) return null;
  if (v.length < 32 || /\s/.test(v)) {
    ctx.addIssue({ code: 'custom', message: 'must be at least 32 characters without spaces' });
    return z.NEVER;
  }
  return v;
});

export const metrics = section({ METRICS_TOKEN: token }, (v): MetricsConfig => ({ token: v.METRICS_TOKEN }));
