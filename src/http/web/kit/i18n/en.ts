/**
 * Every text of the public pages in English. hi.ts has the same keys (its type is this object's), so a
 * text added here must be added there too or the build fails. Texts with values are functions.
 */

const dateFormat = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});

export const en = {
  lang: 'en',
  /** The locale numbers, money and dates are written in. */
  locale: 'en-US',
  languageName: 'English',
  /** Unix milliseconds as "1 Jan 2026, 12:00 UTC". */
  date: (ms: bigint | number): string => `${dateFormat.format(new Date(Number(ms)))} UTC`,
  common: {
    footer: 'paytag',
    language: 'Language',
    notFound: 'Not found',
    failed: 'Something went wrong',
    refused: 'Request refused',
  },
  checkout: {
    title: (payee: string) => `Pay ${payee}`,
    eyebrow: 'Payment request',
    payTo: 'Pay to',
    description: 'For',
    orderId: 'Order',
    amount: 'Amount',
    sats: (sats: string) => `${sats} sats`,
    fiat: (currency: string) => `Price in ${currency}`,
    rate: 'Rate',
    rateLocked: (rate: string, time: string) => `${rate}, locked until ${time}`,
    qrLabel: 'QR code of the Lightning invoice',
    scan: 'Scan with any Lightning wallet',
    openInWallet: 'Open in wallet',
    invoice: 'Lightning invoice',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Select the invoice and copy it',
    copyAddressFailed: 'Select the address and copy it',
    expiresIn: 'Expires in',
    expiresAt: (date: string) => `Expires ${date}`,
    minutesLeft: (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes} minutes`),
    waiting: 'Waiting for payment',
    refresh: 'Refresh status',
    noScript: 'This page updates itself only with JavaScript. After paying, refresh it to see the payment.',
    paidTitle: 'Payment received',
    paidAmount: 'Amount paid',
    paidAt: 'Paid',
    redirecting: 'Taking you back to the merchant in a moment…',
    continueNow: 'Continue now',
    closePage: 'Thank you. You can close this page.',
    confirmingTitle: 'Payment seen, waiting for confirmations',
    confirmingText:
      'Your payment reached the network before this request expired, so it is on time. It counts as paid once the network confirms it; this page updates by itself.',
    expiredTitle: 'This payment request has expired',
    expiredText: 'It can no longer be paid. Ask the merchant for a new payment link.',
    declinedTitle: 'This payment request was cancelled',
    declinedText: 'It can no longer be paid. Ask the merchant for a new payment link.',
    backTo: (host: string) => `Back to ${host}`,
    sandbox: 'Sandbox',
    sandboxNote: 'Test mode: no real money moves.',
    sandboxPay: 'Pay with sandbox wallet',
    notFoundTitle: 'Payment page not found',
    notFoundText: 'This link is not a payment page of this service. Check that the whole link was copied.',
    lightning: 'Lightning Network',
    /** The footer's name of an on-chain way to pay: "USDT on BNB Smart Chain (BEP20)". */
    onchainFooter: (asset: string, network: string) =>
      asset === 'BTC' ? 'Bitcoin' : `${asset} on ${network}`,
    payWith: 'Pay with',
    tabLightning: 'Lightning',
    tabOnchain: 'On-chain',
    payLightning: 'Pay with Lightning',
    payOnchain: (asset: string, network: string) => `Send ${asset} on ${network}`,
    chainQrLabel: (asset: string) => `QR code of the ${asset} payment address`,
    sendExactly: (amount: string) => `Send exactly ${amount}`,
    chainAddress: (network: string) => `Address on ${network}`,
    networkWarning: (asset: string, network: string) =>
      asset === 'USDT'
        ? `Send USDT on ${network} only. Tokens sent on another network or another token do not arrive here.`
        : 'Send bitcoin on the Bitcoin network only (not a token on another chain).',
    txHashLabel: 'Sent it? Transaction hash (optional)',
    txHashSubmit: 'I have sent it',
    txSubmitted: 'Transaction submitted, waiting for confirmations:',
    chainSeen: (amount: string, confirmations: string, needed: string) =>
      `Seen ${amount}, ${confirmations} of ${needed} confirmations`,
    chainSeenFinality: (amount: string, confirmations: string) =>
      `Seen ${amount}, ${confirmations} confirmations; credited once its block is final`,
    chainReceived: (received: string, total: string) => `Received so far: ${received} of ${total}`,
    /** An underpaid on-chain request: the QR code and this line ask for the rest only. */
    sendMore: (amount: string) => `Send ${amount} more`,
    paidLateText:
      'Your payment was first seen after this request expired, and it was still accepted as paid.',
    paidOverText: (received: string, asked: string, excess: string) =>
      `You sent ${received}, ${excess} more than the ${asked} asked. Contact the merchant about the excess.`,
    partialTitle: 'This payment request expired before it was paid in full',
    partialText: (received: string, total: string) =>
      `${received} of ${total} arrived and is held by the merchant. Ask the merchant for a refund, or for a new payment link for the rest.`,
    sandboxDeposit: 'Deposit from the sandbox chain',
    sandboxConfirmations: 'Confirmations',
  },
  voucher: {
    title: 'Bitcoin voucher',
    batchTitle: 'Bitcoin vouchers',
    from: (name: string) => `from ${name}`,
    sats: (sats: string) => `${sats} sats`,
    design: 'Voucher design',
    redeemTo: 'Redeem to',
    modeUsertag: 'my paytag account (usertag)',
    modeInvoice: 'a Lightning invoice',
    target: 'Usertag or invoice',
    redeem: 'Redeem',
    qrLabel: 'LNURL-withdraw QR code',
    scan: 'Scan with any Lightning wallet to withdraw',
    openInWallet: 'Open in a wallet on this device',
    redeemed: (date: string, to: string) => `Redeemed on ${date} to ${to}`,
    received: (sats: string, btc: string) => `You received ${sats} sats (${btc} BTC)`,
    inProgress: 'A payment of this voucher is under way. Reload this page in a moment.',
    revoked: 'This voucher was revoked by its issuer.',
    expired: (date: string) => `This voucher expired on ${date}.`,
    validOnce: (date: string) =>
      `Valid until ${date}. Anyone with this page’s address can redeem the voucher once.`,
    allRedeemed: 'All vouchers of this link have been redeemed.',
    batchRevoked: 'These vouchers were revoked by their issuer.',
    batchExpired: (date: string) => `These vouchers expired on ${date}.`,
    left: (remaining: number, count: number) =>
      `${remaining} of ${count} vouchers left. Each account can redeem one.`,
    validUntil: (date: string) => `Valid until ${date}.`,
    printState: {
      redeemed: 'redeemed',
      in_progress: 'in progress',
      revoked: 'revoked',
      expired: 'expired',
    },
    printScan: 'Scan with a Lightning wallet, or open:',
    printIntro: (count: number, amount: string, date: string) =>
      `${count} vouchers of ${amount} BTC, valid until ${date}.
Print this page with your browser; each voucher can be redeemed once, by whoever holds it.`,
    sheetTitle: 'Voucher sheet',
    noPage: 'There is no voucher page at this address.',
    unknownTitle: 'Voucher not found',
    unknownText: 'No voucher has this code. Check that the whole link was copied.',
    underWay: 'The payment is under way. Reload this page in a moment to see it.',
    noSheet: 'There is no voucher sheet at this address.',
  },
  consent: {
    title: 'Share your KYC data?',
    heading: (app: string) => `Share your KYC data with ${app}?`,
    intro: (app: string, usertag: string) =>
      `${app} is verifying that you control @${usertag} and asks for your KYC data.`,
    kycHeading: 'Shared only if you approve',
    kycIntro: (app: string) =>
      `If you approve and then give ${app} the code from the e-mail, it receives exactly this:`,
    noKyc: 'Your account holds no KYC data yet: approving shares nothing more than the part below.',
    alwaysHeading: 'Shared in any case',
    alwaysIntro: (app: string) =>
      `Whatever you decide, when you give ${app} the code it learns your usertag and this:`,
    declineNote: 'If you decline or do nothing, it receives none of the KYC data.',
    expires: (date: string) => `This page works once and expires with the code, at ${date}.`,
    approve: 'Approve sharing',
    decline: 'Decline',
    documentNote: 'Document links are shortened here; the application receives them in full.',
    labels: {
      full_name: 'Name',
      email: 'E-mail',
      phone: 'Phone',
      country: 'Country',
      kyc_status: 'KYC status',
      kyc_level: 'KYC level',
      id_type: 'Identity document type',
      'personal_kyc.id1': 'Identity document 1',
      'personal_kyc.id2': 'Identity document 2',
      'personal_kyc.id3': 'Identity document 3',
      'company_kyc.company_name': 'Company name',
      'company_kyc.email': 'Company e-mail',
      'company_kyc.company_phone': 'Company phone',
      'company_kyc.country': 'Company country',
      'company_kyc.doc1': 'Company document 1',
      'company_kyc.doc2': 'Company document 2',
      'company_kyc.doc3': 'Company document 3',
      'company_kyc.doc4': 'Company document 4',
    } as Record<string, string>,
    kycStatus: {
      none: 'none',
      pending: 'under review',
      verified: 'verified',
      rejected: 'rejected',
    } as Record<string, string>,
    approvedTitle: 'Sharing approved',
    approvedText: (app: string) =>
      `${app} will receive your KYC data when you give it the code from the e-mail. You can revoke this approval later.`,
    declinedTitle: 'Sharing declined',
    declinedText: (app: string) => `${app} will not receive your KYC data.`,
    goneTitle: 'Link not valid',
    goneText: 'This link was used already, has expired, or does not exist. Nothing was shared.',
    badForm: 'The form could not be read. Nothing was shared.',
    badRequest: 'Bad request',
  },
  email: {
    title: 'Confirm your e-mail address',
    text: (email: string, usertag: string) =>
      `Confirm that ${email} is the e-mail address of the paytag account @${usertag}.`,
    confirm: 'Confirm this address',
    doneTitle: 'E-mail address confirmed',
    doneText: (email: string, usertag: string) => `${email} is confirmed for @${usertag}.`,
  },
};

export type Catalogue = typeof en;
