import { composeEmail } from '../mail/compose-email.ts';
import { unlinked } from '../mail/unlinked.ts';

/** How an application is named to the person, in the e-mail and on the consent page. */
export const applicationName = (a: { usertag: string; full_name: string }): string =>
  a.full_name === '' ? `@${a.usertag}` : `${a.full_name} (@${a.usertag})`;

export interface OtpEmailInput {
  /** How the requesting application is named to the person (its display name and usertag). */
  appName: string;
  usertag: string;
  otp: string;
  ttlSec: number;
  /** The one-time consent page, when the application asked for KYC data. */
  consentUrl: string | null;
}

/** What the application learns on success, without and with approved KYC sharing. */
const LEARNS_BASIC =
  'your usertag, your profile (full name, e-mail, phone, country), your KYC level and status, and whether your account is verified';
const LEARNS_KYC =
  'your identity type and document links (id1–id3) and your company details and documents (company name, e-mail, phone, country, doc1–doc4)';

/** The OTP e-mail of POST /api/v1/auth. The application's name is shown as plain text, never as a link. */
export function otpEmail(v: OtpEmailInput): { subject: string; text: string; html: string } {
  const app = unlinked(v.appName);
  const minutes = v.ttlSec >= 120 ? `${Math.floor(v.ttlSec / 60)} minutes` : `${v.ttlSec} seconds`;
  const { text, html } = composeEmail({
    heading: `${app} asks to verify that you control @${v.usertag}`,
    paragraphs: [
      `Your verification code is below. It works once, for ${minutes}.`,
      `If you give it to ${app}, ${app} will learn ${LEARNS_BASIC}.`,
      ...(v.consentUrl === null
        ? []
        : [
            `${app} also asks for your KYC data: ${LEARNS_KYC}. It gets them only if you approve on the page ` +
              'below before you give it the code; if you decline or do nothing, it gets none of them.',
          ]),
      'Never share this code with anyone who calls or writes to you: paytag staff will never ask for it. ' +
        'If you did not start this, ignore this e-mail.',
    ],
    code: v.otp,
    ...(v.consentUrl === null ? {} : { link: { url: v.consentUrl, label: 'Review the KYC request' } }),
    footer: 'Never share this code.',
  });
  return { subject: `Your paytag verification code for ${app}`, text, html };
}
