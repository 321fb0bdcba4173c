import type { HDKey } from '@scure/bip32';
import { err, ok, type Result } from '../../domain/result.ts';
import { type KeyOrigin, parseHardenedPath } from '../../domain/withdrawal-tx.ts';
import type { AppDeps } from '../deps.ts';
import type { BtcTransactions } from '../ports.ts';

/**
 * The Bitcoin transactions port (the sandbox chain or Esplora), or null when no BTC chain is set up.
 * Read through here so the withdrawal engine names one place that reaches it.
 */
export function btcTransactionsOf(deps: AppDeps): BtcTransactions | null {
  return deps.btcTransactions;
}

/** What a PSBT needs of the operator's keys: the account key and where it sits below the master key. */
export interface WithdrawalKeys {
  account: HDKey;
  origin: KeyOrigin;
  /** The hot seed's master key, when the server holds it (it may then sign); else null. */
  master: HDKey | null;
}

/**
 * The account key (BTC_XPUB or the hot seed's), its master fingerprint (BTC_MASTER_FINGERPRINT, or the
 * hot seed's own) and path (BTC_ACCOUNT_PATH, default `m/84'/<coin>'/0'`).
 */
export function withdrawalKeys(deps: AppDeps): Result<WithdrawalKeys> {
  const keys = deps.chainKeys;
  const btc = keys.btc;
  if (btc === null) {
    return err('invalid_request', 'no BTC account key: set BTC_XPUB (on-chain BTC is off without it)');
  }
  const mainnet = deps.config.lightning.network === 'bitcoin';
  const path = deps.config.payouts.btcAccountPath ?? `m/84'/${mainnet ? 0 : 1}'/0'`;
  const master = keys.btcMaster ?? null;
  let fingerprint: number;
  if (master !== null) fingerprint = master.fingerprint;
  else if (deps.config.payouts.btcMasterFingerprint !== null) {
    fingerprint = Number.parseInt(deps.config.payouts.btcMasterFingerprint, 16);
  } else {
    return err(
      'invalid_request',
      'set BTC_MASTER_FINGERPRINT to your wallet’s master key fingerprint (8 hex digits; Sparrow: Settings → Keystore, Electrum: Wallet → Information): the wallet finds its keys in a PSBT by it',
    );
  }
  return ok({ account: btc.key, origin: { fingerprint, accountPath: parseHardenedPath(path) }, master });
}
