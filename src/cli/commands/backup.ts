import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { writeBackup } from '../../app/system/backup.ts';
import { loadConfig } from '../../config/index.ts';
import { hotSeedPath, openDatabaseOnly } from '../../main.ts';
import { type Command, json, opts, print, UsageError } from '../command.ts';

export const backup: Command = {
  name: 'backup',
  help: `Usage: paytag backup FILE [--json]

Writes a consistent copy of the configured database (DATABASE_URL) to FILE, which must not exist,
while the service keeps serving: the copy holds exactly the commits made before it began.

SQLite: FILE is a complete database file. To restore, stop the service, move the old database file and
its -wal and -shm files away, put FILE in its place, and start the service.

PostgreSQL: FILE is a pg_dump custom-format archive (pg_dump of the server's major version must be on
PATH). To restore into a new, empty database: createdb NEW; pg_restore --no-owner --dbname=NEW FILE;
then point DATABASE_URL at it.

The hot seed: when DATA_DIR/chain-seed.txt exists (on-chain keys without BTC_XPUB and EVM_XPUB), it is
copied to FILE.chain-seed.txt, owner-only. It spends every on-chain deposit: keep that copy as secret
as the wallet, apart from the database copy if you can. To restore it, put it back as
DATA_DIR/chain-seed.txt (mode 600) before starting the service.

After a restore, run \`paytag audit\`. See docs/operations.md.`,
  async run(args) {
    const { values, positionals } = opts(args, {});
    const [file] = positionals;
    if (file === undefined || positionals.length !== 1) throw new UsageError('give the backup FILE');
    const config = loadConfig();
    const seed = hotSeedPath(config);
    const seedCopy = existsSync(seed) ? `${resolve(file)}.chain-seed.txt` : null;
    // Refused before any copy is made, rather than leaving a database copy without its seed.
    if (seedCopy !== null && existsSync(seedCopy)) {
      throw new Error(`${seedCopy} exists: a backup never overwrites a file`);
    }
    const db = openDatabaseOnly(config);
    const started = performance.now();
    try {
      const { bytes } = await writeBackup(
        db,
        config.databaseUrl,
        resolve(file),
        seedCopy === null ? null : { from: seed, to: seedCopy },
      );
      const ms = Math.round(performance.now() - started);
      if (values['json']) json({ file: resolve(file), bytes, ms, hot_seed_file: seedCopy });
      else {
        print(`backup written to ${resolve(file)} (${bytes} bytes in ${ms} ms)`);
        if (seedCopy !== null) print(`hot seed file copied to ${seedCopy} (owner-only: keep it secret)`);
      }
      return 0;
    } finally {
      await db.close();
    }
  },
};
