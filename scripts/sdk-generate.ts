// `npm run sdk:generate`: builds the app on a throwaway SQLite database, reads /openapi.json through
// app.inject and writes packages/client/src/schema.d.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config/index.ts';
import { buildApp } from '../src/http/app.ts';
import { openRuntime } from '../src/main.ts';
import { SCHEMA_FILE, schemaTypes } from './sdk-schema.ts';

const silentLog = { info() {}, warn() {}, error() {}, debug() {} };
const dir = mkdtempSync(join(tmpdir(), 'paytag-sdk-'));
try {
  const config = loadConfig({
    DATABASE_URL: `sqlite:${join(dir, 'paytag.sqlite')}`,
    PUBLIC_URL: 'http://paytag.test',
    LOG_LEVEL: 'silent',
  });
  const rt = await openRuntime(config, silentLog, { hooks: [] });
  const app = await buildApp(rt.deps);
  try {
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`/openapi.json answered ${res.statusCode}`);
    writeFileSync(SCHEMA_FILE, await schemaTypes(res.json()));
    console.log(`wrote ${SCHEMA_FILE}`);
  } finally {
    await app.close();
    await rt.close();
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
