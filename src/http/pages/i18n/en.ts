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
    qrLabel: 'QR code of the Lightning invoice',
    scan: 'Scan with any Lightning wallet',
    openInWallet: 'Open in wallet',
    invoice: 'Lightning invoice',
    copy: 'Copy',
    copied: 'Copied',
    copyFailed: 'Select the invoice and copy it',
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
    sandboxNote: 'Test mode: no real bitcoin moves.',
    sandboxPay: 'Pay with sandbox wallet',
    notFoundTitle: 'Payment page not found',
    notFoundText: 'This link is not a payment page of this service. Check that the whole link was copied.',
    lightning: 'Lightning Network',
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
    chainSeen: (confirmations: string, needed: string) => `Seen, ${confirmations} of ${needed} confirmations`,
    chainSeenFinality: (confirmations: string) =>
      `Seen, ${confirmations} confirmations; credited once its block is final`,
    chainReceived: (received: string, total: string) => `Received so far: ${received} of ${total}`,
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
};

export type Catalogue = typeof en;
