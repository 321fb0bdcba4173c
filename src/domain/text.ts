/**
 * Text that came from outside and is kept as received (a webhook receiver's answer, a mail server's or
 * Lightning node's error): U+0000, which PostgreSQL text cannot hold, becomes U+FFFD, the replacement
 * character, and everything else stays. Input of API callers is refused instead (http/body.ts).
 */
export const storableText = (s: string): string => s.replaceAll('\u0000', '\uFFFD');
