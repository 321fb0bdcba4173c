import type { CommandEntry } from './command.ts';

/**
 * Every command, by group, in the order `paytag --help` lists them: running the service first, then an
 * account's life, payments in the sandbox, the on-chain side, operations. A new command is one file and
 * one entry here: its overview line, and its module, imported only when that command runs or shows its
 * own help (the overview and a group's help load none, and a command loads only what it uses).
 */
export const SECTIONS: ReadonlyArray<{ title: string; commands: readonly CommandEntry[] }> = [
  {
    title: 'Service',
    commands: [
      {
        name: 'serve',
        synopsis: 'serve',
        summary: 'run the HTTP service and background jobs',
        load: async () => (await import('./commands/serve.ts')).serve,
      },
      {
        name: 'migrate',
        synopsis: 'migrate',
        summary: 'apply database migrations and exit',
        load: async () => (await import('./commands/migrate.ts')).migrate,
      },
      {
        name: 'doctor',
        synopsis: 'doctor',
        summary: 'check the configured Lightning node end to end; exit 1 on a problem',
        load: async () => (await import('./commands/doctor.ts')).doctor,
      },
    ],
  },
  {
    title: 'Accounts and keys',
    commands: [
      {
        name: 'account create',
        synopsis: 'account create --usertag U --email E',
        summary: 'create an account; prints both API keys once',
        load: async () => (await import('./commands/account-create.ts')).accountCreate,
      },
      {
        name: 'account show',
        synopsis: 'account show U',
        summary: 'show an account and its balances',
        load: async () => (await import('./commands/account-show.ts')).accountShow,
      },
      {
        name: 'account list',
        synopsis: 'account list',
        summary: 'list accounts',
        load: async () => (await import('./commands/account-list.ts')).accountList,
      },
      {
        name: 'account update',
        synopsis: 'account update U --full-name … --phone …',
        summary: "change an account's profile (kept in its history)",
        load: async () => (await import('./commands/account-update.ts')).accountUpdate,
      },
      {
        name: 'account password',
        synopsis: 'account password U',
        summary: 'set the dashboard password (read from standard input)',
        load: async () => (await import('./commands/account-password.ts')).accountPassword,
      },
      {
        name: 'account disable',
        synopsis: 'account disable U --reason TEXT',
        summary: 'disable an account: its keys, trade tokens, sessions and Lightning address stop at once',
        load: async () => (await import('./commands/account-disable.ts')).accountDisable,
      },
      {
        name: 'account enable',
        synopsis: 'account enable U',
        summary: 'enable a disabled account again',
        load: async () => (await import('./commands/account-disable.ts')).accountEnable,
      },
      {
        name: 'account consents',
        synopsis: 'account consents U [--revoke ID]',
        summary: 'list the KYC-sharing decisions of an account, or revoke one',
        load: async () => (await import('./commands/account-consents.ts')).accountConsentsCommand,
      },
      {
        name: 'keys rotate',
        synopsis: 'keys rotate U --kind invoice|admin',
        summary: 'replace a key; prints the new key once',
        load: async () => (await import('./commands/keys-rotate.ts')).keysRotate,
      },
      {
        name: 'trade-keys create',
        synopsis: 'trade-keys create U [--label L]',
        summary: 'make trade API credentials; prints the secret once',
        load: async () => (await import('./commands/trade-keys.ts')).tradeKeysCreate,
      },
      {
        name: 'trade-keys list',
        synopsis: 'trade-keys list U',
        summary: "list an account's trade API credentials",
        load: async () => (await import('./commands/trade-keys.ts')).tradeKeysList,
      },
      {
        name: 'trade-keys revoke',
        synopsis: 'trade-keys revoke U --key K',
        summary: 'revoke trade credentials; their tokens stop at once',
        load: async () => (await import('./commands/trade-keys.ts')).tradeKeysRevoke,
      },
      {
        name: 'nwc create',
        synopsis: 'nwc create U --name N [limits]',
        summary: 'make a Nostr Wallet Connect connection; prints its URI once',
        load: async () => (await import('./commands/nwc.ts')).nwcCreate,
      },
      {
        name: 'nwc list',
        synopsis: 'nwc list U [--all]',
        summary: "list an account's Wallet Connect connections",
        load: async () => (await import('./commands/nwc.ts')).nwcList,
      },
      {
        name: 'nwc revoke',
        synopsis: 'nwc revoke U --id ID',
        summary: 'revoke a Wallet Connect connection at once',
        load: async () => (await import('./commands/nwc.ts')).nwcRevoke,
      },
      {
        name: 'webhooks show',
        synopsis: 'webhooks show U',
        summary: "show the account's webhook signing secret",
        load: async () => (await import('./commands/webhooks-show.ts')).webhooksShow,
      },
      {
        name: 'webhooks rotate-secret',
        synopsis: 'webhooks rotate-secret U',
        summary: 'replace the webhook secret (the old one signs for 24 h more)',
        load: async () => (await import('./commands/webhooks-rotate-secret.ts')).webhooksRotateSecret,
      },
    ],
  },
  {
    title: 'Verification (KYC)',
    commands: [
      {
        name: 'kyc submit',
        synopsis: 'kyc submit U --id-type T --id1 URL …',
        summary: "store an account's KYC data; its KYC status becomes pending",
        load: async () => (await import('./commands/kyc-submit.ts')).kycSubmit,
      },
      {
        name: 'kyc review',
        synopsis: 'kyc review U --level 0..3 --status S',
        summary: "set an account's KYC level and status (verified, rejected, pending)",
        load: async () => (await import('./commands/kyc-review.ts')).kycReview,
      },
      {
        name: 'kyc history',
        synopsis: 'kyc history U',
        summary: 'every profile and KYC change of an account, with who and when',
        load: async () => (await import('./commands/kyc-history.ts')).kycHistoryCommand,
      },
    ],
  },
  {
    title: 'Sandbox (test money, test chain) and mail',
    commands: [
      {
        name: 'sandbox fund',
        synopsis: 'sandbox fund --usertag U --asset A --amount X',
        summary: 'credit test funds (sandbox Lightning backend only)',
        load: async () => (await import('./commands/sandbox-fund.ts')).sandboxFund,
      },
      {
        name: 'sandbox pay',
        synopsis: 'sandbox pay <bolt11>',
        summary: 'pay an invoice of this service as an outside wallet (sandbox only)',
        load: async () => (await import('./commands/sandbox-pay.ts')).sandboxPay,
      },
      {
        name: 'sandbox deposit',
        synopsis: 'sandbox deposit <tid> [--amount X] [--confirmations N]',
        summary: 'make an on-chain deposit to a request (sandbox chain watcher only)',
        load: async () => (await import('./commands/chain.ts')).sandboxDepositCommand,
      },
      {
        name: 'sandbox confirm',
        synopsis: 'sandbox confirm <tx|tid> [--confirmations N | --reorg]',
        summary: 'deepen sandbox chain transactions, or reorganise them away',
        load: async () => (await import('./commands/chain.ts')).sandboxConfirmCommand,
      },
      {
        name: 'sandbox usdt-transfer',
        synopsis: 'sandbox usdt-transfer <address> <amount> --network N',
        summary: 'pay USDT from the operator’s wallet on the sandbox chain',
        load: async () => (await import('./commands/sandbox-usdt-transfer.ts')).sandboxUsdtTransferCommand,
      },
      {
        name: 'mail list',
        synopsis: 'mail list [--to ADDRESS]',
        summary: 'list messages in the dev mailbox (no SMTP_URL set)',
        load: async () => (await import('./commands/mail-list.ts')).mailList,
      },
    ],
  },
  {
    title: 'Prices',
    commands: [
      {
        name: 'prices show',
        synopsis: 'prices show',
        summary: 'read the configured price sources once and print the published prices',
        load: async () => (await import('./commands/prices.ts')).pricesShow,
      },
      {
        name: 'prices set',
        synopsis: 'prices set PAIR PRICE|--unset',
        summary: 'move a static price (sandbox Lightning backend only)',
        load: async () => (await import('./commands/prices.ts')).pricesSet,
      },
    ],
  },
  {
    title: 'On-chain',
    commands: [
      {
        name: 'chain addresses',
        synopsis: 'chain addresses --export',
        summary: 'print handed-out addresses and derivation paths (wallet import)',
        load: async () => (await import('./commands/chain.ts')).chainAddresses,
      },
      {
        name: 'chain rescan',
        synopsis: 'chain rescan',
        summary: 'look for deposits on every address ever handed out',
        load: async () => (await import('./commands/chain.ts')).chainRescan,
      },
      {
        name: 'chain keys',
        synopsis: 'chain keys [--accept --confirm]',
        summary: 'compare the on-chain account keys with the database’s; accept changed keys',
        load: async () => (await import('./commands/chain-keys.ts')).chainKeys,
      },
    ],
  },
  {
    title: 'On-chain withdrawals',
    commands: [
      {
        name: 'payouts psbt',
        synopsis: 'payouts psbt [--fee-rate R] [--out FILE]',
        summary: 'build one PSBT paying every queued BTC withdrawal, for your wallet to sign',
        load: async () => (await import('./commands/payouts-btc.ts')).payoutsPsbt,
      },
      {
        name: 'payouts submit',
        synopsis: 'payouts submit <FILE | PSBT | raw tx>',
        summary: 'check a signed withdrawal transaction against its batch and broadcast it',
        load: async () => (await import('./commands/payouts-btc.ts')).payoutsSubmit,
      },
      {
        name: 'payouts abandon',
        synopsis: 'payouts abandon <batch>',
        summary: 'give up a withdrawal batch not yet broadcast; its withdrawals are queued again',
        load: async () => (await import('./commands/payouts-btc.ts')).payoutsAbandon,
      },
      {
        name: 'payouts record',
        synopsis: 'payouts record <id> <transaction_hash>',
        summary: 'record the transaction that paid a USDT withdrawal',
        load: async () => (await import('./commands/payouts-record.ts')).payoutsRecord,
      },
    ],
  },
  {
    title: 'Operations',
    commands: [
      {
        name: 'audit',
        synopsis: 'audit',
        summary: 'check every ledger invariant; exit 1 on a violation',
        load: async () => (await import('./commands/audit.ts')).audit,
      },
      {
        name: 'backup',
        synopsis: 'backup FILE',
        summary: 'write a consistent copy of the database while the service runs',
        load: async () => (await import('./commands/backup.ts')).backup,
      },
    ],
  },
];
