import { verifyEvent } from 'nostr-tools';
import { findAccountById } from '../../db/repos/accounts.ts';
import {
  findNwcConnectionByPubkey,
  findNwcRequest,
  type NwcConnectionRow,
  setNwcConnectionEncryption,
  setNwcResponse,
  takeNwcRequest,
} from '../../db/repos/nwc.ts';
import {
  isNwcMethod,
  NWC_ENCRYPTIONS,
  NWC_KIND,
  NWC_METHODS,
  NWC_NOTIFICATIONS,
  NWC_RETAKE_AFTER_MS,
  type NwcEncryption,
  type NwcErrorCode,
} from '../../domain/nostr/nwc.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import type { NostrEvent, NostrRelayLinks } from '../ports.ts';
import { runPlainWrite } from '../write.ts';
import { decryptFrom, enqueueNwcEvent, nwcKey, responseEvent, signNwc } from './events.ts';
import { nwcRefusalGate, takeNwcRequestAllowance } from './limits.ts';
import { type NwcAnswer, runNwcMethod } from './methods.ts';

// The NIP-47 wallet service: it announces itself (kind 13194), listens for requests (23194) addressed to
// the service key on the configured relays, and answers each (23195) in the request's encryption.
// A request is taken once: its event id is a unique row (nwc_requests), so a request delivered by two
// relays, twice by one, or to two instances is handled by one and the others republish its answer.

const tagOf = (e: NostrEvent, name: string): string | undefined => e.tags.find((t) => t[0] === name)?.[1];

/** The most request content this service decrypts (characters). */
const MAX_CONTENT = 64 * 1024;

export interface NwcService {
  readonly walletPubkey: string;
  /** Handles one event as if a relay delivered it (the relay links call this). */
  handle(e: NostrEvent): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the wallet service on the relay links; null when Nostr is off (no key or no relays). */
export function startNwcService(deps: AppDeps, relays: NostrRelayLinks): NwcService | null {
  const found = nwcKey(deps);
  if (found === null) return null;
  const key = found;
  const walletPubkey = key.pubkey;
  const refusals = nwcRefusalGate(deps);
  const inFlight = new Set<Promise<void>>();
  let stopped = false;

  // NIP-47 info event: the methods and `notifications`, the notification types, the encryptions.
  relays.keepPublished(
    signNwc(
      key,
      NWC_KIND.info,
      [
        ['encryption', NWC_ENCRYPTIONS.join(' ')],
        ['notifications', NWC_NOTIFICATIONS.join(' ')],
      ],
      [...NWC_METHODS, 'notifications'].join(' '),
      deps.clock.nowMs(),
    ),
  );

  const respond = (req: NostrEvent, scheme: NwcEncryption, method: string, a: NwcAnswer) =>
    responseEvent(
      key,
      { id: req.id, clientPubkey: req.pubkey, scheme, method },
      'pending' in a ? { error: { code: 'INTERNAL', message: 'no answer yet' } } : a,
      deps.clock.nowMs(),
    );

  const refuse = async (
    req: NostrEvent,
    scheme: NwcEncryption,
    method: string,
    code: NwcErrorCode,
    message: string,
  ) => {
    await relays.publish(respond(req, scheme, method, { error: { code, message } }));
  };

  async function handle(e: NostrEvent): Promise<void> {
    if (e.kind !== NWC_KIND.request || tagOf(e, 'p') !== walletPubkey) return;
    if (!verifyEvent(e)) return;
    const nowMs = deps.clock.nowMs();
    // NIP-40 / NIP-47: a request received after its expiration is ignored.
    const exp = tagOf(e, 'expiration');
    if (exp !== undefined && /^\d+$/.test(exp) && Number(exp) * 1000 <= nowMs) return;
    const encTag = tagOf(e, 'encryption');
    const scheme: NwcEncryption = encTag === 'nip44_v2' ? 'nip44_v2' : 'nip04';
    if (encTag !== undefined && encTag !== 'nip44_v2' && encTag !== 'nip04') {
      if (!(await refusals.mayRefuse(nowMs))) return;
      // Answered in NIP-04, which every client reads.
      await refuse(e, 'nip04', 'unknown', 'UNSUPPORTED_ENCRYPTION', `encryption ${encTag} is not supported`);
      return;
    }
    if (e.content.length > MAX_CONTENT) return;
    let method: string;
    let params: Record<string, unknown>;
    try {
      const body = JSON.parse(decryptFrom(key, scheme, e.pubkey, e.content)) as unknown;
      if (typeof body !== 'object' || body === null) return;
      const m = (body as Record<string, unknown>)['method'];
      const p = (body as Record<string, unknown>)['params'];
      if (typeof m !== 'string') return;
      method = m;
      params = typeof p === 'object' && p !== null && !Array.isArray(p) ? (p as Record<string, unknown>) : {};
    } catch {
      return; // Not for us, or not readable: nothing to answer with.
    }
    const conn = await findNwcConnectionByPubkey(deps.db.read, e.pubkey);
    const denied = await refusal(conn, nowMs);
    if (denied !== null) {
      if (!(await refusals.mayRefuse(nowMs))) return;
      await refuse(e, scheme, method, 'UNAUTHORIZED', denied);
      return;
    }
    const c = conn!;
    // Its notifications go out in the encryption its client asks in.
    if (c.encryption !== scheme) {
      await runPlainWrite(deps.db, (trx) => setNwcConnectionEncryption(trx, c.id, scheme));
    }
    if (!isNwcMethod(method)) {
      await refuse(e, scheme, method, 'NOT_IMPLEMENTED', `${method} is not a method of this wallet service`);
      return;
    }
    if (!c.methods.split(' ').includes(method)) {
      await refuse(e, scheme, method, 'RESTRICTED', `this connection may not call ${method}`);
      return;
    }
    // Taken once across relays and instances; a duplicate republishes the answer kept.
    const taken = await runPlainWrite(deps.db, (trx) =>
      takeNwcRequest(trx, { eventId: e.id, connectionId: c.id, method, encryption: scheme, nowMs }),
    );
    if (!taken) {
      const earlier = await findNwcRequest(deps.db.read, e.id);
      if (earlier === undefined) return;
      if (earlier.response_event !== null) {
        await relays.publish(JSON.parse(earlier.response_event) as NostrEvent);
        return;
      }
      // Taken by an instance that is still at it, or that stopped before answering: after a while a new
      // delivery runs it again (a payment is found again by its idempotency key, never made twice).
      if (Number(earlier.created_at_ms) + NWC_RETAKE_AFTER_MS > nowMs) return;
    }
    if (!(await takeNwcRequestAllowance(deps, c.id, nowMs))) {
      await answer(e, scheme, method, {
        error: { code: 'RATE_LIMITED', message: 'too many requests: retry in a minute' },
      });
      return;
    }
    const account = await findAccountById(deps.db.read, c.account_id);
    if (account === undefined || account.disabled_at_ms !== null) {
      await answer(e, scheme, method, {
        error: { code: 'UNAUTHORIZED', message: 'the wallet’s account is disabled' },
      });
      return;
    }
    const caller: Caller = { accountId: account.id, usertag: account.usertag, kind: 'admin' };
    let a: NwcAnswer;
    try {
      a = await runNwcMethod(deps, caller, c, { eventId: e.id, method, params });
    } catch (err) {
      deps.log.error({ err, method }, 'NWC request failed');
      a = { error: { code: 'INTERNAL', message: 'internal error' } };
    }
    // Still pending: answered by the unit that resolves the payment (app/nwc/notify.ts), whichever
    // instance (or none) holds this request then.
    if ('pending' in a) return;
    await answer(e, scheme, method, a);
  }

  async function refusal(c: NwcConnectionRow | undefined, nowMs: number): Promise<string | null> {
    if (c === undefined) return 'no wallet is connected with this key';
    if (c.revoked_at_ms !== null) return 'this connection was revoked';
    if (c.expires_at_ms !== null && Number(c.expires_at_ms) <= nowMs) return 'this connection has expired';
    return null;
  }

  /**
   * Keeps the answer with the request (for duplicates), then publishes it; when an answer was kept
   * already (the payment's resolution answered it in its unit), that one. An answer no relay took goes
   * through the outbox, which sends it to each relay once it is back.
   */
  async function answer(e: NostrEvent, scheme: NwcEncryption, method: string, a: NwcAnswer): Promise<void> {
    let ev = respond(e, scheme, method, a);
    const nowMs = deps.clock.nowMs();
    const kept = await runPlainWrite(deps.db, (trx) => setNwcResponse(trx, e.id, JSON.stringify(ev), nowMs));
    if (!kept) {
      const earlier = await findNwcRequest(deps.db.read, e.id);
      if (earlier?.response_event === null || earlier === undefined) return;
      ev = JSON.parse(earlier.response_event) as NostrEvent;
    }
    if (await relays.publish(ev)) return;
    if (kept) await runPlainWrite(deps.db, (trx) => enqueueNwcEvent(deps, trx, ev, deps.clock.nowMs()));
  }

  const track = (e: NostrEvent) => {
    if (stopped) return;
    const p = handle(e)
      .catch((err: unknown) => deps.log.error({ err }, 'NWC event handling failed'))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  relays.subscribe((since) => ({ kinds: [NWC_KIND.request], '#p': [walletPubkey], since }), track);

  return {
    walletPubkey,
    handle,
    async stop() {
      stopped = true;
      await Promise.allSettled([...inFlight]);
      await relays.close();
    },
  };
}
