import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import { createTransfer } from '../../db/repos/ledger.ts';
import { systemAccountPosted } from '../../db/repos/payments.ts';
import { abort } from '../../domain/errors.ts';
import { ASSET_CODES, ASSETS, type Asset, isAsset, parseAssetAmount } from '../../domain/money.ts';
import { err, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';

export interface FundInput {
  usertag: string;
  asset: string;
  amount: string;
}

/**
 * Credits test funds from the sandbox faucet: a real ledger transfer, refused outside the sandbox. The
 * faucet issues at most SANDBOX_FUND_MAX_UNITS whole units of each asset in all (default and ceiling
 * 21 million, the BTC supply: 2.1 × 10^18 msat, far inside the ledger's 64-bit columns), so no amount
 * of funding can push a ledger column out of range. On PostgreSQL two concurrent fundings may pass the
 * check together and overshoot by at most one funding, still far inside the range.
 */
export async function fundAccount(
  deps: AppDeps,
  input: FundInput,
): Promise<Result<{ transferId: string; units: bigint }>> {
  if (deps.config.lightning.backend !== 'sandbox') {
    return err('sandbox_only', 'funding from the faucet is only possible with LIGHTNING_BACKEND=sandbox');
  }
  const tag = normalizeUsertag(input.usertag);
  if (!tag.ok) return tag;
  if (!isAsset(input.asset.toLowerCase())) {
    return err('invalid_request', `asset must be one of ${ASSET_CODES.join(', ')}`, 'asset');
  }
  const asset = input.asset.toLowerCase() as Parameters<typeof parseAssetAmount>[0];
  const amount = parseAssetAmount(asset, input.amount);
  if (!amount.ok) return amount;
  if (amount.value === 0n) return err('invalid_request', 'amount must be greater than zero', 'amount');
  const transferId = `faucet:${deps.ids.hex(12)}`;
  const nowMs = deps.clock.nowMs();
  return runWrite(deps.db, async (trx) => {
    const account = await findAccountByUsertag(trx, tag.value);
    if (!account) return abort('not_found', `no account with usertag "${tag.value}"`, 'usertag');
    const faucet = await systemAccountPosted(trx, 'sandbox_faucet', asset);
    const issued = faucet === undefined ? 0n : faucet.debits_posted - faucet.credits_posted;
    const cap = unitsOf(asset, deps.config.lightning.sandboxFundMaxUnits);
    if (issued + amount.value > cap) {
      const left = cap > issued ? cap - issued : 0n;
      return abort(
        'invalid_request',
        `the sandbox faucet issues at most ${deps.config.lightning.sandboxFundMaxUnits} ${asset} in all; ${formatUnits(asset, left)} left`,
        'amount',
      );
    }
    await createTransfer(
      trx,
      {
        id: transferId,
        debit: { system: 'sandbox_faucet' },
        credit: { owner: account.id },
        asset,
        amount: amount.value,
        code: 'sandbox_faucet',
        ref: `account:${account.id}`,
      },
      nowMs,
    );
    return { transferId, units: amount.value };
  });
}

const unitsOf = (asset: Asset, whole: number): bigint =>
  BigInt(whole) * 10n ** BigInt(ASSETS[asset].decimals);

/** Minor units as a whole-unit decimal, trailing zeros cut (for the refusal's message). */
function formatUnits(asset: Asset, minor: bigint): string {
  const scale = 10n ** BigInt(ASSETS[asset].decimals);
  const frac = (minor % scale).toString().padStart(ASSETS[asset].decimals, '0').replace(/0+$/, '');
  return frac === '' ? `${minor / scale}` : `${minor / scale}.${frac}`;
}
