import type { Caller } from '../../app/accounts/authenticate.ts';
import { html, type Raw } from '../pages/html.ts';
import { field, type PageCtx } from './layout.ts';
import type { SessionUser } from './session.ts';

/**
 * Small parts the vouchers, trading and profile pages share: their flash messages (each area keeps its
 * own texts), the caller a session stands for, and the password field of a fresh confirmation.
 */

/** The message after an action (`?done=<key>`) from an area's own texts, announced. */
export function areaFlash(ctx: PageCtx, texts: Record<string, string>): Raw | null {
  const key = ctx.done;
  if (key === null || !Object.hasOwn(texts, key)) return null;
  return html`<p class="flash" role="status">${texts[key] ?? ''}</p>`;
}

/**
 * The session's account as the API's use cases take it. Reading needs no more than the invoice key on
 * the API; `admin` is given only after the password was confirmed again (confirmPassword).
 */
export const callerOfSession = (s: SessionUser, kind: 'invoice' | 'admin'): Caller => ({
  accountId: s.accountId,
  usertag: s.usertag,
  kind,
});

/** The password field of an action that needs a fresh confirmation. */
export const confirmField = (label: string, hint: string, error: string | null, name = 'password'): Raw =>
  field({
    name,
    label,
    type: 'password',
    hint,
    autocomplete: 'current-password',
    required: true,
    error,
  });
