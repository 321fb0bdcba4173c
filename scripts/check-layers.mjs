#!/usr/bin/env node
// Dependencies point inward. Fails when a module imports a layer it must not know about.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = resolve(import.meta.dirname, '..', 'src');

/** layer → layers it may import (besides itself). */
const ALLOWED = {
  domain: [],
  config: [],
  db: ['domain'],
  app: ['domain', 'db', 'config'],
  adapters: ['domain', 'app/ports', 'config'],
  http: ['app', 'domain', 'config'],
  jobs: ['app', 'domain', 'config'],
  cli: ['app', 'domain', 'config', 'main'],
};

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) yield* files(p);
    else if (p.endsWith('.ts')) yield p;
  }
}

const layerOf = (rel) => (rel === 'main.ts' ? 'main' : rel.split('/')[0]);
const problems = [];
for (const file of files(SRC)) {
  const rel = relative(SRC, file);
  const layer = layerOf(rel);
  if (layer === 'main') continue;
  const allowed = ALLOWED[layer];
  if (allowed === undefined) {
    problems.push(`${rel}: folder "${layer}" has no layer rule in scripts/check-layers.mjs`);
    continue;
  }
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
    const target = relative(SRC, resolve(dirname(file), m[1]));
    if (target.startsWith('..')) continue;
    const targetLayer = layerOf(target);
    if (targetLayer === layer) continue;
    const ok = allowed.some((a) => target === `${a}.ts` || target.startsWith(`${a}/`) || targetLayer === a);
    if (!ok)
      problems.push(`${rel}: imports ${target} (${layer} may import only ${allowed.join(', ') || 'itself'})`);
  }
}
// The middle floor: every query lives in db/repos, and the database dialect stays inside db/. No Kysely
// query builder or `sql` tag in app/ (a new query is a function of the table's repository), and no
// `.dialect` read there (repositories read it from their executor, db/dialect.ts). The CLI reaching
// db/ at all is refused by its layer rule above (it calls use cases, or main.ts to open the runtime).
{
  const RULES = [
    [
      /\.(selectFrom|updateTable|insertInto|deleteFrom)\(|\bsql`/,
      'runs a query (a query is a function of db/repos)',
    ],
    [/\.dialect\b/, 'reads the database dialect (it stays inside db/: db/dialect.ts)'],
  ];
  for (const file of files(join(SRC, 'app'))) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        for (const [re, what] of RULES)
          if (re.test(line)) problems.push(`${relative(SRC, file)}:${i + 1}: ${what}`);
      });
  }
}
if (problems.length > 0) {
  console.error(`layer rule violations:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('layers OK');
