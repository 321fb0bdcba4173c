import { int, oneOf, string, url } from './fields.ts';
import { section } from './section.ts';

export interface HttpConfig {
  port: number;
  host: string;
  /** The service's address as clients see it, without a trailing slash. */
  publicUrl: string;
  bodyLimitBytes: number;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
}

export const http = section(
  {
    PORT: int(8080, 0, 65535),
    HOST: string('127.0.0.1'),
    PUBLIC_URL: url(null, ['http:', 'https:']),
    BODY_LIMIT_BYTES: int(65_536, 1024, 10_485_760),
    LOG_LEVEL: oneOf(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const, 'info'),
  },
  (v): HttpConfig => ({
    port: v.PORT,
    host: v.HOST,
    publicUrl: (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ''),
    bodyLimitBytes: v.BODY_LIMIT_BYTES,
    logLevel: v.LOG_LEVEL,
  }),
);
