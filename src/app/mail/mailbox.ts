import { insertMailboxMessage } from '../../db/repos/mailbox.ts';
import type { Database } from '../../db/types.ts';
import type { Clock, DevMailboxStore } from '../ports.ts';
import { runPlainWrite } from '../write.ts';

/** The dev mailbox's storage: a table, written once per event id (a resend after a crash is a no-op). */
export function devMailboxStore(db: Database, clock: Clock): DevMailboxStore {
  return {
    async save(mail) {
      await runPlainWrite(db, (trx) =>
        insertMailboxMessage(trx, {
          event_id: mail.eventId,
          to_address: mail.to.trim().toLowerCase(),
          from_address: mail.from,
          subject: mail.subject,
          text_body: mail.text,
          html_body: mail.html,
          created_at_ms: clock.nowMs(),
        }),
      );
    },
  };
}
