/**
 * Variables whose values are secrets, each with the Config field it fills (a dotted path). Their values
 * are never echoed in a configuration problem, and describeConfig shows them redacted.
 */
export const SECRET_FIELDS = {
  DATABASE_URL: 'databaseUrl',
  SANDBOX_NODE_KEY: 'lightning.sandboxNodeKeyHex',
  LND_MACAROON_HEX: 'lightning.lndMacaroonHex',
  CLN_RUNE: 'lightning.clnRune',
  SMTP_URL: 'mail.smtpUrl',
  VERIFY_HMAC_KEY: 'verification.hmacKey',
} as const;

export const SECRET_VARIABLES: ReadonlySet<string> = new Set(Object.keys(SECRET_FIELDS));
