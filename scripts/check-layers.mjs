#!/usr/bin/env node
// Dependencies point inward. Fails when a module imports a layer it must not know about.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = resolve(import.meta.dirname, '..', 'src');

/** layer → layers it may import (besides itself). */
const ALLOWED = {
  domain: [],
  config: ['domain/payments/vocabulary'],
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
// Payments speak one vocabulary (docs/architecture.md, "Payments"): an asset's scale is looked up in
// src/domain/ (domain/money.ts ASSETS, domain/payments/amounts.ts), never written as a literal; the
// payment words (wallet, rail, chain network, route, purpose, direction, status) are defined only in
// src/domain/payments/vocabulary.ts, so a new network or asset is added there. Migrations are frozen
// and spell their CHECK lists out, so they are left alone.
{
  const SCALE_LITERAL = /, (11, 8|6, 6)\)|'btc' \? 11/;
  const VOCABULARY = [
    [/'lbtc' \| 'btc' \| 'usdt'|\['lbtc', 'btc', 'usdt'\]/, 'the wallets'],
    [/'btc' \| 'usdt'/, 'the chain assets'],
    [/'ERC20' \| 'BEP20'|'ERC20', 'BEP20'/, 'the chain networks'],
    [/'lightning' \| 'onchain'|\['lightning', 'onchain'\]/, 'the rails'],
    [/'internal' \| 'lightning'/, 'the routes'],
    [/'send' \| 'receive' \| 'voucher_claim'/, 'the purposes'],
    [/'in' \| 'out'/, 'the directions'],
    [/'undefined' \| 'pending'|\['undefined', 'pending', 'declined', 'paid'\]/, 'the payment statuses'],
    [
      /\btype (PaymentWallet|PaymentMode|ChainNetworkName|EvmNetworkName|ChainNetwork|EvmNetwork|ChainAsset|Wallet|Rail|Route|PaymentPurpose|PaymentDirection|PaymentStatus)\b\s*=/,
      'a payment word',
    ],
  ];
  const vocabularyProblems = [];
  for (const file of files(SRC)) {
    const rel = relative(SRC, file);
    if (rel.startsWith('db/migrations/')) continue;
    const lines = readFileSync(file, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (!rel.startsWith('domain/') && SCALE_LITERAL.test(line)) {
        vocabularyProblems.push(
          `${rel}:${i + 1}: an asset scale as a literal (use domain/payments/amounts.ts)`,
        );
      }
      if (rel === 'domain/payments/vocabulary.ts') return;
      for (const [re, what] of VOCABULARY) {
        if (re.test(line)) {
          vocabularyProblems.push(
            `${rel}:${i + 1}: ${what} spelled out (import domain/payments/vocabulary.ts)`,
          );
        }
      }
    });
  }
  problems.push(...vocabularyProblems);
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

// ---- http: one folder per API family, a shared wire room, one web room with its kit -------------------
// An API family (http/<family>/) imports no other family; wire/ and web/kit/ import no family and no
// page folder; a page folder (web/<room>/) imports no API family and no other page folder. Sessions are checked by one hook
// (web/kit/session.ts guardSessions), never by a call at the top of a handler.
{
  const HTTP = join(SRC, 'http');
  const FAMILIES = [
    'lapi',
    'sapi',
    'tapi',
    'trade',
    'api',
    'lnbits',
    'sandbox',
    'lnurl',
    'metrics',
    'system',
    'lndhub',
  ];
  const roomOf = (rel) => {
    const [first, second] = rel.split('/');
    if (first === 'web') return second === 'kit' ? 'web/kit' : `web/${second}`;
    if (first === 'wire') return 'wire';
    return FAMILIES.includes(first) ? first : null;
  };
  const httpProblems = [];
  for (const file of files(HTTP)) {
    const rel = relative(HTTP, file);
    const room = roomOf(rel);
    const text = readFileSync(file, 'utf8');
    if (text.includes('requireSession(') && rel !== 'web/kit/session.ts')
      httpProblems.push(`http/${rel}: calls requireSession( by hand (register guardSessions on the scope)`);
    if (room === null) continue;
    for (const m of text.matchAll(/(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/g)) {
      const target = relative(HTTP, resolve(dirname(file), m[1]));
      if (target.startsWith('..')) continue;
      const to = roomOf(target);
      if (to === null || to === room) continue;
      const toFamily = FAMILIES.includes(to);
      const toPage = to.startsWith('web/') && to !== 'web/kit';
      let why = null;
      if (FAMILIES.includes(room) && toFamily)
        why = 'an API family imports no other family (shared code goes to wire/)';
      else if ((room === 'wire' || room === 'web/kit') && (toFamily || toPage))
        why = `${room}/ imports no API family and no page folder`;
      else if (room.startsWith('web/') && room !== 'web/kit' && toFamily)
        why = 'a page imports no API family (decode through wire/)';
      else if (room.startsWith('web/') && toPage)
        why = 'a page folder imports no other page folder (shared page code goes to web/kit/)';
      if (why !== null) httpProblems.push(`http/${rel}: imports http/${target} (${why})`);
    }
  }
  if (httpProblems.length > 0) {
    console.error(`http room rule violations:\n${httpProblems.map((p) => `  ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('http rooms OK');
}
