import { accessSync, constants } from 'node:fs';
import { bigint, int, oneOf, optional, url } from './fields.ts';
import { section } from './section.ts';

export interface LightningConfig {
  backend: 'sandbox' | 'lnd' | 'cln';
  network: 'bitcoin' | 'testnet' | 'signet' | 'regtest';
  /** Secret. */
  sandboxNodeKeyHex: string | null;
  sandboxFeeBaseMsat: bigint;
  sandboxFeePpm: bigint;
  /** Most the sandbox faucet issues of one asset in all, whole units (keeps ledger columns in range). */
  sandboxFundMaxUnits: number;
  lndUrl: string | null;
  /** Secret. */
  lndMacaroonHex: string | null;
  lndTlsCertPath: string | null;
  clnUrl: string | null;
  /** Secret. */
  clnRune: string | null;
  /** clnrest's ca.pem, which signs the certificate clnrest serves. */
  clnTlsCaPath: string | null;
}

export const lightning = section(
  {
    LIGHTNING_BACKEND: oneOf(['sandbox', 'lnd', 'cln'] as const, 'sandbox'),
    LIGHTNING_NETWORK: oneOf(['bitcoin', 'testnet', 'signet', 'regtest'] as const, 'regtest'),
    SANDBOX_NODE_KEY: optional(),
    SANDBOX_FEE_BASE_MSAT: bigint(1000n, 100_000_000n),
    SANDBOX_FEE_PPM: bigint(1000n, 100_000n),
    SANDBOX_FUND_MAX_UNITS: int(21_000_000, 1, 21_000_000),
    LND_URL: url(null, ['http:', 'https:']),
    LND_MACAROON_HEX: optional(),
    LND_TLS_CERT_PATH: optional(),
    CLN_URL: url(null, ['http:', 'https:']),
    CLN_RUNE: optional(),
    CLN_TLS_CA_PATH: optional(),
  },
  (v): LightningConfig => ({
    backend: v.LIGHTNING_BACKEND,
    network: v.LIGHTNING_NETWORK,
    sandboxNodeKeyHex: v.SANDBOX_NODE_KEY,
    sandboxFeeBaseMsat: v.SANDBOX_FEE_BASE_MSAT,
    sandboxFeePpm: v.SANDBOX_FEE_PPM,
    sandboxFundMaxUnits: v.SANDBOX_FUND_MAX_UNITS,
    lndUrl: v.LND_URL,
    lndMacaroonHex: v.LND_MACAROON_HEX,
    lndTlsCertPath: v.LND_TLS_CERT_PATH,
    clnUrl: v.CLN_URL,
    clnRune: v.CLN_RUNE,
    clnTlsCaPath: v.CLN_TLS_CA_PATH,
  }),
  (c) => {
    const problems: string[] = [];
    if (c.sandboxNodeKeyHex !== null && !/^[0-9a-fA-F]{64}$/.test(c.sandboxNodeKeyHex)) {
      problems.push('SANDBOX_NODE_KEY must be 64 hex characters');
    }
    if (c.backend === 'lnd' && (c.lndUrl === null || c.lndMacaroonHex === null)) {
      problems.push('LIGHTNING_BACKEND=lnd needs LND_URL and LND_MACAROON_HEX');
    }
    if (c.backend === 'cln' && (c.clnUrl === null || c.clnRune === null)) {
      problems.push('LIGHTNING_BACKEND=cln needs CLN_URL and CLN_RUNE');
    }
    // A TLS file the backend will read at start: a missing one is named by its variable, not by errno.
    const files: Array<[string, string | null]> =
      c.backend === 'lnd'
        ? [['LND_TLS_CERT_PATH', c.lndTlsCertPath]]
        : c.backend === 'cln'
          ? [['CLN_TLS_CA_PATH', c.clnTlsCaPath]]
          : [];
    for (const [name, path] of files) {
      if (path === null) continue;
      try {
        accessSync(path, constants.R_OK);
      } catch (e) {
        problems.push(`${name} ${path} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
      }
    }
    return problems;
  },
);
