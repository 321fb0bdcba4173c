import { findPaymentByPublicId, setPayerClaim } from '../../db/repos/payments.ts';
import { err, ok, type Result } from '../../domain/result.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';

const TID = /^[a-z0-9]{16}$/;
/** A Bitcoin txid: 64 hex digits. An EVM transaction hash: 0x and 64 hex digits. */
const BTC_TXID = /^[0-9a-f]{64}$/;
const EVM_TX = /^0x[0-9a-f]{64}$/;

/**
 * The payer's word on the hosted checkout that they sent an on-chain transaction: stored as
 * `transaction_hash` with `status_payer: pending`, so the payee sees it and the chain watcher looks at
 * that transaction first. A claim only: it never credits anything and never changes `status`. Refused
 * for a request that is not on chain or is already paid, and for a hash of the wrong form for its network.
 */
export async function claimCheckoutTransaction(
  deps: AppDeps,
  tid: string,
  hash: string,
): Promise<Result<{ transactionHash: string }>> {
  const notFound = err('not_found', 'no payment page has this address');
  if (!TID.test(tid)) return notFound;
  const row = await findPaymentByPublicId(deps.db.read, tid);
  if (row === undefined || row.direction !== 'in' || row.hosted_checkout_expiry_ms === null) return notFound;
  if (row.payment_mode !== 'onchain' || row.chain_address === null) {
    return err(
      'invalid_request',
      'this payment request is paid by Lightning, not on chain',
      'transaction_hash',
    );
  }
  if (row.status === 'paid') return err('state_conflict', 'this payment request is already paid');
  const text = hash.trim().toLowerCase();
  const evm = row.chain_network !== 'BTC';
  const valid = evm ? EVM_TX.test(text) : BTC_TXID.test(text);
  if (!valid) {
    return err(
      'invalid_request',
      evm
        ? 'the transaction hash is 0x followed by 64 hexadecimal digits'
        : 'the transaction id is 64 hexadecimal digits',
      'transaction_hash',
    );
  }
  const transactionHash = text;
  const w = await runWrite(deps.db, (trx) =>
    setPayerClaim(trx, row.id, { transactionHash, statusPayer: 'pending' }, deps.clock.nowMs()),
  );
  if (!w.ok) return w;
  return ok({ transactionHash });
}
