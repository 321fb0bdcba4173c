import { firstChainAddress, type KeyChain } from '../../db/repos/chain-addresses.ts';
import { getKv, putKv, putKvIfAbsent } from '../../db/repos/kv.ts';
import {
  type AccountKey,
  accountKeyFingerprint,
  btcAddress,
  type ChainKeys,
  evmAddress,
} from '../../domain/chain-keys.ts';
import type { AppDeps } from '../deps.ts';
import { runPlainWrite } from '../write.ts';

/**
 * The account keys of on-chain addresses must be the same on every instance of one database: the
 * derivation index is one counter in the database, so an instance with other keys (its own hot seed
 * file, a lost seed file created anew, another xpub) hands out addresses of another wallet at the next
 * indexes. The database keeps each key chain's public fingerprint (domain accountKeyFingerprint) from
 * its first start on, and an instance whose keys differ is refused at start.
 */

type Deps = Pick<AppDeps, 'db' | 'chainKeys' | 'clock'>;

const CHAINS: ReadonlyArray<{ chain: KeyChain; variable: 'BTC_XPUB' | 'EVM_XPUB'; what: string }> = [
  { chain: 'btc', variable: 'BTC_XPUB', what: 'Bitcoin (btc)' },
  { chain: 'evm', variable: 'EVM_XPUB', what: 'EVM (usdt)' },
];

const kvKey = (chain: KeyChain) => `chain_keys.${chain}`;

/** What to do about keys that differ, once per message. */
const ADVICE =
  'Instances sharing a database must derive from the same keys: set BTC_XPUB and EVM_XPUB to the same account keys on every instance, or give every instance the same chain-seed.txt. ' +
  "If you changed the keys on purpose, run 'paytag chain keys --accept --confirm' once with the new configuration " +
  '(addresses already handed out stay in the old wallet: keep it). See docs/operations.md.';

function origin(keys: ChainKeys, variable: string): string {
  return keys.hotSeedFile === null ? variable : `the hot seed file ${keys.hotSeedFile}`;
}

/** The key chains this instance has keys for, with their fingerprints (derives a hot seed's keys). */
function configured(keys: ChainKeys) {
  return CHAINS.flatMap((c) => {
    const key: AccountKey | null = keys[c.chain];
    return key === null ? [] : [{ ...c, key, fingerprint: accountKeyFingerprint(key) }];
  });
}

/**
 * Checks this instance's account keys against the database's and records those it has none of yet
 * (checked first against the address the database handed out first, for a database from before the
 * fingerprints were kept). Answers the problems, one message each; none: the keys are the database's.
 */
export async function verifyChainKeys(deps: Deps): Promise<string[]> {
  const mine = configured(deps.chainKeys);
  const problems: string[] = [];
  const absent: typeof mine = [];
  for (const c of mine) {
    const stored = await getKv(deps.db.read, kvKey(c.chain));
    if (stored !== undefined) {
      if (stored !== c.fingerprint) {
        problems.push(
          `${c.variable}: the ${c.what} account key of ${origin(deps.chainKeys, c.variable)} (fingerprint ${c.fingerprint}) is not the one this database's addresses come from (fingerprint ${stored}).`,
        );
      }
      continue;
    }
    const first = await firstChainAddress(deps.db.read, c.chain);
    if (first !== undefined) {
      const derived =
        c.chain === 'btc'
          ? btcAddress(c.key, deps.chainKeys.hrp, first.derivation_index)
          : evmAddress(c.key, first.derivation_index);
      if (derived.toLowerCase() !== first.address.toLowerCase()) {
        problems.push(
          `${c.variable}: the ${c.what} account key of ${origin(deps.chainKeys, c.variable)} does not derive the database's first address ${first.address} (index ${first.derivation_index}); it derives ${derived} there.`,
        );
        continue;
      }
    }
    absent.push(c);
  }
  if (problems.length === 0 && absent.length > 0) {
    const nowMs = deps.clock.nowMs();
    // Two instances starting at once: the first to record wins, the other compares with it.
    const kept = await runPlainWrite(deps.db, async (trx) => {
      const out: Array<{ c: (typeof absent)[number]; stored: string }> = [];
      for (const c of absent)
        out.push({ c, stored: await putKvIfAbsent(trx, kvKey(c.chain), c.fingerprint, nowMs) });
      return out;
    });
    for (const { c, stored } of kept) {
      if (stored !== c.fingerprint) {
        problems.push(
          `${c.variable}: the ${c.what} account key of ${origin(deps.chainKeys, c.variable)} (fingerprint ${c.fingerprint}) is not the one another instance recorded for this database (fingerprint ${stored}).`,
        );
      }
    }
  }
  return problems.length === 0 ? [] : [...problems, ADVICE];
}

export interface ChainKeyReport {
  chain: KeyChain;
  variable: 'BTC_XPUB' | 'EVM_XPUB';
  /** This configuration's key fingerprint; null: no key for this chain. */
  configured: string | null;
  /** The database's; null: none recorded yet. */
  recorded: string | null;
}

/** The fingerprints of this configuration's keys next to the database's. */
export async function chainKeysReport(deps: Deps): Promise<ChainKeyReport[]> {
  const mine = new Map(configured(deps.chainKeys).map((c) => [c.chain, c.fingerprint]));
  const out: ChainKeyReport[] = [];
  for (const c of CHAINS) {
    out.push({
      chain: c.chain,
      variable: c.variable,
      configured: mine.get(c.chain) ?? null,
      recorded: (await getKv(deps.db.read, kvKey(c.chain))) ?? null,
    });
  }
  return out;
}

/**
 * Records this configuration's key fingerprints as the database's, after an operator changed the keys on
 * purpose. Addresses handed out before stay watched and credited; their funds are in the old wallet.
 */
export async function acceptChainKeys(deps: Deps): Promise<ChainKeyReport[]> {
  const mine = configured(deps.chainKeys);
  const nowMs = deps.clock.nowMs();
  await runPlainWrite(deps.db, async (trx) => {
    for (const c of mine) await putKv(trx, kvKey(c.chain), c.fingerprint, nowMs);
  });
  return chainKeysReport(deps);
}
