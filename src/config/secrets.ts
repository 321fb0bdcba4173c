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
  METRICS_TOKEN: 'metrics.token',
  // Not spending keys, but each shows every address and payment of the operator's wallet.
  BTC_XPUB: 'chain.btcXpub',
  EVM_XPUB: 'chain.evmXpub',
  // Hosted node URLs carry the provider's API key in their path or query.
  ESPLORA_URL: 'chainWatch.esploraUrl',
  EVM_RPC_URL_ERC20: 'chainWatch.evmRpcUrl.ERC20',
  EVM_RPC_URL_BEP20: 'chainWatch.evmRpcUrl.BEP20',
  EVM_RPC_URL_MATIC: 'chainWatch.evmRpcUrl.MATIC',
  VERIFY_HMAC_KEY: 'verification.hmacKey',
  TRADE_TOKEN_KEY: 'tradeToken.key',
  NOSTR_SECRET_KEY: 'nostr.secretKeyHex',
} as const;

export const SECRET_VARIABLES: ReadonlySet<string> = new Set(Object.keys(SECRET_FIELDS));
