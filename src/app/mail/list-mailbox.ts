import { listMailboxMessages } from '../../db/repos/mailbox.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';

/** Most dev-mailbox messages one listing returns. */
export const MAILBOX_LIST_MAX = 100;

export interface MailboxMessage {
  id: number;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  createdAtMs: number;
}

/** Messages in the dev mailbox, newest first, optionally only those to one address (case-insensitive). */
export async function listMailbox(
  deps: AppDeps,
  opts: { to?: string; limit?: number } = {},
): Promise<Result<MailboxMessage[]>> {
  const limit = opts.limit ?? 20;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAILBOX_LIST_MAX) {
    return err('invalid_request', `limit must be a whole number from 1 to ${MAILBOX_LIST_MAX}`, 'limit');
  }
  const to = opts.to === undefined ? undefined : opts.to.trim().toLowerCase();
  const rows = await listMailboxMessages(deps.db.read, limit, to);
  return ok(
    rows.map((r) => ({
      id: Number(r.id),
      to: r.to_address,
      from: r.from_address,
      subject: r.subject,
      text: r.text_body,
      html: r.html_body,
      createdAtMs: Number(r.created_at_ms),
    })),
  );
}
