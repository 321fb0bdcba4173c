import { findAccountByUsertag } from '../../db/repos/accounts.ts';
import { createTransfer } from '../../db/repos/ledger.ts';
import { abort } from '../../domain/errors.ts';
import { isAsset, parseAssetAmount } from '../../domain/money.ts';
import { err, type Result } from '../../domain/result.ts';
import { normalizeUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';

export interface FundInput {
  usertag: unknown;
  asset: unknown;
  amount: unknown;
}

/** Credits test funds from the sandbox faucet: a real ledger transfer, refused outside the sandbox. */
export async function fundAccount(
  deps: AppDeps,
  input: FundInput,
): Promise<Result<{ transferId: string; units: bigint }>> {
  if (deps.config.lightning.backend !== 'sandbox') {
    return err('sandbox_only', 'funding from the faucet is only possible with LIGHTNING_BACKEND=sandbox');
  }
  const tag = normalizeUsertag(input.usertag);
  if (!tag.ok) return tag;
  if (typeof input.asset !== 'string' || !isAsset(input.asset.toLowerCase())) {
    return err('invalid_request', 'asset must be one of lbtc, btc, usdt, eth, sol, ltc, matic', 'asset');
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
