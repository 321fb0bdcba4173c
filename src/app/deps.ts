import type { Config } from '../config/index.ts';
import type { Database } from '../db/database.ts';
import type { Clock, Ids, LightningBackend, Logger } from './ports.ts';

/** Everything a use case may reach. Built once by the composition root (src/main.ts). */
export interface AppDeps {
  config: Config;
  db: Database;
  clock: Clock;
  ids: Ids;
  log: Logger;
  lightning: LightningBackend | null;
}
