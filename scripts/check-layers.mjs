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
  cli: ['app', 'domain', 'db', 'config', 'main'],
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
// Use cases take typed commands and write through one function (docs/architecture.md, "The middle
// floor"): no exported function of src/app takes an `unknown` parameter (the edge decodes), and no
// write unit of src/app opens `db.write(` itself but through app/write.ts (runWrite / runPlainWrite).
{
  const APP = join(SRC, 'app');
  for (const file of files(APP)) {
    const rel = relative(SRC, file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/^export (?:async )?function (\w+)(?:<[^>]*>)?\(([^)]*)\)/gm)) {
      if (/:\s*unknown\b/.test(m[2]))
        problems.push(`${rel}: ${m[1]} takes an unknown parameter (decode it at the edge)`);
    }
    if (rel !== 'app/write.ts') {
      const line = text.split('\n').findIndex((l) => /\bdb\.write\(/.test(l));
      if (line >= 0)
        problems.push(`${rel}:${line + 1}: db.write( outside app/write.ts (use runWrite or runPlainWrite)`);
    }
  }
}
if (problems.length > 0) {
  console.error(`layer rule violations:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('layers OK');
