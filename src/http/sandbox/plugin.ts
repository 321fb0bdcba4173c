import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app/deps.ts';
import { applyFamily } from '../family.ts';
import { mailboxRoutes } from './mailbox.ts';
import { sandboxPayRoutes } from './pay.ts';

/**
 * /sandbox/v1: tools that stand in for the outside world while the Lightning backend is the sandbox
 * (paying an invoice "from outside", reading the dev mailbox). With any other backend every path here
 * answers 404. No key: these stand for people outside the service.
 */
export async function sandboxFamily(scope: FastifyInstance, { deps }: { deps: AppDeps }): Promise<void> {
  applyFamily(scope, { deps, shape: 'envelope' });
  if (deps.config.lightning.backend !== 'sandbox') return;
  // Route modules of src/http/sandbox/ are registered here.
  mailboxRoutes(scope, deps);
  sandboxPayRoutes(scope, deps);
}
