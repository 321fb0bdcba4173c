import { isUniqueViolation } from '../../db/errors.ts';
import {
  findAccountByUsertag,
  findAccountIdByEmail,
  insertAccount,
  insertKey,
} from '../../db/repos/accounts.ts';
import { openUserLedgerAccounts } from '../../db/repos/ledger.ts';
import { hashApiKey, KEY_LENGTH, type KeyKind } from '../../domain/api-keys.ts';
import { abort } from '../../domain/errors.ts';
import { err, type Result } from '../../domain/result.ts';
import { normalizeEmail, validateNewUsertag } from '../../domain/usertag.ts';
import type { AppDeps } from '../deps.ts';
import { recordOperatorAction } from '../operator/actions.ts';
import { runWrite } from '../write.ts';

export interface CreateAccountInput {
  usertag: string | undefined;
  email: string | undefined;
  fullName?: string;
  phone?: string;
  country?: string;
  /**
   * The operator vouches for the e-mail (set-ups where it is known to work): it counts as confirmed now
   * and no confirmation link is sent.
   */
  emailConfirmed?: boolean;
  /**
   * Makes the account an operator (it may use the operator console), granted by this person
   * (`operator:<system user>`); recorded as an operator action.
   */
  operatorGrantedBy?: string;
  /**
   * The address is held only once its link is followed (dashboard sign-up): it is kept as
   * `pending_email`, whether or not another account has it, so the answer does not tell; `email` holds
   * the account's own placeholder (`unconfirmedPlaceholder`) meanwhile.
   */
  pendingEmail?: boolean;
}

/** The reserved domain (RFC 2606 `.invalid`) of the placeholders: no real address is ever in it. */
const PLACEHOLDER_DOMAIN = 'unconfirmed.invalid';

/** What `email` holds while an account's address waits for confirmation: unique, as its usertag is. */
export const unconfirmedPlaceholder = (usertag: string): string => `${usertag}@${PLACEHOLDER_DOMAIN}`;

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
  if (email.value.endsWith('.invalid'))
    return err('email_invalid', 'email is in a domain that never receives mail (.invalid)', 'email');
  const keys: Record<KeyKind, string> = {
    invoice: deps.ids.alphanumeric(KEY_LENGTH),
    admin: deps.ids.alphanumeric(KEY_LENGTH),
  };
  const webhookSecret = `whsec_${Buffer.from(deps.ids.hex(24), 'hex').toString('base64')}`;
  try {
    return await insertAccountWithKeys(deps, {
      usertag: tag.value,
      email: email.value,
      input,
      keys,
      webhookSecret,
    });
  } catch (e) {
    // Two creations raced past the checks; the database's unique indexes decided.
    if (isUniqueViolation(e))
      return input.pendingEmail === true
        ? err('usertag_taken', `usertag "${tag.value}" was taken at the same moment`, 'usertag')
        : err('usertag_taken', 'usertag or e-mail was taken at the same moment; try again');
    throw e;
  }
}

async function insertAccountWithKeys(
  deps: AppDeps,
  a: {
    usertag: string;
    email: string;
    input: CreateAccountInput;
    keys: Record<KeyKind, string>;
    webhookSecret: string;
  },
): Promise<Result<CreatedAccount>> {
  const { input, keys, webhookSecret } = a;
  const nowMs = deps.clock.nowMs();
  return runWrite(deps.db, async (trx) => {
    if (await findAccountByUsertag(trx, a.usertag))
      abort('usertag_taken', `usertag "${a.usertag}" is taken`, 'usertag');
    const pending = input.pendingEmail === true && input.emailConfirmed !== true;
    if (!pending && (await findAccountIdByEmail(trx, a.email)))
      abort('email_taken', 'an account with this e-mail exists', 'email');
    const id = await insertAccount(trx, {
      usertag: a.usertag,
      email: pending ? unconfirmedPlaceholder(a.usertag) : a.email,
      pending_email: pending ? a.email : null,
      full_name: input.fullName ?? '',
      phone: input.phone ?? '',
      country: input.country ?? '',
      password_hash: null,
      webhook_secret: webhookSecret,
      created_at_ms: nowMs,
      email_confirmed_at_ms: input.emailConfirmed === true ? nowMs : null,
      role: input.operatorGrantedBy === undefined ? 'holder' : 'operator',
    });
    if (input.operatorGrantedBy !== undefined) {
      await recordOperatorAction(
        trx,
        { accountId: null, name: input.operatorGrantedBy },
        { action: 'operator_create', targetAccountId: id, target: a.usertag, detail: {} },
        nowMs,
      );
    }
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
      usertag: a.usertag,
      email: a.email,
      invoiceKey: keys.invoice,
      adminKey: keys.admin,
      webhookSecret,
    };
  });
}
