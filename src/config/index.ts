// The public entry of the configuration. A variable is declared in the section file it belongs to
// (http, db, lightning, payments, vouchers, rate-limit, mail, webhooks, outbox, prices); see the
// Configuration part of docs/architecture.md.
export { describeConfig } from './describe.ts';
export { type Config, ConfigError, type Env, loadConfig } from './load.ts';
export { SECRET_VARIABLES } from './secrets.ts';
