import type { Config } from '../../config/index.ts';
import {
  findSandboxBtcTx,
  insertSandboxBroadcast,
  sandboxBtcTxsPresent,
  sandboxSpentOutpoints,
} from '../../db/repos/sandbox-chain.ts';
import type { Database } from '../../db/types.ts';
import { addressOfScript, decodeBtcTx, rawTxBytes } from '../../domain/btc-tx.ts';
import { parseBtcTxForRelay, type SpentOutput, verifyBtcTxSpends } from '../../domain/btc-tx-verify.ts';
import { abort } from '../../domain/errors.ts';
import type { BtcTransactions, ChainUnavailable, Clock, Logger } from '../ports.ts';
import { runWrite } from '../write.ts';

/**
 * The sandbox chain's `BtcTransactions` (BTC_WATCHER=sandbox): the transactions are its tables
 * (migration 034) — BTC deposits (`sandbox_chain_deposits`, real coinbase-like transactions since 034)
 * and broadcast transactions (`sandbox_btc_broadcasts`).
 *
 * - `broadcast` takes a transaction only when Bitcoin Core would take it for our case
 *   (src/domain/btc-tx-verify.ts: shape and standardness, every input an unspent P2WPKH output of the
 *   sandbox chain, the BIP143 signature of each input, inputs ≥ outputs, no dust, the minimum relay
 *   fee) and answers a refusal with Core's reason. It stores the transaction unconfirmed, its outputs
 *   (which the sandbox watcher reads as deposits to watched addresses) and its spends, in one write unit;
 *   an output is spent once (a unique row per outpoint), so of two transactions spending it, concurrent
 *   or not, the second is refused `bad-txns-inputs-missingorspent`. A transaction already on the chain
 *   is answered as accepted (Bitcoin Core answers `sendrawtransaction` of a mempool transaction with its
 *   txid); one reorganised away is checked again and, if still valid, comes back unconfirmed.
 * - `status`: unknown (never seen, or reorganised away), mempool (0 confirmations) or confirmed with
 *   the confirmations set by `paytag sandbox confirm`; the sandbox has no real blocks: the block height
 *   is the watcher's nominal 100 and the block hash `sandbox-block-<txid>`.
 * - `feeEstimates`: SANDBOX_FEE_ESTIMATES, a fixed table.
 */

/**
 * The sandbox's fee estimates, sat per 1000 vbytes by confirmation target in blocks (Esplora's keys):
 * 20 sat/vB for the next block, falling to the 1 sat/vB minimum relay fee from a week (1008 blocks).
 */
export const SANDBOX_FEE_ESTIMATES: ReadonlyMap<number, bigint> = new Map([
  [1, 20_000n],
  [2, 15_000n],
  [3, 12_000n],
  [6, 8_000n],
  [12, 5_000n],
  [25, 3_000n],
  [144, 2_000n],
  [504, 1_500n],
  [1008, 1_000n],
]);

/** The sandbox chain's nominal tip height (the sandbox watcher reports every confirmed deposit there). */
export const SANDBOX_BLOCK_HEIGHT = 100;

export interface SandboxChainDeps {
  db: Database;
  config: Config;
  clock: Clock;
  log: Logger;
}

const TXID = /^[0-9a-f]{64}$/;

type Answer<T> = { ok: true; value: T } | { ok: false; error: ChainUnavailable };

export function sandboxBtcTransactions(d: SandboxChainDeps): BtcTransactions {
  /** Any failure of the sandbox's own database is an unavailable chain, as a node's would be. */
  async function guarded<T>(what: string, fn: () => Promise<T>): Promise<Answer<T>> {
    try {
      return { ok: true, value: await fn() };
    } catch (e) {
      d.log.error({ err: e }, `sandbox chain: ${what} failed`);
      return { ok: false, error: { reason: `sandbox chain: ${what} failed` } };
    }
  }

  /** The output an input spends, when the sandbox chain has it unspent. */
  async function spentOutputs(outpoints: readonly { txid: string; vout: number }[]) {
    const spent = await sandboxSpentOutpoints(d.db.read, outpoints);
    const txs = new Map<string, ReturnType<typeof decodeBtcTx>>();
    const out: (SpentOutput | undefined)[] = [];
    for (const p of outpoints) {
      if (spent.has(`${p.txid}:${p.vout}`)) {
        out.push(undefined);
        continue;
      }
      if (!txs.has(p.txid)) {
        const prev = await findSandboxBtcTx(d.db.read, p.txid);
        const raw =
          prev === undefined || prev.removed || prev.rawHex === null ? null : rawTxBytes(prev.rawHex);
        txs.set(p.txid, raw === null ? null : decodeBtcTx(raw));
      }
      const o = txs.get(p.txid)?.outputs[p.vout];
      out.push(o === undefined ? undefined : { amount: o.amount, script: o.script });
    }
    return out;
  }

  return {
    async rawTransaction(txid) {
      const id = txid.toLowerCase();
      if (!TXID.test(id)) return { ok: true, value: null };
      return guarded('raw transaction', async () => {
        const tx = await findSandboxBtcTx(d.db.read, id);
        return tx === undefined || tx.removed ? null : tx.rawHex;
      });
    },

    async status(txid) {
      const id = txid.toLowerCase();
      if (!TXID.test(id)) return { ok: true, value: { state: 'unknown' } };
      return guarded('status', async () => {
        const tx = await findSandboxBtcTx(d.db.read, id);
        if (tx === undefined || tx.removed) return { state: 'unknown' } as const;
        if (tx.confirmations === 0) return { state: 'mempool' } as const;
        return {
          state: 'confirmed',
          blockHeight: SANDBOX_BLOCK_HEIGHT,
          blockHash: `sandbox-block-${id}`,
          confirmations: tx.confirmations,
        } as const;
      });
    },

    async feeEstimates() {
      return { ok: true, value: SANDBOX_FEE_ESTIMATES };
    },

    async broadcast(rawHex) {
      const parsed = parseBtcTxForRelay(rawHex.trim());
      if (!parsed.ok) return { ok: true, value: { accepted: false, reason: parsed.reason } };
      const p = parsed.value;
      return guarded('broadcast', async () => {
        const known = await findSandboxBtcTx(d.db.read, p.txid);
        if (known !== undefined && !known.removed) return { accepted: true, txid: p.txid } as const;
        const verdict = verifyBtcTxSpends(p, await spentOutputs(p.outpoints));
        if (!verdict.ok) return { accepted: false, reason: verdict.reason } as const;
        const network = d.config.lightning.network;
        const stored = await runWrite(d.db, async (trx) => {
          // The transactions it spends are still on the chain (not reorganised away meanwhile).
          const parents = [...new Set(p.outpoints.map((o) => o.txid))];
          if ((await sandboxBtcTxsPresent(trx, parents)).size !== parents.length)
            abort('state_conflict', 'bad-txns-inputs-missingorspent');
          const r = await insertSandboxBroadcast(
            trx,
            {
              txid: p.txid,
              rawHex: Buffer.from(p.raw).toString('hex'),
              feeSat: verdict.value.feeSat,
              outputs: p.tx.outputs.map((o, index) => ({
                index,
                address: addressOfScript(o.script, network),
                amountSat: o.amount,
              })),
              spends: p.outpoints,
            },
            d.clock.nowMs(),
          );
          if (r === 'spent') abort('state_conflict', 'bad-txns-inputs-missingorspent');
          return r;
        });
        if (!stored.ok) return { accepted: false, reason: stored.error.message } as const;
        return { accepted: true, txid: p.txid } as const;
      });
    },
  };
}
