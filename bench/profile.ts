import { readFileSync } from 'node:fs';

/**
 * Where the server's CPU went while one bench row was measured: reads a `.cpuprofile` of the server
 * (`BENCH_ONLY=<row> BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=<dir>" npm run bench`), keeps the samples
 * of its last `seconds` (the measured row runs last, for its whole duration), and sorts each sample into
 * the first kind of work found on its stack, leaf first. Prints each kind's share of the busy time.
 *
 *   node --import tsx bench/profile.ts <file.cpuprofile> [seconds=9]
 */

interface CallFrame {
  functionName: string;
  url: string;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

/** Kinds of work, tried in order on each frame from the leaf up; the first that matches takes the sample. */
const KINDS: Array<[string, (f: CallFrame) => boolean]> = [
  ['idle', (f) => f.functionName === '(idle)'],
  ['garbage collection', (f) => f.functionName === '(garbage collector)'],
  // better-sqlite3 runs statements in native code, which the profile charges to the calling function.
  ['SQLite statements', (f) => /db\/sqlite\/connection|better-sqlite3|sqlite-driver/.test(f.url)],
  ['SQLite commit (BEGIN, COMMIT, WAL writes)', (f) => /db\/sqlite\/group-commit/.test(f.url)],
  ['socket writes', (f) => /^(writev|writevGeneric|writeString|writeBuffer)$/.test(f.functionName)],
  ['invoice signing (secp256k1)', (f) => /secp256k1|ecdsaSign/.test(`${f.url} ${f.functionName}`)],
  ['request log line', (f) => /\/pino\/|@pinojs|sonic-boom/.test(f.url) || f.functionName === 'redactUrl'],
  ['hashing (keys, ids)', (f) => f.functionName === 'Hash' || f.functionName === 'digest'],
  ['random bytes', (f) => /randomFillSync|randomBytes|randomInt/.test(f.functionName)],
  [
    'response serialisation',
    (f) => /fast-json-stringify/.test(f.url) || /^anonymous\d+$/.test(f.functionName),
  ],
  ['Fastify and Node HTTP', (f) => /fastify|find-my-way|avvio|node:_http|node:net|node:events/.test(f.url)],
  ['Kysely', (f) => /kysely/.test(f.url)],
  ['application code', (f) => /\/(src|dist)\//.test(f.url)],
];

function main(): void {
  const [file, secondsArg] = process.argv.slice(2);
  if (file === undefined) {
    console.error('usage: node --import tsx bench/profile.ts <file.cpuprofile> [seconds=9]');
    process.exit(2);
  }
  const p = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const windowUs = Number(secondsArg ?? 9) * 1e6;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

  const kindOf = new Map<number, string>();
  const classify = (leaf: number): string => {
    const known = kindOf.get(leaf);
    if (known !== undefined) return known;
    let kind = 'other (V8, Node internals)';
    search: for (let id: number | undefined = leaf; id !== undefined; id = parent.get(id)) {
      const frame = byId.get(id)?.callFrame;
      if (frame === undefined) break;
      for (const [name, test] of KINDS) {
        if (test(frame)) {
          kind = name;
          break search;
        }
      }
    }
    kindOf.set(leaf, kind);
    return kind;
  };

  const totals = new Map<string, number>();
  let t = p.startTime;
  const from = p.endTime - windowUs;
  for (let i = 0; i < p.samples.length; i++) {
    const dt = p.timeDeltas[i] ?? 0;
    t += dt;
    if (t < from) continue;
    const kind = classify(p.samples[i] ?? 0);
    totals.set(kind, (totals.get(kind) ?? 0) + dt);
  }
  const idle = totals.get('idle') ?? 0;
  const all = [...totals.values()].reduce((a, b) => a + b, 0);
  const busy = all - idle;
  console.log(
    `last ${windowUs / 1e6} s: busy ${(busy / 1000).toFixed(0)} ms, idle ${((idle / all) * 100).toFixed(1)} %`,
  );
  for (const [kind, us] of [...totals].filter(([k]) => k !== 'idle').sort((a, b) => b[1] - a[1])) {
    console.log(`${((us / busy) * 100).toFixed(1).padStart(6)} %  ${kind}`);
  }
}

main();
