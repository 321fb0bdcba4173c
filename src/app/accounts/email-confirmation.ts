import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { composeEmail } from '../mail/compose-email.ts';
import { mailToRecipientRefusalIn } from '../mail/recipient-limit.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { hmacKey, keyedHash, randomToken } from '../verification/keys.ts';

const confirmUrl = (publicUrl: string, token: string): string => `${publicUrl}/verify/email/${token}`;

/**
 * Queues an e-mail with a one-time link that confirms the account's e-mail address (through the outbox:
 * durable, retried). Until it is followed, no verification code goes to the address. The link's token
 * (192 random bits) is kept only as an HMAC and works until EMAIL_CONFIRM_TTL_S. Refused (`rate_limited`,
 * field `email`) once the address had MAIL_PER_RECIPIENT_PER_HOUR e-mails in the hour.
 */
export async function sendEmailConfirmation(
  deps: AppDeps,
  usertag: string,
): Promise<Result<{ email: string; alreadyConfirmed: boolean }>> {
  const tag = normalizeUsertag(usertag);
  if (!tag.ok) return tag;
  const a = await findAccountByUsertag(deps.db.read, tag.value);
  if (a === undefined) return err('usertag_not_found', `no account with usertag "${tag.value}"`, 'usertag');
  if (a.email_confirmed_at_ms !== null) return ok({ email: a.email, alreadyConfirmed: true });
  const key = await hmacKey(deps);
  const token = randomToken();
  const nowMs = deps.clock.nowMs();
  const url = confirmUrl(deps.config.publicUrl, token);
  const { text, html } = composeEmail({
    heading: `Confirm your e-mail address for @${a.usertag}`,
    paragraphs: [
      'Follow the link below to confirm that this address belongs to your paytag account. Applications ' +
        'can verify your usertag with a code sent here only once it is confirmed.',
      `The link works once, for ${Math.round(deps.config.verification.confirmTtlSec / 3600)} hours.`,
    ],
    link: { url, label: 'Confirm your e-mail address' },
    footer: 'If you did not create a paytag account, ignore this e-mail.',
  });
  const refusal = await deps.db.write(async (trx) => {
    // A link goes to an address anyone may type in at sign-up, and is sent again on request: it counts
    // against the address's hourly cap like every other e-mail.
    const capped = await mailToRecipientRefusalIn(trx, deps, a.email, 'email');
    if (capped !== null) return capped;
    const { id } = await trx
      .insertInto('email_confirmations')
      .values({
        account_id: a.id,
        email: a.email,
        token_hash: keyedHash(key, 'email-confirm', token),
        expires_at_ms: nowMs + deps.config.verification.confirmTtlSec * 1000,
        created_at_ms: nowMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await enqueueEmail(
      trx,
      {
        accountId: a.id,
        to: a.email,
        subject: 'Confirm your e-mail address',
        text,
        html,
        type: 'email_confirmation',
        eventId: `email.confirm.${id}`,
        target: null,
      },
      nowMs,
    );
    return null;
  });
  if (refusal !== null) return { ok: false, error: refusal };
  return ok({ email: a.email, alreadyConfirmed: false });
}

/** Follows a confirmation link: once, before it expires, and only for the address it was sent to. */
export async function confirmEmail(deps: AppDeps, token: string): Promise<Result<{ usertag: string }>> {
  const key = await hmacKey(deps);
  const hash = keyedHash(key, 'email-confirm', token);
  const nowMs = deps.clock.nowMs();
  const usertag = await deps.db.write(async (trx) => {
    const c = await trx
      .selectFrom('email_confirmations')
      .selectAll()
      .where('token_hash', '=', hash)
      .executeTakeFirst();
    if (c === undefined || c.used_at_ms !== null || c.expires_at_ms <= BigInt(nowMs)) return null;
    const used = await trx
      .updateTable('email_confirmations')
      .set({ used_at_ms: nowMs })
      .where('id', '=', c.id)
      .where('used_at_ms', 'is', null)
      .executeTakeFirst();
    if (used.numUpdatedRows !== 1n) return null;
    const a = await trx
      .updateTable('accounts')
      .set({ email_confirmed_at_ms: nowMs })
      .where('id', '=', c.account_id)
      // The address may have changed since the link was sent: the link confirms only the one it went to.
      .where('email', '=', c.email)
      .returning('usertag')
      .executeTakeFirst();
    return a?.usertag ?? null;
  });
  return usertag === null
    ? err('not_found', 'this link was used already, has expired, or does not exist')
    : ok({ usertag });
}
