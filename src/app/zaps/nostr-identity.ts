import {
  deleteNostrIdentity,
  findNostrIdentity,
  findNostrIdentityByUsertag,
  upsertNostrIdentity,
} from '../../db/repos/nostr-identities.ts';
import { parseIdentityRelays, parseNostrPubkey } from '../../domain/nostr/pubkey.ts';
import { ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { Caller } from '../accounts/authenticate.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';

/** The Nostr identity an account publishes under its usertag (NIP-05). */
export interface NostrIdentityView {
  /** 64 lowercase hex digits. */
  pubkey: string;
  relays: string[];
}

export interface SetNostrIdentityCommand {
  /** Hex or npub, as given. */
  pubkey: string;
  relays: readonly string[];
}

/**
 * Sets the account's Nostr public key (and its relays): `usertag@host` then resolves to it by NIP-05,
 * and a zap request to the account's Lightning address must name it as `p`.
 */
export async function setNostrIdentity(
  deps: AppDeps,
  caller: Caller,
  cmd: SetNostrIdentityCommand,
): Promise<Result<NostrIdentityView>> {
  const pubkey = parseNostrPubkey(cmd.pubkey);
  if (!pubkey.ok) return pubkey;
  const relays = parseIdentityRelays(cmd.relays);
  if (!relays.ok) return relays;
  const r = await runWrite(deps.db, (trx) =>
    upsertNostrIdentity(
      trx,
      caller.accountId,
      { pubkey: pubkey.value, relays: JSON.stringify(relays.value) },
      deps.clock.nowMs(),
    ),
  );
  if (!r.ok) return r;
  return ok({ pubkey: pubkey.value, relays: relays.value });
}

/** Removes the account's Nostr identity; answers whether it had one. */
export async function clearNostrIdentity(
  deps: AppDeps,
  caller: Caller,
): Promise<Result<{ removed: boolean }>> {
  const r = await runWrite(deps.db, (trx) => deleteNostrIdentity(trx, caller.accountId));
  return r.ok ? ok({ removed: r.value }) : r;
}

/** The account's Nostr identity, or null when it set none. */
export async function showNostrIdentity(deps: AppDeps, caller: Caller): Promise<NostrIdentityView | null> {
  const row = await findNostrIdentity(deps.db.read, caller.accountId);
  return row === undefined ? null : { pubkey: row.pubkey, relays: JSON.parse(row.relays) as string[] };
}

/** NIP-05's document for one name. */
export interface Nip05Document {
  names: Record<string, string>;
  relays?: Record<string, string[]>;
}

/**
 * `/.well-known/nostr.json?name=<usertag>`: the key of the account with that usertag, with its relays,
 * when it set one and is enabled; `{names: {}}` for any other name (no way to tell which usertags exist
 * beyond what the Lightning address already shows).
 */
export async function nip05Document(deps: AppDeps, name: string | null): Promise<Nip05Document> {
  if (name === null) return { names: {} };
  const tag = normalizeUsertag(name);
  if (!tag.ok) return { names: {} };
  const row = await findNostrIdentityByUsertag(deps.db.read, tag.value);
  if (row === undefined) return { names: {} };
  const relays = JSON.parse(row.relays) as string[];
  return {
    names: { [row.usertag]: row.pubkey },
    ...(relays.length === 0 ? {} : { relays: { [row.pubkey]: relays } }),
  };
}
