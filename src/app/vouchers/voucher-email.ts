import QRCode from 'qrcode';
import { formatMsatAsBtc } from '../../domain/money.ts';
import { wholeSats } from '../../domain/vouchers.ts';
import { composeEmail } from '../mail/compose-email.ts';
import { unlinked } from '../mail/unlinked.ts';

/** Side of one QR module in the e-mail, in pixels. */
const MODULE_PX = 4;

/**
 * A QR code as an HTML table: mail clients drop SVG and data: images, but every one of them renders
 * table cells with a background colour. Runs of equal modules share a cell to keep the message small.
 */
export function qrTableHtml(text: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const size = modules.size + 2 * quiet;
  const dark = (r: number, c: number): boolean =>
    r >= quiet &&
    c >= quiet &&
    r < size - quiet &&
    c < size - quiet &&
    modules.get(r - quiet, c - quiet) === 1;
  const rows: string[] = [];
  for (let r = 0; r < size; r++) {
    const cells: string[] = [];
    let c = 0;
    while (c < size) {
      const on = dark(r, c);
      let run = 1;
      while (c + run < size && dark(r, c + run) === on) run++;
      const span = run > 1 ? ` colspan="${run}"` : '';
      cells.push(
        `<td${span} style="width:${run * MODULE_PX}px;height:${MODULE_PX}px;padding:0;background:${on ? '#000000' : '#ffffff'}"></td>`,
      );
      c += run;
    }
    rows.push(`<tr>${cells.join('')}</tr>`);
  }
  return (
    '<table role="img" aria-label="QR code" cellpadding="0" cellspacing="0" border="0" ' +
    `style="border-collapse:collapse;margin:16px 0">${rows.join('')}</table>`
  );
}

export interface VoucherEmailInput {
  amountMsat: bigint;
  from: string | null;
  title: string | null;
  voucherUrl: string;
  /** The LUD-03 LNURL the QR code carries (a Lightning wallet scans it and withdraws). */
  lnurl: string;
  expiresAt: Date;
}

/**
 * The e-mail to a batch's receiver_email: the voucher's link, amount, sender, message and QR code.
 * `from` and `title` are the issuer's words, shown as plain text: anything in them a mail client could
 * take for a link is broken (`unlinked`), so the voucher's own URL is the message's only link.
 */
export function voucherEmail(v: VoucherEmailInput): { subject: string; text: string; html: string } {
  const amount = `${formatMsatAsBtc(v.amountMsat)} BTC (${wholeSats(v.amountMsat).toLocaleString('en-US')} sats)`;
  const from = v.from === null ? null : unlinked(v.from);
  const title = v.title === null ? null : unlinked(v.title);
  const subject =
    from === null ? `You received a ${amount} Bitcoin voucher` : `${from} sent you a Bitcoin voucher`;
  const { text, html } = composeEmail({
    heading: from === null ? 'You received a Bitcoin voucher' : `${from} sent you a Bitcoin voucher`,
    paragraphs: [
      `Amount: ${amount}`,
      ...(title === null ? [] : [title]),
      'Redeem it to your account by its usertag, to a Lightning invoice, or scan the QR code below with any ' +
        'Lightning wallet.',
      `The voucher expires on ${v.expiresAt.toUTCString()}.`,
    ],
    link: { url: v.voucherUrl, label: 'Redeem your voucher' },
    // The QR code goes after the link, inside the message's card, followed by the small print.
    extra: { text: `LNURL (for Lightning wallets): ${v.lnurl}`, html: qrTableHtml(v.lnurl) },
    footer: 'Anyone with this link or QR code can redeem the voucher once. Keep it to yourself until you do.',
  });
  return { subject, text, html };
}
