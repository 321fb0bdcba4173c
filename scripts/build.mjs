#!/usr/bin/env node
// `npm run build`: dist/ from nothing. The TypeScript sources are compiled (tsconfig.build.json); every
// other file under src/ is an asset and is copied byte for byte: the pages' browser scripts (served to
// browsers as written, loaded as classic scripts or modules, so a compiler must not add `export {}` to
// them), the SQLite checkpoint thread's plain JavaScript. The asset modules read them beside themselves
// (new URL('./x.js', import.meta.url)), in src/ under tsx and in dist/ alike.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'src');
const dist = join(root, 'dist');

// Nothing of an earlier build (a file since removed or renamed, an old compiled asset) stays behind.
rmSync(dist, { recursive: true, force: true });

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

function* assets(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* assets(path);
    else if (!entry.name.endsWith('.ts')) yield path;
  }
}

let copied = 0;
for (const from of assets(src)) {
  const to = join(dist, relative(src, from));
  if (existsSync(to)) {
    console.error(`build: ${relative(root, from)} would replace the compiled ${relative(root, to)}`);
    process.exit(1);
  }
  mkdirSync(dirname(to), { recursive: true });
  copyFileSync(from, to);
  copied += 1;
}
console.log(`dist/: compiled, ${copied} asset file(s) copied as written`);

// @paytag/client (packages/client): JavaScript and declarations in its own dist/, so it installs and runs
// without TypeScript. Its generated types are a declaration file already and are copied beside them.
const client = join(root, 'packages', 'client');
rmSync(join(client, 'dist'), { recursive: true, force: true });
const clientBuilt = spawnSync(process.execPath, [tsc, '-p', join(client, 'tsconfig.build.json')], {
  stdio: 'inherit',
});
if (clientBuilt.status !== 0) process.exit(clientBuilt.status ?? 1);
copyFileSync(join(client, 'src', 'schema.d.ts'), join(client, 'dist', 'schema.d.ts'));
console.log('packages/client/dist/: compiled');
