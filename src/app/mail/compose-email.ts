/** Content of a service e-mail; every string is plain text (escaped for the HTML part here). */
export interface EmailContent {
  /** First line of the body, in bold in the HTML part. */
  heading: string;
  paragraphs: readonly string[];
  /** A code the reader types somewhere (OTP): shown large and monospaced. */
  code?: string;
  /** A link the reader follows (voucher, receipt): a button in HTML, the bare URL in text. */
  link?: { url: string; label: string };
  /**
   * A block after the link, given in both forms: `text` is plain text; `html` is markup the producer
   * built itself (e.g. a QR code table) and is inserted as it is, so it must hold no text from outside
   * unescaped.
   */
  extra?: { text: string; html: string };
  /** Small print at the end. */
  footer?: string;
}

const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The plain-text and HTML parts of a service e-mail, for producers to pass to `enqueueEmail`. The HTML
 * is self-contained: inline styles only, no images or other external resources (nothing for a mail
 * client to fetch, nothing to track the reader with).
 */
export function composeEmail(c: EmailContent): { text: string; html: string } {
  const text = [
    c.heading,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.code === undefined ? [] : [c.code, '']),
    ...(c.link === undefined ? [] : [`${c.link.label}: ${c.link.url}`, '']),
    ...(c.extra === undefined ? [] : [c.extra.text, '']),
    ...(c.footer === undefined ? [] : ['--', c.footer]),
  ]
    .join('\n')
    .trimEnd();
  const font = 'font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#1a1a1a';
  const html = [
    '<!doctype html><html><head><meta charset="utf-8"></head>',
    `<body style="${font};margin:0;padding:24px;background:#f6f6f6">`,
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">',
    `<p style="font-size:18px;font-weight:bold;margin:0 0 16px">${escapeHtml(c.heading)}</p>`,
    ...c.paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p)}</p>`),
    c.code === undefined
      ? ''
      : `<p style="font-family:monospace;font-size:28px;letter-spacing:4px;margin:16px 0">${escapeHtml(c.code)}</p>`,
    c.link === undefined
      ? ''
      : `<p style="margin:16px 0"><a href="${escapeHtml(c.link.url)}" style="background:#f7931a;color:#ffffff;padding:10px 16px;border-radius:6px;text-decoration:none">${escapeHtml(c.link.label)}</a></p>` +
        `<p style="font-size:12px;color:#666666;word-break:break-all">${escapeHtml(c.link.url)}</p>`,
    c.extra === undefined ? '' : c.extra.html,
    c.footer === undefined
      ? ''
      : `<p style="font-size:12px;color:#666666;margin-top:24px">${escapeHtml(c.footer)}</p>`,
    '</div></body></html>',
  ].join('');
  return { text, html };
}
