import WebSocket from 'ws';
import type { NostrEvent, NostrPublish, NostrPublishResult } from '../../app/ports.ts';
import { allowedAddress, type Lookup, pinnedLookup } from '../http-out/safe-fetch.ts';

// Publishing one event to one relay as NIP-01 says (https://github.com/nostr-protocol/nips/blob/master/01.md):
// send ["EVENT", <event>], wait for ["OK", <id>, <accepted>, <message>]. The relay's host is resolved and
// checked by the outbound address guard first (NOSTR_ALLOW_PRIVATE lets loopback and private addresses
// through), and the connection goes to that checked address only (a pinned lookup), so a name that
// resolves differently the second time cannot reach an internal address.

/** Largest message taken from a relay (an OK or NOTICE is a few hundred bytes). */
const MAX_RELAY_MESSAGE_BYTES = 64 * 1024;
/** Longest relay message kept in an attempt's error. */
const MESSAGE_MAX_CHARS = 300;

/** NIP-01 OK-false prefixes after which the same event may be taken later. */
const RETRYABLE_PREFIXES = ['rate-limited:', 'error:'];

const clip = (s: string) => (s.length > MESSAGE_MAX_CHARS ? `${s.slice(0, MESSAGE_MAX_CHARS)}…` : s);

export function createNostrPublish(opts: { lookup?: Lookup } = {}): NostrPublish {
  return (url, event, o) => publishToRelay(url, event, { ...o, ...opts });
}

export async function publishToRelay(
  relayUrl: string,
  event: NostrEvent,
  opts: { timeoutMs: number; allowPrivate: boolean; lookup?: Lookup },
): Promise<NostrPublishResult> {
  let url: URL;
  try {
    url = new URL(relayUrl);
  } catch {
    return { ok: false, reason: 'invalid_url', retry: false, message: 'not a URL' };
  }
  if ((url.protocol !== 'ws:' && url.protocol !== 'wss:') || url.hostname === '') {
    return { ok: false, reason: 'invalid_url', retry: false, message: 'not a ws:// or wss:// URL' };
  }
  if (url.username !== '' || url.password !== '') {
    return { ok: false, reason: 'invalid_url', retry: false, message: 'credentials in a relay URL' };
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const deadline = Date.now() + opts.timeoutMs;
  const picked = await allowedAddress(hostname, opts.allowPrivate, opts.lookup);
  if (!picked.ok) {
    return {
      ok: false,
      reason: picked.reason === 'blocked_address' ? 'blocked_address' : 'dns_failure',
      // A name that does not resolve may resolve later; a blocked one never will be allowed.
      retry: picked.reason !== 'blocked_address',
      message: picked.message,
    };
  }
  const remaining = Math.max(1, deadline - Date.now());

  return new Promise<NostrPublishResult>((resolve) => {
    let done = false;
    const ws = new WebSocket(url, {
      handshakeTimeout: remaining,
      maxPayload: MAX_RELAY_MESSAGE_BYTES,
      followRedirects: false,
      perMessageDeflate: false,
      lookup: pinnedLookup(picked.address),
    });
    const finish = (r: NostrPublishResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      ws.removeAllListeners('message');
      ws.on('error', () => {});
      ws.terminate();
      resolve(r);
    };
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          reason: 'timeout',
          retry: true,
          message: `no OK from the relay within ${opts.timeoutMs} ms`,
        }),
      remaining,
    );
    ws.on('open', () => ws.send(JSON.stringify(['EVENT', event])));
    ws.on('message', (data) => {
      let msg: unknown;
      try {
        msg = JSON.parse(data.toString());
      } catch {
        return;
      }
      if (!Array.isArray(msg) || msg[0] !== 'OK' || msg[1] !== event.id) return;
      const text = typeof msg[3] === 'string' ? clip(msg[3]) : '';
      if (msg[2] === true) return finish({ ok: true, message: text });
      finish({
        ok: false,
        reason: 'rejected',
        retry: RETRYABLE_PREFIXES.some((p) => text.startsWith(p)),
        message: text === '' ? 'the relay refused the event' : text,
      });
    });
    ws.on('error', (e) =>
      finish({ ok: false, reason: 'connect_failed', retry: true, message: clip(String(e.message)) }),
    );
    ws.on('close', () =>
      finish({
        ok: false,
        reason: 'connect_failed',
        retry: true,
        message: 'the relay closed the connection before answering',
      }),
    );
  });
}
