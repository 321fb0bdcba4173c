import { findAccountByUsertag, findAccountIdByEmail, insertKey } from '../../db/repos/accounts.ts';
import { openUserLedgerAccounts } from '../../db/repos/ledger.ts';
import { hashApiKey, KEY_LENGTH, type KeyKind } from '../../domain/api-keys.ts';
import { abort } from '../../domain/errors.ts';
import type { Result } from '../../domain/result.ts';
import { normalizeEmail, validateNewUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { runWrite } from '../write.ts';

export interface CreateAccountInput {
  usertag: unknown;
  email: unknown;
  fullName?: string;
  phone?: string;
  country?: string;
}

export interface CreatedAccount {
  id: bigint;
  usertag: string;
  email: string;
  /** Shown once; only hashes are kept. */
  invoiceKey: string;
  adminKey: string;
  webhookSecret: string;
}

export async function createAccount(
  deps: AppDeps,
  input: CreateAccountInput,
): Promise<Result<CreatedAccount>> {
  const tag = validateNewUsertag(input.usertag);
  if (!tag.ok) return tag;
  const email = normalizeEmail(input.email);
  if (!email.ok) return email;
  const keys: Record<KeyKind, string> = {
    invoice: deps.ids.alphanumeric(KEY_LENGTH),
    admin: deps.ids.alphanumeric(KEY_LENGTH),
  };
  const webhookSecret = `whsec_${Buffer.from(deps.ids.hex(24), 'hex').toString('base64')}`;
  const nowMs = deps.clock.nowMs();
  return runWrite(deps.db, async (trx) => {
    if (await findAccountByUsertag(trx, tag.value))
      abort('usertag_taken', `usertag "${tag.value}" is taken`, 'usertag');
    if (await findAccountIdByEmail(trx, email.value))
      abort('email_taken', 'an account with this e-mail exists', 'email');
    const { id } = await trx
      .insertInto('accounts')
      .values({
        usertag: tag.value,
        email: email.value,
        full_name: input.fullName ?? '',
        phone: input.phone ?? '',
        country: input.country ?? '',
        password_hash: null,
        webhook_secret: webhookSecret,
        created_at_ms: nowMs,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const kind of ['invoice', 'admin'] as const) {
      await insertKey(trx, {
        accountId: id,
        kind,
        keyHash: hashApiKey(keys[kind]),
        hint: keys[kind].slice(0, 4),
        nowMs,
      });
    }
    await openUserLedgerAccounts(trx, id, nowMs);
    return {
      id,
      usertag: tag.value,
      email: email.value,
      invoiceKey: keys.invoice,
      adminKey: keys.admin,
      webhookSecret,
    };
  });
}
