import WebSocket from 'ws';
import type { Logger, NostrEvent, NostrRelayLinks } from '../../app/ports.ts';
import { allowedAddress, type Lookup, pinnedLookup } from '../http-out/safe-fetch.ts';

// NIP-01 client links to the configured relays (https://github.com/nostr-protocol/nips/blob/master/01.md):
// ["REQ", sub, filter] / ["EVENT", sub, event] / ["EOSE", sub] / ["CLOSED", sub, msg];
// ["EVENT", event] answered ["OK", id, accepted, msg]. Every connection is guarded like an outgoing
// webhook: the relay's host must resolve to public addresses only (unless NOSTR_ALLOW_PRIVATE), and the
// socket connects to the address that was checked (no second DNS answer in between).

export interface RelayLinkOptions {
  urls: readonly string[];
  allowPrivate: boolean;
  log: Logger;
  /** First pause after a dropped connection (ms); doubles up to `maxBackoffMs`. */
  minBackoffMs?: number;
  maxBackoffMs?: number;
  /** How far before the last event seen a resubscription starts (seconds): clocks and late relays. */
  sinceMarginSec?: number;
  /** How long a publish waits for the relay's OK (ms). */
  publishTimeoutMs?: number;
  /** Resolves a host name (tests); the system resolver by default. */
  lookup?: Lookup;
}

interface Sub {
  id: string;
  filter: (sinceSec: number) => Record<string, unknown>;
  onEvent: (e: NostrEvent) => void;
}

class RelayLink {
  private ws: WebSocket | null = null;
  private backoffMs: number;
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  /** created_at of the newest event seen per subscription. */
  private readonly lastSeen = new Map<string, number>();
  private readonly pendingOk = new Map<string, (accepted: boolean) => void>();

  constructor(
    readonly url: string,
    private readonly subs: Sub[],
    private readonly kept: NostrEvent[],
    private readonly o: Required<Omit<RelayLinkOptions, 'urls' | 'lookup'>> &
      Pick<RelayLinkOptions, 'lookup'>,
    private readonly startedSec: number,
  ) {
    this.backoffMs = o.minBackoffMs;
  }

  start(): void {
    void this.connect();
  }

  private async connect(): Promise<void> {
    if (this.closed) return;
    const host = new URL(this.url).hostname.replace(/^\[|\]$/g, '');
    const picked = await allowedAddress(host, this.o.allowPrivate, this.o.lookup);
    if (this.closed) return;
    if (!picked.ok) {
      this.o.log.warn(
        { relay: this.url, reason: picked.message },
        'Nostr relay refused by the address guard',
      );
      this.retry();
      return;
    }
    // Connect to the address just checked, whatever a second DNS answer would say.
    const ws = new WebSocket(this.url, {
      lookup: pinnedLookup(picked.address),
      handshakeTimeout: 10_000,
      maxPayload: 1024 * 1024,
    });
    this.ws = ws;
    ws.on('open', () => {
      this.backoffMs = this.o.minBackoffMs;
      for (const e of this.kept) void this.publish(e);
      for (const s of this.subs) this.sendReq(s);
    });
    ws.on('message', (data) => this.onMessage(String(data)));
    ws.on('error', (e) =>
      this.o.log.warn({ relay: this.url, err: e.message }, 'Nostr relay connection error'),
    );
    ws.on('close', () => {
      if (this.ws === ws) this.ws = null;
      for (const [, resolve] of this.pendingOk) resolve(false);
      this.pendingOk.clear();
      this.retry();
    });
  }

  private retry(): void {
    if (this.closed) return;
    const wait = this.backoffMs;
    this.backoffMs = Math.min(this.backoffMs * 2, this.o.maxBackoffMs);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, wait);
    this.timer.unref();
  }

  sendReq(s: Sub): void {
    const since = Math.max(0, (this.lastSeen.get(s.id) ?? this.startedSec) - this.o.sinceMarginSec);
    this.send(['REQ', s.id, s.filter(since)]);
  }

  private send(msg: unknown): boolean {
    const ws = this.ws;
    if (ws === null || ws.readyState !== WebSocket.OPEN) return false;
    ws.send(JSON.stringify(msg));
    return true;
  }

  private onMessage(text: string): void {
    let msg: unknown;
    try {
      msg = JSON.parse(text);
    } catch {
      return;
    }
    if (!Array.isArray(msg)) return;
    if (msg[0] === 'EVENT' && typeof msg[1] === 'string') {
      const sub = this.subs.find((s) => s.id === msg[1]);
      const e = msg[2] as NostrEvent;
      if (sub === undefined || typeof e !== 'object' || e === null || typeof e.created_at !== 'number')
        return;
      if (e.created_at > (this.lastSeen.get(sub.id) ?? 0)) this.lastSeen.set(sub.id, e.created_at);
      sub.onEvent(e);
    } else if (msg[0] === 'OK' && typeof msg[1] === 'string') {
      const resolve = this.pendingOk.get(msg[1]);
      this.pendingOk.delete(msg[1]);
      resolve?.(msg[2] === true);
    } else if (msg[0] === 'CLOSED' && typeof msg[1] === 'string') {
      this.o.log.warn(
        { relay: this.url, sub: msg[1], message: String(msg[2]) },
        'Nostr relay closed a subscription',
      );
    }
  }

  publish(e: NostrEvent): Promise<boolean> {
    return new Promise((resolve) => {
      if (!this.send(['EVENT', e])) {
        resolve(false);
        return;
      }
      const timer = setTimeout(() => {
        this.pendingOk.delete(e.id);
        resolve(false);
      }, this.o.publishTimeoutMs);
      timer.unref();
      this.pendingOk.set(e.id, (accepted) => {
        clearTimeout(timer);
        resolve(accepted);
      });
    });
  }

  close(): void {
    this.closed = true;
    if (this.timer !== null) clearTimeout(this.timer);
    this.ws?.close();
    this.ws = null;
  }
}

/** Links to every relay of `urls`, connecting now. */
export function createRelayLinks(opts: RelayLinkOptions): NostrRelayLinks {
  const o = {
    allowPrivate: opts.allowPrivate,
    log: opts.log,
    minBackoffMs: opts.minBackoffMs ?? 500,
    maxBackoffMs: opts.maxBackoffMs ?? 60_000,
    sinceMarginSec: opts.sinceMarginSec ?? 60,
    publishTimeoutMs: opts.publishTimeoutMs ?? 10_000,
    ...(opts.lookup === undefined ? {} : { lookup: opts.lookup }),
  };
  const subs: Sub[] = [];
  const kept: NostrEvent[] = [];
  const startedSec = Math.floor(Date.now() / 1000);
  const links = opts.urls.map((u) => new RelayLink(u, subs, kept, o, startedSec));
  for (const l of links) l.start();
  return {
    subscribe(filter, onEvent) {
      const s: Sub = { id: `paytag-${subs.length + 1}`, filter, onEvent };
      subs.push(s);
      for (const l of links) l.sendReq(s);
    },
    keepPublished(e) {
      kept.push(e);
      for (const l of links) void l.publish(e);
    },
    async publish(e) {
      const answers = await Promise.all(links.map((l) => l.publish(e)));
      return answers.some((a) => a);
    },
    async close() {
      for (const l of links) l.close();
    },
  };
}
