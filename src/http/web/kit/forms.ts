import type { FastifyRequest } from 'fastify';
import type { AppError } from '../../../domain/errors.ts';
import { html, type Raw, raw } from './html.ts';

// The form helpers of every page with forms (the dashboard, the operator console): a submitted form's
// fields, an error placed under the field it names, the hidden form token and the labelled fields.

/** Fields of a submitted form (strings only; anything else reads as absent). */
export function formOf(request: FastifyRequest): Record<string, string> {
  const body = request.body;
  const out: Record<string, string> = {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return out;
  for (const [k, v] of Object.entries(body as Record<string, unknown>)) if (typeof v === 'string') out[k] = v;
  return out;
}

/** An error's message under its field, or for the whole form when it names none of `fields`. */
export function errorsFor(
  e: AppError | null,
  fields: string[],
): { byField: Record<string, string>; form: string | null } {
  if (e === null) return { byField: {}, form: null };
  if (e.field !== undefined && fields.includes(e.field))
    return { byField: { [e.field]: e.message }, form: null };
  return { byField: {}, form: e.message };
}

/** The hidden form token. */
export const csrfField = (token: string): Raw => html`<input type="hidden" name="_csrf" value="${token}">`;

export interface FieldSpec {
  name: string;
  /** The element id when one page has several fields of this name (several forms). */
  id?: string;
  label: string;
  type?: 'text' | 'email' | 'password' | 'date' | 'search';
  value?: string;
  hint?: string;
  error?: string | null;
  autocomplete?: string;
  required?: boolean;
  inputmode?: 'decimal' | 'numeric';
}

/** A labelled input with its hint and error tied to it (aria-describedby, aria-invalid). */
export function field(f: FieldSpec): Raw {
  const id = f.id ?? `f-${f.name}`;
  const described = [f.hint ? `${id}-hint` : null, f.error ? `${id}-err` : null].filter((x) => x !== null);
  return html`<div class="field"><label for="${id}">${f.label}</label>${
    f.hint ? html`<span class="hint" id="${id}-hint">${f.hint}</span>` : null
  }<input id="${id}" name="${f.name}" type="${f.type ?? 'text'}"${
    f.value !== undefined && f.type !== 'password' ? html` value="${f.value}"` : null
  }${f.autocomplete ? html` autocomplete="${f.autocomplete}"` : null}${f.required ? raw(' required') : null}${
    f.inputmode ? html` inputmode="${f.inputmode}"` : null
  }${described.length > 0 ? html` aria-describedby="${described.join(' ')}"` : null}${
    f.error ? raw(' aria-invalid="true"') : null
  }>${f.error ? html`<span class="err" id="${id}-err">${f.error}</span>` : null}</div>`;
}

/** A labelled select. */
export function selectField(f: {
  name: string;
  label: string;
  options: Array<[string, string]>;
  value?: string;
  error?: string | null;
}): Raw {
  const id = `f-${f.name}`;
  return html`<div class="field"><label for="${id}">${f.label}</label><select id="${id}" name="${f.name}"${
    f.error ? html` aria-invalid="true" aria-describedby="${id}-err"` : null
  }>${f.options.map(
    ([v, l]) => html`<option value="${v}"${v === f.value ? raw(' selected') : null}>${l}</option>`,
  )}</select>${f.error ? html`<span class="err" id="${id}-err">${f.error}</span>` : null}</div>`;
}

/** A form-level problem (an error not tied to one field), announced. */
export const problem = (message: string | null): Raw | null =>
  message === null ? null : html`<p class="problem" role="alert">${message}</p>`;
