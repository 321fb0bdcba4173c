import { findAccountById } from '../../db/repos/accounts.ts';
import type { AppDeps } from '../deps.ts';
import type { OperatorActor } from './actions.ts';

/**
 * The operator an account acts as in the console, or null when it is not an operator or is disabled.
 * Read on every request: a disabled operator loses the console at once.
 */
export async function operatorActorOf(deps: AppDeps, accountId: bigint): Promise<OperatorActor | null> {
  const a = await findAccountById(deps.db.read, accountId);
  if (a === undefined || a.role !== 'operator' || a.disabled_at_ms !== null) return null;
  return { accountId: a.id, name: `operator:@${a.usertag}` };
}
