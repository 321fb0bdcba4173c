import type { Migration, MigrationProvider } from 'kysely';
import * as m001 from './001_core.ts';
import * as m002 from './002_outbox.ts';
import * as m003 from './003_payments.ts';
import * as m004 from './004_deliveries.ts';
import * as m005 from './005_vouchers.ts';
import * as m006 from './006_kv.ts';
import * as m007 from './007_rate_limits.ts';
import * as m008 from './008_payment_purpose.ts';
import * as m009 from './009_payment_checks.ts';
import * as m012 from './012_delivery_fairness.ts';
import * as m013 from './013_pro_payments.ts';
import * as m014 from './014_chain_deposits.ts';
import * as m015 from './015_verification.ts';
import * as m016 from './016_trade_credentials.ts';
import * as m017 from './017_orders.ts';
import * as m018 from './018_sessions.ts';
import * as m019 from './019_operators.ts';
import * as m021 from './021_account_verifications.ts';
import * as m022 from './022_history_filter_indexes.ts';
import * as m023 from './023_account_pending_email.ts';
import * as m024 from './024_chain_watch_pages.ts';
import * as m025 from './025_chain_evm_legacy_identity.ts';
import * as m026 from './026_payments_route_chain.ts';
import * as m027 from './027_payments_fiat_rate.ts';
import * as m028 from './028_payment_exception.ts';
import * as m029 from './029_payment_refunds.ts';
import * as m030 from './030_request_invoice_receipts.ts';
import * as m031 from './031_payouts.ts';
import * as m032 from './032_chain_withdrawals.ts';
import * as m033 from './033_withdrawal_batches.ts';
import * as m034 from './034_sandbox_btc_transactions.ts';
import * as m035 from './035_lndhub_tokens.ts';
import * as m036 from './036_nwc.ts';
import * as m037 from './037_lnurl_zaps.ts';
import * as m038 from './038_nwc_notifications.ts';
import * as m039 from './039_nwc_request_time.ts';
import * as m041 from './041_lnurl_preimage_once.ts';
import * as m042 from './042_send_batch_function.ts';
import * as m043 from './043_drop_payments_voucher_index.ts';

/** Forward-only, applied in name order. Add new files at the end; never edit an applied one. */
const MIGRATIONS: Record<string, Migration> = {
  '001_core': m001,
  '002_outbox': m002,
  '003_payments': m003,
  '004_deliveries': m004,
  '005_vouchers': m005,
  '006_kv': m006,
  '007_rate_limits': m007,
  '008_payment_purpose': m008,
  '009_payment_checks': m009,
  '012_delivery_fairness': m012,
  '013_pro_payments': m013,
  '014_chain_deposits': m014,
  '015_verification': m015,
  '016_trade_credentials': m016,
  '017_orders': m017,
  '018_sessions': m018,
  '019_operators': m019,
  '021_account_verifications': m021,
  '022_history_filter_indexes': m022,
  '023_account_pending_email': m023,
  '024_chain_watch_pages': m024,
  '025_chain_evm_legacy_identity': m025,
  '026_payments_route_chain': m026,
  '027_payments_fiat_rate': m027,
  '028_payment_exception': m028,
  '029_payment_refunds': m029,
  '030_request_invoice_receipts': m030,
  '031_payouts': m031,
  '032_chain_withdrawals': m032,
  '033_withdrawal_batches': m033,
  '034_sandbox_btc_transactions': m034,
  '035_lndhub_tokens': m035,
  '036_nwc': m036,
  '037_lnurl_zaps': m037,
  '038_nwc_notifications': m038,
  '039_nwc_request_time': m039,
  '041_lnurl_preimage_once': m041,
  '042_send_batch_function': m042,
  '043_drop_payments_voucher_index': m043,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
