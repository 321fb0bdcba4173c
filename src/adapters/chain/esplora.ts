import type {
  BtcBroadcast,
  BtcTransactions,
  BtcTxStatus,
  ChainDeposit,
  ChainScan,
  ChainUnavailable,
  ChainWatcher,
  CreditedDeposit,
  WatchedAddress,
} from '../../app/ports.ts';
import { ESPLORA_REQUESTS_PER_ROUND_DEFAULT } from '../../config/chain-watch.ts';
import { decodeBtcTx, rawTxBytes, txidOf } from '../../domain/btc-tx.ts';
import { satPerVbTextToSatPerKvb } from '../../domain/fee-rate.ts';
import { getText, isRecord, safeJson } from './http-json.ts';

/**
 * Bitcoin deposits through the Esplora HTTP API (mempool.space, Blockstream, self-hosted electrs), as
 * Blockstream/esplora API.md describes it:
 * - `GET /blocks/tip/height`: the tip height as plain text;
 * - `GET /address/:address/txs`: up to 50 mempool transactions and the first 25 confirmed, newest first;
 * - `GET /address/:address/txs/chain/:last_seen_txid`: the next 25 confirmed;
 * - `GET /tx/:txid`: one transaction.
 * Every output whose `scriptpubkey_address` is a watched address is a deposit; it is final at
 * `confirmations` (tip − block_height + 1 ≥ depth).
 *
 * Esplora has no query for many addresses at once, and reading whole blocks instead
 * (`/block/:hash/txs/:start`, 25 transactions a request, about 140 requests a block) would not show
 * mempool payments, which the checkout shows at once. So addresses are read one by one, but a round makes
 * at most `requestsPerRound` requests (ESPLORA_REQUESTS_PER_ROUND), `concurrency` at a time, in this order:
 * 1. addresses whose last read showed a deposit not yet final, or that failed last time;
 * 2. the newest addresses (the list comes in hand-out order), up to half the budget: open requests;
 * 3. the others in turn from a rotation cursor (the scan's `cursor`: the last address visited), so every
 *    address is read at least once every ⌈n / (budget − the two above)⌉ rounds.
 * At 100,000 watched addresses and the default 300 requests a round, that is 301 requests (the tip, then
 * one `/address/:a/txs` each, more for an address with over 25 confirmed transactions), about 300 KB,
 * per round; the 150 newest and the pending ones every round, each other address every ~670 rounds
 * (~5.6 hours at 30 s). The scan's `covered` lists the addresses read in full, so a deposit of an address
 * not read this round is not taken as gone. A rescan (`everyAddress`) reads every address, once.
 * An answer that is not the documented shape, a 429 or any failure for one address is that address's
 * `failure`: it is read first next round, and the rest of the round goes on; after
 * MAX_FAILED_ADDRESSES failures a round stops asking (a server refusing everything is not hammered).
 * Nothing is credited from a half-understood answer. A tip height that cannot be read makes the scan
 * unavailable.
 *
 * Credits of recent blocks are rechecked (`missingFromChain`) once per transaction, `concurrency` at a
 * time: `GET /tx/:txid/status` answering `confirmed: true` (in any block: mined again elsewhere keeps the
 * credit, the txid commits to its outputs) keeps it. `confirmed: false` is what electrs answers both for
 * a transaction in the mempool and for one it does not know (src/rest.rs: `/tx/:txid/status` is
 * `query.get_tx_status`, never a 404), so it is followed by `GET /tx/:txid`: 404 (unknown: gone from the
 * chain and the mempool) lists the transaction's credits as missing, where the tip (asked first) has
 * reached their block; a transaction still in the mempool
 * (back there after a reorg, to be mined again) keeps them. Any other answer or failure makes the whole
 * check unavailable: nothing is listed.
 */
export interface EsploraConfig {
  baseUrl: string;
  confirmations: number;
  timeoutMs: number;
  /** Pages of 25 confirmed transactions read per address at most (default 40: 1,000 transactions). */
  maxPages?: number;
  /** Bytes of one answer read at most (CHAIN_RESPONSE_MAX_BYTES). */
  maxResponseBytes?: number;
  /** Requests one scan makes at most (ESPLORA_REQUESTS_PER_ROUND). */
  requestsPerRound?: number;
  /** Requests in flight at once (ESPLORA_CONCURRENCY). */
  concurrency?: number;
}

/** Failed addresses after which a round stops asking. */
const MAX_FAILED_ADDRESSES = 10;

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
  const budget = Math.max(1, cfg.requestsPerRound ?? ESPLORA_REQUESTS_PER_ROUND_DEFAULT);
  const concurrency = Math.max(1, cfg.concurrency ?? 4);
  /** Addresses read first next round: a deposit not yet final, or a failed read. */
  const again = new Set<string>();

  async function get(path: string): Promise<string> {
    const r = await getText(`${base}${path}`, cfg.timeoutMs, {}, cfg.maxResponseBytes);
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
  async function historyOf(address: string, spend: () => void): Promise<EsploraTx[]> {
    const enc = encodeURIComponent(address);
    spend();
    const first = await getTxs(`/address/${enc}/txs`);
    const all = [...first];
    let confirmed = first.filter((t) => t.confirmed);
    for (let page = 0; confirmed.length >= PAGE && page < maxPages; page += 1) {
      const last = confirmed[confirmed.length - 1]!.txid;
      spend();
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
    readsPerAddress: true,
    networks: ['BTC'],
    async scan(addresses, fromCursor, opts) {
      const limit = opts?.everyAddress === true ? Number.POSITIVE_INFINITY : budget;
      let tip: number;
      try {
        tip = await tipHeight();
      } catch (e) {
        return fail(e);
      }
      const list = addresses.filter((a) => a.network === 'BTC');
      const present = new Set(list.map((a) => a.address));
      for (const x of again) if (!present.has(x)) again.delete(x);
      const { order, rotated } = visitOrder(list, fromCursor, Math.floor(budget / 2), again);
      let spent = 1; // the tip
      const deposits: ChainDeposit[] = [];
      const covered: string[] = [];
      const failures: string[] = [];
      let cursor = fromCursor;
      let next = 0;
      const worker = async (): Promise<void> => {
        while (next < order.length && spent < limit && failures.length < MAX_FAILED_ADDRESSES) {
          const a = order[next++]!;
          // Taken in order, so the last rotated address taken is the furthest the rotation got.
          if (rotated.has(a.address)) cursor = a.address;
          try {
            const found = (
              await historyOf(a.address, () => {
                spent += 1;
              })
            ).flatMap((tx) => depositsOf(tx, a, tip));
            deposits.push(...found);
            covered.push(a.address);
            if (found.some((d) => !d.final)) again.add(a.address);
            else again.delete(a.address);
          } catch (e) {
            again.add(a.address);
            const reason = e instanceof Unavailable ? e.message : 'esplora answer could not be read';
            failures.push(`address ${a.address} not read (${reason}); read again next round`);
          }
        }
      };
      await Promise.all(Array.from({ length: Math.min(concurrency, order.length) }, worker));
      const value: ChainScan = {
        deposits,
        tipHeight: tip,
        cursor,
        ...(covered.length === list.length ? {} : { covered }),
        ...(failures.length > 0 ? { failures } : {}),
      };
      return { ok: true, value };
    },
    async missingFromChain(network, credited) {
      if (network !== 'BTC') return { ok: true, value: [] };
      const byTx = new Map<string, CreditedDeposit[]>();
      for (const d of credited) {
        if (d.network !== 'BTC') continue;
        const list = byTx.get(d.txHash);
        if (list === undefined) byTx.set(d.txHash, [d]);
        else list.push(d);
      }
      const txids = [...byTx.keys()];
      const missing: CreditedDeposit[] = [];
      let next = 0;
      let failed = false;
      /** True when Esplora no longer knows the transaction at all. */
      const gone = async (txid: string): Promise<boolean> => {
        if (!TXID.test(txid)) throw new Unavailable('a credit whose txid is not one');
        const status = safeJson(await get(`/tx/${txid}/status`));
        if (!isRecord(status) || typeof status.confirmed !== 'boolean') {
          throw new Unavailable('esplora answered a transaction status without `confirmed`');
        }
        if (status.confirmed) return false;
        const r = await getText(`${base}/tx/${txid}`, cfg.timeoutMs, {}, cfg.maxResponseBytes);
        if (!r.ok) throw new Unavailable(`esplora ${r.reason}`);
        if (r.status === 404) return true;
        if (r.status !== 200) throw new Unavailable(`esplora answered HTTP ${r.status} to tx`);
        const tx = parseTx(safeJson(r.text));
        if (tx.txid !== txid) throw new Unavailable('esplora answered another transaction');
        return false;
      };
      const worker = async (): Promise<void> => {
        while (!failed && next < txids.length) {
          const txid = txids[next++]!;
          try {
            if (await gone(txid)) missing.push(...byTx.get(txid)!);
          } catch (e) {
            failed = true;
            throw e;
          }
        }
      };
      try {
        // A server behind the credit's block (a lagging backend) does not know the transaction yet: only
        // credits at or below its tip are judged.
        const tip = txids.length > 0 ? await tipHeight() : 0;
        await Promise.all(Array.from({ length: Math.min(concurrency, txids.length) }, worker));
        return {
          ok: true,
          value: missing.filter((d) => d.blockHeight !== null && d.blockHeight <= tip),
        };
      } catch (e) {
        return fail(e);
      }
    },
    async lookupTransaction(network, txHash, addresses) {
      if (network !== 'BTC' || !TXID.test(txHash)) return { ok: true, value: [] };
      try {
        const tip = await tipHeight();
        const r = await getText(`${base}/tx/${txHash}`, cfg.timeoutMs, {}, cfg.maxResponseBytes);
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

/**
 * The addresses one round reads, in order: `again` (pending or failed), the `newest` last of the list,
 * then the rest from after `cursor` (an address of the list; from the start when it is not one), round
 * the list once. `rotated`: the addresses whose visit moves the cursor.
 */
export function visitOrder(
  list: readonly WatchedAddress[],
  cursor: string | null,
  newest: number,
  again: ReadonlySet<string>,
): { order: WatchedAddress[]; rotated: Set<string> } {
  const order: WatchedAddress[] = [];
  const taken = new Set<string>();
  const take = (a: WatchedAddress) => {
    if (taken.has(a.address)) return false;
    taken.add(a.address);
    order.push(a);
    return true;
  };
  for (const a of list) if (again.has(a.address)) take(a);
  for (let i = list.length - 1; i >= 0 && i >= list.length - newest; i -= 1) take(list[i]!);
  const at = cursor === null ? -1 : list.findIndex((a) => a.address === cursor);
  const rotated = new Set<string>();
  for (let k = 1; k <= list.length; k += 1) {
    const a = list[(at + k) % list.length]!;
    if (take(a)) rotated.add(a.address);
  }
  return { order, rotated };
}

// ---------------------------------------------------------------- the service's own transactions

/** Reasons Bitcoin Core gives (through Esplora's 400) for a transaction it already has: taken. */
const ALREADY_KNOWN = [
  'txn-already-in-mempool',
  'txn-already-known',
  'Transaction already in block chain',
  'Transaction outputs already in utxo set',
];

/** Characters of a refusal's reason kept at most (the reason is Core's, a line long). */
const MAX_REASON_CHARS = 500;

/**
 * Bitcoin Core's reason in an Esplora refusal: electrs answers a failed `POST /tx` with HTTP 400 and
 * `sendrawtransaction RPC error: {"code":-26,"message":"<reason>"}` (Blockstream/electrs src/rest.rs
 * passes the daemon's RPC error on); other servers answer the reason alone. Control characters are
 * dropped and the text bounded.
 */
export function esploraRefusalReason(body: string): string {
  let text = body.trim();
  const m = /^sendrawtransaction RPC error:\s*(\{.*\})$/s.exec(text);
  if (m) {
    const j = safeJson(m[1]!);
    if (isRecord(j) && typeof j.message === 'string') text = j.message;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  text = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (text.length > MAX_REASON_CHARS) text = `${text.slice(0, MAX_REASON_CHARS)}…`;
  return text === '' ? 'refused without a reason' : text;
}

/**
 * The fee estimates of `GET /fee-estimates` (a JSON object: confirmation target in blocks → sat/vB, e.g.
 * `{"1": 87.882, "144": 1.027}`), read from the answer's text so each rate is converted exactly
 * (`satPerVbTextToSatPerKvb`: sat/kvB rounded up), never through a float. Null for an answer that is not
 * such an object (a key that is not a target from 1 to 1008, a value that is not a non-negative number,
 * a key twice).
 */
export function parseFeeEstimates(text: string): Map<number, bigint> | null {
  const parsed = safeJson(text);
  if (!isRecord(parsed)) return null;
  const body = text.trim();
  if (!body.startsWith('{') || !body.endsWith('}')) return null;
  const inner = body.slice(1, -1).trim();
  const out = new Map<number, bigint>();
  if (inner === '') return Object.keys(parsed).length === 0 ? out : null;
  for (const pair of inner.split(',')) {
    const m = /^\s*"(\d{1,4})"\s*:\s*([^\s,]+)\s*$/.exec(pair);
    if (m === null) return null;
    const target = Number(m[1]);
    if (!Number.isSafeInteger(target) || target < 1 || target > 1008 || String(target) !== m[1]) return null;
    const rate = satPerVbTextToSatPerKvb(m[2]!);
    if (rate === null || out.has(target)) return null;
    out.set(target, rate);
  }
  return out.size === Object.keys(parsed).length ? out : null;
}

/**
 * The service's own Bitcoin transactions through Esplora (Blockstream/esplora API.md, "Transactions"):
 * - `GET /tx/:txid/hex`: the raw transaction as hex text; 404: unknown (null). The answer must decode to
 *   a transaction of that txid.
 * - `POST /tx` with the raw hex as the text body: 200 answers the txid as text (it must be the
 *   transaction's own); a 400 is Bitcoin Core's refusal, its reason passed on (`esploraRefusalReason`),
 *   except "already in the mempool / chain", which is taken. Anything else (5xx, a timeout, no answer) is
 *   unavailable: the transaction may or may not have reached the node, so the caller asks `status` later.
 *   A text that does not decode as a transaction is refused here (`TX decode failed`), unsent.
 * - `GET /tx/:txid/status` (`{confirmed, block_height, block_hash}`), with `GET /blocks/tip/height` for
 *   the confirmations (tip − height + 1, at least 1). `confirmed: false` is electrs' answer both for a
 *   mempool transaction and for one it does not know (see the watcher's comment above), so it is followed
 *   by `GET /tx/:txid`: 404 → unknown, 200 → mempool.
 * - `GET /fee-estimates` → `parseFeeEstimates`; a malformed answer is unavailable.
 * Every answer is bounded (CHAIN_RESPONSE_MAX_BYTES) and timed out (CHAIN_REQUEST_TIMEOUT_MS) by `getText`.
 */
export function esploraTransactions(cfg: {
  baseUrl: string;
  timeoutMs: number;
  maxResponseBytes?: number;
}): BtcTransactions {
  const base = cfg.baseUrl.replace(/\/+$/, '');
  const ask = async (
    path: string,
    init: { method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string } = {},
  ) => {
    const r = await getText(`${base}${path}`, cfg.timeoutMs, init, cfg.maxResponseBytes);
    if (!r.ok) throw new Unavailable(`esplora ${r.reason}`);
    return r;
  };
  const unexpected = (status: number, path: string) =>
    new Unavailable(`esplora answered HTTP ${status} to ${path.split('/')[1]}`);
  const run = async <T>(fn: () => Promise<T>) => {
    try {
      return { ok: true as const, value: await fn() };
    } catch (e) {
      if (e instanceof Unavailable) return { ok: false as const, error: { reason: e.message } };
      return { ok: false as const, error: { reason: 'esplora answer could not be read' } };
    }
  };
  /** The txid of a raw transaction, or null when it is not one. */
  const txidOfHex = (hex: string): string | null => {
    const raw = rawTxBytes(hex);
    const tx = raw === null ? null : decodeBtcTx(raw);
    return tx === null ? null : txidOf(tx);
  };

  return {
    rawTransaction(txid) {
      return run(async () => {
        const id = txid.toLowerCase();
        if (!TXID.test(id)) return null;
        const r = await ask(`/tx/${id}/hex`);
        if (r.status === 404) return null;
        if (r.status !== 200) throw unexpected(r.status, '/tx');
        const hex = r.text.trim().toLowerCase();
        if (txidOfHex(hex) !== id) throw new Unavailable('esplora answered another transaction');
        return hex;
      });
    },

    broadcast(rawHex) {
      return run(async (): Promise<BtcBroadcast> => {
        const hex = rawHex.trim().toLowerCase();
        const txid = txidOfHex(hex);
        if (txid === null) return { accepted: false, reason: 'TX decode failed' };
        const r = await ask('/tx', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: hex });
        if (r.status === 200) {
          const answered = r.text.trim().toLowerCase();
          if (answered !== txid) throw new Unavailable('esplora answered another txid to the broadcast');
          return { accepted: true, txid };
        }
        if (r.status === 400) {
          const reason = esploraRefusalReason(r.text);
          if (ALREADY_KNOWN.some((k) => reason.includes(k))) return { accepted: true, txid };
          return { accepted: false, reason };
        }
        throw unexpected(r.status, '/tx');
      });
    },

    status(txid) {
      return run(async (): Promise<BtcTxStatus> => {
        const id = txid.toLowerCase();
        if (!TXID.test(id)) return { state: 'unknown' };
        const r = await ask(`/tx/${id}/status`);
        if (r.status !== 200) throw unexpected(r.status, '/tx');
        const s = safeJson(r.text);
        if (!isRecord(s) || typeof s.confirmed !== 'boolean')
          throw new Unavailable('esplora answered a transaction status without `confirmed`');
        if (s.confirmed) {
          const h = s.block_height;
          if (typeof h !== 'number' || !Number.isSafeInteger(h) || h < 0)
            throw new Unavailable('esplora answered a confirmed status without block_height');
          if (typeof s.block_hash !== 'string' || !TXID.test(s.block_hash))
            throw new Unavailable('esplora answered a confirmed status without block_hash');
          const t = await ask('/blocks/tip/height');
          const tipText = t.text.trim();
          if (t.status !== 200 || !/^\d{1,9}$/.test(tipText))
            throw new Unavailable('esplora answered a tip height that is not a number');
          const confirmations = Math.max(1, Number(tipText) - h + 1);
          return { state: 'confirmed', blockHeight: h, blockHash: s.block_hash, confirmations };
        }
        const tx = await ask(`/tx/${id}`);
        if (tx.status === 404) return { state: 'unknown' };
        if (tx.status !== 200) throw unexpected(tx.status, '/tx');
        if (parseTx(safeJson(tx.text)).txid !== id)
          throw new Unavailable('esplora answered another transaction');
        return { state: 'mempool' };
      });
    },

    feeEstimates() {
      return run(async () => {
        const r = await ask('/fee-estimates');
        if (r.status !== 200) throw unexpected(r.status, '/fee-estimates');
        const m = parseFeeEstimates(r.text);
        if (m === null) throw new Unavailable('esplora answered fee estimates that are not target → sat/vB');
        return m as ReadonlyMap<number, bigint>;
      });
    },
  };
}
