import { findAccountById } from '../../db/repos/accounts.ts';
import { listOpenSessions } from '../../db/repos/sessions.ts';
import type { AppDeps } from '../deps.ts';

export interface AccountView {
  usertag: string;
  email: string;
  emailConfirmed: boolean;
  sessions: Array<{ id: bigint; createdAtMs: number; lastSeenAtMs: number; from: string; userAgent: string }>;
}

/** What the account page shows: the account's name and e-mail, and its open sessions. */
export async function viewAccount(deps: AppDeps, accountId: bigint): Promise<AccountView | null> {
  const a = await findAccountById(deps.db.read, accountId);
  if (a === undefined) return null;
  const nowMs = deps.clock.nowMs();
  const idleMs = deps.config.dashboard.sessionIdleSec * 1000;
  const rows = await listOpenSessions(deps.db.read, accountId, nowMs);
  return {
    usertag: a.usertag,
    // An address given at sign-up shows as the account's while it waits for confirmation.
    email: a.pending_email ?? a.email,
    emailConfirmed: a.email_confirmed_at_ms !== null,
    sessions: rows
      .filter((s) => Number(s.last_seen_at_ms) + idleMs > nowMs)
      .map((s) => ({
        id: s.id,
        createdAtMs: Number(s.created_at_ms),
        lastSeenAtMs: Number(s.last_seen_at_ms),
        from: s.created_from,
        userAgent: s.user_agent,
      })),
  };
}
