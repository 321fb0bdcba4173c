import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../../app/deps.ts';
import type { OperatorActor } from '../../../app/operator/actions.ts';
import { operatorActorOf } from '../../../app/operator/operator-account.ts';
import { type SessionUser, signedInUser } from '../kit/session.ts';
import { adminTexts, sendAdminError } from './layout.ts';

export interface OperatorCtx {
  session: SessionUser;
  actor: OperatorActor;
}

const operators = new WeakMap<FastifyRequest, OperatorCtx>();

/**
 * Lets a request of the console through only with a session whose account is an operator and not
 * disabled, read from the database on every request (a role taken away or an account disabled counts
 * at once). It runs after the session guard (no session: sign-in, then back here). Another account's
 * session: 403.
 */
export async function operatorGate(
  deps: AppDeps,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const session = signedInUser(request);
  const actor = await operatorActorOf(deps, session.accountId);
  if (actor === null) {
    await sendAdminError(request, reply, null, 403, adminTexts(request).errors.notOperator);
    return;
  }
  operators.set(request, { session, actor });
}
/** The operator of a request that passed the gate. */
export function operatorOf(request: FastifyRequest): OperatorCtx {
  const o = operators.get(request);
  if (o === undefined) throw new Error('operator console route without its gate');
  return o;
}
