import type {
  ChainDeposit,
  ChainScan,
  ChainUnavailable,
  ChainWatcher,
  WatchedAddress,
} from '../../app/ports.ts';
import { getText, isRecord, safeJson } from './http-json.ts';

/**
 * Bitcoin deposits through the Esplora HTTP API (mempool.space, Blockstream, self-hosted electrs), as
 * Blockstream/esplora API.md describes it:
 * - `GET /blocks/tip/height`: the tip height as plain text;
 * - `GET /address/:address/txs`: up to 50 mempool transactions and the first 25 confirmed, newest first;
 * - `GET /address/:address/txs/chain/:last_seen_txid`: the next 25 confirmed;
 * - `GET /tx/:txid`: one transaction.
 * Every output whose `scriptpubkey_address` is a watched address is a deposit; it is final at
 * `confirmations` (tip − block_height + 1 ≥ depth). Any answer that is not the documented shape makes the
 * whole scan unavailable: nothing is credited from a half-understood answer, and the next round retries.
 */
export interface EsploraConfig {
  baseUrl: string;
  confirmations: number;
  timeoutMs: number;
  /** Pages of 25 confirmed transactions read per address at most (default 40: 1,000 transactions). */
  maxPages?: number;
}

const TXID = /^[0-9a-f]{64}$/;
const PAGE = 25;

class Unavailable extends Error {}

interface EsploraTx {
  txid: string;
  confirmed: boolean;
  blockHeight: number | null;
  blockHash: string | null;
  vout: Array<{ address: string | null; value: bigint }>;
}

function parseTx(v: unknown): EsploraTx {
  if (!isRecord(v) || typeof v.txid !== 'string' || !TXID.test(v.txid) || !Array.isArray(v.vout)) {
    throw new Unavailable('a transaction without txid or vout');
  }
  const s = v.status;
  if (!isRecord(s) || typeof s.confirmed !== 'boolean')
    throw new Unavailable(`transaction ${v.txid} has no status`);
  let blockHeight: number | null = null;
  let blockHash: string | null = null;
  if (s.confirmed) {
    if (typeof s.block_height !== 'number' || !Number.isSafeInteger(s.block_height) || s.block_height < 0) {
      throw new Unavailable(`confirmed transaction ${v.txid} has no block_height`);
    }
    if (typeof s.block_hash !== 'string' || !TXID.test(s.block_hash)) {
      throw new Unavailable(`confirmed transaction ${v.txid} has no block_hash`);
    }
    blockHeight = s.block_height;
    blockHash = s.block_hash;
  }
  const vout = v.vout.map((o) => {
    if (!isRecord(o) || typeof o.value !== 'number' || !Number.isSafeInteger(o.value) || o.value < 0) {
      throw new Unavailable(`transaction ${v.txid} has an output without an integer value`);
    }
    const address = typeof o.scriptpubkey_address === 'string' ? o.scriptpubkey_address : null;
    return { address, value: BigInt(o.value) };
  });
  return { txid: v.txid, confirmed: s.confirmed, blockHeight, blockHash, vout };
}

export function esploraWatcher(cfg: EsploraConfig): ChainWatcher {
  const base = cfg.baseUrl.replace(/\/+$/, '');
  const maxPages = cfg.maxPages ?? 40;

  async function get(path: string): Promise<string> {
    const r = await getText(`${base}${path}`, cfg.timeoutMs);
    if (!r.ok) throw new Unavailable(`esplora ${r.reason}`);
    if (r.status !== 200) throw new Unavailable(`esplora answered HTTP ${r.status} to ${path.split('/')[1]}`);
    return r.text;
  }
  async function getTxs(path: string): Promise<EsploraTx[]> {
    const body = safeJson(await get(path));
    if (!Array.isArray(body))
      throw new Unavailable('esplora answered something other than a transaction list');
    return body.map(parseTx);
  }
  async function tipHeight(): Promise<number> {
    const text = (await get('/blocks/tip/height')).trim();
    if (!/^\d{1,9}$/.test(text)) throw new Unavailable('esplora answered a tip height that is not a number');
    return Number(text);
  }
  const depositsOf = (tx: EsploraTx, watched: WatchedAddress, tip: number): ChainDeposit[] => {
    const confirmations = tx.blockHeight === null ? 0 : Math.max(0, tip - tx.blockHeight + 1);
    const out: ChainDeposit[] = [];
    tx.vout.forEach((o, index) => {
      if (o.address !== watched.address) return;
      out.push({
        network: 'BTC',
        asset: 'btc',
        address: watched.address,
        txHash: tx.txid,
        outputIndex: index,
        amountRaw: o.value,
        decimals: 8,
        confirmations,
        final: confirmations >= cfg.confirmations,
        blockHeight: tx.blockHeight,
        blockHash: tx.blockHash,
      });
    });
    return out;
  };
  /** Every transaction of the address: the first answer (mempool + 25 confirmed), then the chain pages. */
  async function historyOf(address: string): Promise<EsploraTx[]> {
    const enc = encodeURIComponent(address);
    const first = await getTxs(`/address/${enc}/txs`);
    const all = [...first];
    let confirmed = first.filter((t) => t.confirmed);
    for (let page = 0; confirmed.length >= PAGE && page < maxPages; page += 1) {
      const last = confirmed[confirmed.length - 1]!.txid;
      confirmed = await getTxs(`/address/${enc}/txs/chain/${last}`);
      if (confirmed.some((t) => !t.confirmed))
        throw new Unavailable('esplora listed a mempool transaction as confirmed');
      all.push(...confirmed);
    }
    const seen = new Set<string>();
    return all.filter((t) => !seen.has(t.txid) && seen.add(t.txid) !== undefined);
  }
  const fail = (e: unknown): { ok: false; error: ChainUnavailable } => {
    if (e instanceof Unavailable) return { ok: false, error: { reason: e.message } };
    return { ok: false, error: { reason: 'esplora answer could not be read' } };
  };

  return {
    kind: 'esplora',
    networks: ['BTC'],
    async scan(addresses) {
      try {
        const tip = await tipHeight();
        const deposits: ChainDeposit[] = [];
        for (const a of addresses) {
          if (a.network !== 'BTC') continue;
          for (const tx of await historyOf(a.address)) deposits.push(...depositsOf(tx, a, tip));
        }
        const value: ChainScan = { deposits, tipHeight: tip, cursor: null };
        return { ok: true, value };
      } catch (e) {
        return fail(e);
      }
    },
    async lookupTransaction(network, txHash, addresses) {
      if (network !== 'BTC' || !TXID.test(txHash)) return { ok: true, value: [] };
      try {
        const tip = await tipHeight();
        const r = await getText(`${base}/tx/${txHash}`, cfg.timeoutMs);
        if (!r.ok) throw new Unavailable(`esplora ${r.reason}`);
        // Esplora answers 404 (or 400) for a transaction it does not know: the claim shows nothing yet.
        if (r.status === 404 || r.status === 400) return { ok: true, value: [] };
        if (r.status !== 200) throw new Unavailable(`esplora answered HTTP ${r.status} to tx`);
        const tx = parseTx(safeJson(r.text));
        if (tx.txid !== txHash) throw new Unavailable('esplora answered another transaction');
        return { ok: true, value: addresses.flatMap((a) => depositsOf(tx, a, tip)) };
      } catch (e) {
        return fail(e);
      }
    },
  };
}
