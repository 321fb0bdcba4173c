// Loose fields as a request sends them, turned into the text a use case takes. The use case then says
// what is wrong with it (missing, too long, not a number), so every family words it the same way.

/** A text field: the string as sent, or '' for anything else (absent, null, a number, an object). */
export const textOrEmpty = (v: unknown): string => (typeof v === 'string' ? v : '');

/** A field clients send as a string or a JSON number (an id, an amount): its text, or ''. */
export const idText = (v: unknown): string => (typeof v === 'number' ? String(v) : textOrEmpty(v));

/** A form field that is either a string or not there. */
export const formText = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** `invoice` of the decode-invoice endpoint: required, a string. */
export function invoiceParam(
  v: unknown,
):
  | { ok: true; value: string }
  | { ok: false; error: { code: 'invalid_request'; message: string; field: string } } {
  if (v === undefined || v === null || v === '') {
    return {
      ok: false,
      error: { code: 'invalid_request', message: 'invoice is required', field: 'invoice' },
    };
  }
  if (typeof v !== 'string') {
    return {
      ok: false,
      error: { code: 'invalid_request', message: 'invoice must be a string', field: 'invoice' },
    };
  }
  return { ok: true, value: v };
}
