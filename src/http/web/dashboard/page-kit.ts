import { field } from '../kit/forms.ts';
import { html, type Raw } from '../kit/html.ts';
import type { PageCtx } from './layout.ts';

/**
 * Small parts the vouchers, trading and profile pages share: their flash messages (each area keeps its
 * own texts) and the password field of a fresh confirmation.
 */

/** The message after an action (`?done=<key>`) from an area's own texts, announced. */
export function areaFlash(ctx: PageCtx, texts: Record<string, string>): Raw | null {
  const key = ctx.done;
  if (key === null || !Object.hasOwn(texts, key)) return null;
  return html`<p class="flash" role="status">${texts[key] ?? ''}</p>`;
}

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
