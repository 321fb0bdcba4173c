import { isUniqueViolation } from '../../db/errors.ts';
import { findAccountById, findAccountByUsertag, findAccountIdByEmail } from '../../db/repos/accounts.ts';
import {
  confirmAccountEmail,
  findEmailConfirmation,
  findEmailHolder,
  insertEmailConfirmation,
  markEmailConfirmationUsed,
  releaseUnconfirmedEmail,
} from '../../db/repos/email-confirmations.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { composeEmail } from '../mail/compose-email.ts';
import { mailToRecipientRefusalIn } from '../mail/recipient-limit.ts';
import { enqueueEmail } from '../outbox/enqueue.ts';
import { hmacKey, keyedHash, randomToken } from '../verification/keys.ts';
import { runPlainWrite } from '../write.ts';
import { unconfirmedPlaceholder } from './create-account.ts';

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
  // The address given at sign-up, or the one the account was made with.
  const address = a.pending_email ?? a.email;
  const nowMs = deps.clock.nowMs();
  const holderId = await findAccountIdByEmail(deps.db.read, address);
  const holder =
    holderId === undefined || holderId === a.id ? undefined : await findAccountById(deps.db.read, holderId);
  if (holder !== undefined && holder.email_confirmed_at_ms !== null) {
    // Another account has confirmed this address: no link (it could not move it), but a word to its
    // holder, counted like a link, and the same answer, so the asker learns nothing about the address.
    const refusal = await runPlainWrite(deps.db, async (trx) => {
      const capped = await mailToRecipientRefusalIn(trx, deps, address, 'email');
      if (capped !== null) return capped;
      await enqueueEmail(trx, addressTakenNotice(deps, a.id, address, nowMs), nowMs);
      return null;
    });
    if (refusal !== null) return { ok: false, error: refusal };
    return ok({ email: address, alreadyConfirmed: false });
  }
  const key = await hmacKey(deps);
  const token = randomToken();
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
  const refusal = await runPlainWrite(deps.db, async (trx) => {
    // A link goes to an address anyone may type in at sign-up, and is sent again on request: it counts
    // against the address's hourly cap like every other e-mail.
    const capped = await mailToRecipientRefusalIn(trx, deps, address, 'email');
    if (capped !== null) return capped;
    const id = await insertEmailConfirmation(trx, {
      account_id: a.id,
      email: address,
      token_hash: keyedHash(key, 'email-confirm', token),
      expires_at_ms: nowMs + deps.config.verification.confirmTtlSec * 1000,
      created_at_ms: nowMs,
    });
    await enqueueEmail(
      trx,
      {
        accountId: a.id,
        to: address,
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
  return ok({ email: address, alreadyConfirmed: false });
}

/** The e-mail to the holder of a confirmed address someone else signed up with. */
function addressTakenNotice(deps: AppDeps, accountId: bigint, address: string, nowMs: number) {
  const signIn = `${deps.config.publicUrl}/dashboard/sign-in`;
  const { text, html } = composeEmail({
    heading: 'Someone tried to sign up with your e-mail address',
    paragraphs: [
      'Someone tried to sign up for a new paytag account with this address, which already belongs to ' +
        'your paytag account. No account got it and nothing about your account changed.',
      'If it was you, you already have an account: sign in with your usertag or this address. If it was ' +
        'not you, you need not do anything.',
    ],
    link: { url: signIn, label: 'Sign in' },
    footer: 'You get this e-mail because this address is confirmed for a paytag account.',
  });
  return {
    accountId,
    to: address,
    subject: 'Someone tried to sign up with your e-mail address',
    text,
    html,
    type: 'signup_address_taken',
    eventId: `email.taken.${accountId}.${nowMs}.${randomToken().slice(0, 8)}`,
    target: null,
  };
}

/** Follows a confirmation link: once, before it expires, and only for the address it was sent to. */
export async function confirmEmail(deps: AppDeps, token: string): Promise<Result<{ usertag: string }>> {
  const key = await hmacKey(deps);
  const hash = keyedHash(key, 'email-confirm', token);
  const nowMs = deps.clock.nowMs();
  let usertag: string | null;
  try {
    usertag = await runPlainWrite(deps.db, async (trx) => {
      const c = await findEmailConfirmation(trx, hash);
      if (c === undefined || c.used_at_ms !== null || c.expires_at_ms <= BigInt(nowMs)) return null;
      if (!(await markEmailConfirmationUsed(trx, c.id, nowMs))) return null;
      // Whoever follows the link shows they read the address's mail: an account holding it unconfirmed
      // gives it up (it keeps its placeholder and may confirm another); a confirmed one keeps it.
      const holder = await findEmailHolder(trx, c.email);
      if (holder !== undefined && holder.id !== c.account_id) {
        if (holder.email_confirmed_at_ms !== null) return null;
        await releaseUnconfirmedEmail(trx, holder.id, unconfirmedPlaceholder(holder.usertag), c.email);
        deps.log.info(
          { account: String(holder.id) },
          'an unconfirmed account gave up its address to the one that confirmed it',
        );
      }
      // The address may have changed since the link was sent: the link confirms only the one it went to.
      return (await confirmAccountEmail(trx, c.account_id, c.email, nowMs)) ?? null;
    });
  } catch (e) {
    // Two accounts confirmed one address at the same moment: the unique index kept the first.
    if (!isUniqueViolation(e)) throw e;
    usertag = null;
  }
  return usertag === null
    ? err('not_found', 'this link was used already, has expired, or does not exist')
    : ok({ usertag });
}
