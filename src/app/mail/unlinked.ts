/**
 * Text from a user (a voucher's `from` and `title`) made safe to show in an e-mail as plain text: mail
 * clients turn anything that looks like a URL, a host name or an address into a link, in the text part
 * and in the HTML part alike, so a link in such text would read as the service's own. This breaks every
 * such pattern visibly, the way security reports "defang" addresses, and keeps the words readable:
 *
 * - `scheme://` becomes `scheme[:]//`, and http/https become hxxp/hxxps;
 * - a dot between a host label and a letter (`evil.example`, `www.evil`, `help@evil.example`) becomes
 *   `[.]`, and so do the dots of a dotted IPv4 address. Ideographic, fullwidth and other dot look-alikes
 *   count as dots;
 * - invisible format characters (zero-width spaces, bidi controls) are removed first, so they cannot hide
 *   a pattern from these rules (the zero-width joiner of emoji sequences is kept, and skipped over).
 *
 * Dots between digits (`0.5 BTC`) are left alone. Whatever the result, producers still escape it for HTML.
 */
export function unlinked(s: string): string {
  return s
    .replace(/(?!\u200d)\p{Cf}/gu, '')
    .replace(/\b(https?)(?=\u200d*:)/giu, (m) => `${m.slice(0, 1)}xx${m.slice(3)}`)
    .replace(/:(?=\u200d*[/\\]{2})/gu, '[:]')
    .replace(/\b(mailto|callto|tel|sms|ftp|file|javascript|data|bitcoin|lightning):/giu, '$1[:]')
    .replace(
      /(\d{1,3})[.\u3002\uff0e\uff61\u2024\ufe52](?=\d{1,3}[.\u3002\uff0e\uff61\u2024\ufe52]\d)/gu,
      '$1[.]',
    )
    .replace(/(\d{1,3}\[\.\]\d{1,3})[.\u3002\uff0e\uff61\u2024\ufe52](?=\d{1,3}\b)/gu, '$1[.]')
    .replace(/(?<=[\p{L}\p{N}_-])[.\u3002\uff0e\uff61\u2024\ufe52](?=\u200d*\p{L})/gu, '[.]');
}
