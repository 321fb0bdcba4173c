import { z } from 'zod';
import type { EvmNetwork } from '../domain/payments/vocabulary.ts';
import { int, raw } from './fields.ts';
import { section } from './section.ts';

export interface UsdtNetworkConfig {
  /** EIP-155 chain id, written into EIP-681 payment URIs. */
  chainId: number;
  /** The USDT token contract (EIP-55 or lower-case hex, 0x-prefixed). */
  contract: string;
  /** The token's decimals on that chain (EIP-681 amounts are in the token's base unit). */
  decimals: number;
}

export interface ChainConfig {
  /**
   * The operator's BIP84 account key `m/84'/coin'/account'` (xpub, zpub, tpub or vpub); null: none. When
   * neither this nor `evmXpub` is set, a BIP39 seed file in DATA_DIR provides both (a hot seed).
   */
  btcXpub: string | null;
  /** The operator's BIP44 account key `m/44'/60'/0'` for USDT addresses (xpub or tpub); null: none. */
  evmXpub: string | null;
  /** How long after a request's expiry its address is still polled (a rescan finds later deposits). */
  watchAfterExpiryMs: number;
  /**
   * How long after a request's expiry a deposit first seen still pays it, late (`paid` with exception
   * `paid_late`); a deposit first seen later is credited and leaves the request as it is.
   */
  monitorAfterExpiryMs: number;
  usdt: Record<EvmNetwork, UsdtNetworkConfig>;
}

/** An extended public key by its prefix; the full check (checksum, depth, network) runs at start. */
const xpub = (prefixes: readonly string[]) =>
  raw.transform((v, ctx): string | null => {
    if (v === undefined) return null;
    if (!new RegExp(`^(${prefixes.join('|')})[1-9A-HJ-NP-Za-km-z]{100,112}$`).test(v)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be an account-level extended public key starting ${prefixes.join(', ')} (got "${v.slice(0, 12)}…")`,
      });
      return z.NEVER;
    }
    return v;
  });

const contract = (fallback: string) =>
  raw.transform((v, ctx): string => {
    if (v === undefined) return fallback;
    if (!/^0x[0-9a-fA-F]{40}$/.test(v)) {
      ctx.addIssue({ code: 'custom', message: `must be a 0x-prefixed 20-byte hex address (got "${v}")` });
      return z.NEVER;
    }
    return v;
  });

// Mainnet defaults. Chain ids: EIP-155 registry (ethereum-lists/chains, chainlist.org): Ethereum 1,
// BNB Smart Chain 56, Polygon PoS 137. USDT contracts: Tether's "supported protocols" list and the
// chains' explorers (etherscan.io/token/0xdAC17F958D2ee523a2206206994597C13D831ec7, "Tether USD", 6
// decimals; bscscan.com/token/0x55d398326f99059fF775485246999027B3197955, "Binance-Peg BSC-USD",
// 18 decimals; polygonscan.com/token/0xc2132D05D31c914a87C6611C10748AEb04B58e8F, "(PoS) Tether USD",
// 6 decimals).
export const chain = section(
  {
    BTC_XPUB: xpub(['xpub', 'zpub', 'tpub', 'vpub']),
    EVM_XPUB: xpub(['xpub', 'tpub']),
    CHAIN_WATCH_AFTER_EXPIRY_MIN: int(7 * 24 * 60, 0, 366 * 24 * 60),
    CHAIN_MONITOR_AFTER_EXPIRY_MIN: int(24 * 60, 0, 366 * 24 * 60),
    USDT_ERC20_CHAIN_ID: int(1, 1, 2 ** 31),
    USDT_ERC20_CONTRACT: contract('0xdAC17F958D2ee523a2206206994597C13D831ec7'),
    USDT_ERC20_DECIMALS: int(6, 0, 36),
    USDT_BEP20_CHAIN_ID: int(56, 1, 2 ** 31),
    USDT_BEP20_CONTRACT: contract('0x55d398326f99059fF775485246999027B3197955'),
    USDT_BEP20_DECIMALS: int(18, 0, 36),
    USDT_MATIC_CHAIN_ID: int(137, 1, 2 ** 31),
    USDT_MATIC_CONTRACT: contract('0xc2132D05D31c914a87C6611C10748AEb04B58e8F'),
    USDT_MATIC_DECIMALS: int(6, 0, 36),
  },
  (v): ChainConfig => ({
    btcXpub: v.BTC_XPUB,
    evmXpub: v.EVM_XPUB,
    watchAfterExpiryMs: v.CHAIN_WATCH_AFTER_EXPIRY_MIN * 60_000,
    // A deposit is found only while its address is polled, so the window ends with the watch at latest.
    monitorAfterExpiryMs: Math.min(v.CHAIN_MONITOR_AFTER_EXPIRY_MIN, v.CHAIN_WATCH_AFTER_EXPIRY_MIN) * 60_000,
    usdt: {
      ERC20: {
        chainId: v.USDT_ERC20_CHAIN_ID,
        contract: v.USDT_ERC20_CONTRACT,
        decimals: v.USDT_ERC20_DECIMALS,
      },
      BEP20: {
        chainId: v.USDT_BEP20_CHAIN_ID,
        contract: v.USDT_BEP20_CONTRACT,
        decimals: v.USDT_BEP20_DECIMALS,
      },
      MATIC: {
        chainId: v.USDT_MATIC_CHAIN_ID,
        contract: v.USDT_MATIC_CONTRACT,
        decimals: v.USDT_MATIC_DECIMALS,
      },
    },
  }),
  (c) =>
    Object.entries(c.usdt)
      .filter(([, u]) => u.decimals < 6)
      .map(([n]) => `USDT_${n}_DECIMALS must be at least 6 (USDT amounts have 6 decimals)`),
);
