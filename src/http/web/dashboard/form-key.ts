import { randomBytes } from 'node:crypto';

/**
 * A form's own key, sent as a hidden field and used as the Idempotency-Key of what it asks: the same form
 * sent twice (a double click, a reload) does it once. A new key per form as drawn; a refused form keeps it.
 */
export const newFormKey = (): string => `dash-${randomBytes(18).toString('base64url')}`;

const FORM_KEY = /^dash-[A-Za-z0-9_-]{24}$/;

/** The form's key as sent, or null when it is missing or not one this page drew. */
export const formKeyOf = (form: Record<string, string | undefined>): string | null => {
  const key = form['form_key'] ?? '';
  return FORM_KEY.test(key) ? key : null;
};
