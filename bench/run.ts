import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { benchPostgres, printPostgres } from './postgres.ts';
import { type BenchResult, type BenchRow, cpuMs, writeResults } from './report.ts';
import { type BenchAccount, type BenchContext, SCENARIOS } from './scenarios.ts';

// Starts the real server (default configuration: SQLite with synchronous=FULL, sandbox Lightning) on a
// temporary database, loads each scenario with autocannon over 127.0.0.1, and prints one table.
// Rate limits are off for the run (they would cap every row); logs go to /dev/null.

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'paytag');
const DURATION_S = Number(process.env['BENCH_DURATION_S'] ?? 10);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
const ONLY = process.env['BENCH_ONLY'];
/** Where the results go as JSON and as an SVG chart (BENCH_OUT=<dir>; default bench/results.*). */
const OUT_DIR = process.env['BENCH_OUT'] ?? import.meta.dirname;
/** Length of the sustained-write case that watches the WAL (0 skips it). */
const WAL_S = Number(process.env['BENCH_WAL_S'] ?? 60);

const dir = mkdtempSync(join(tmpdir(), 'paytag-bench-'));
const env = {
  ...process.env,
  DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
  DATA_DIR: dir,
  PORT: '0',
  RATE_LIMIT_ENABLED: 'false',
  LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'info',
};

function cli(...args: string[]): string {
  const r = spawnSync(process.execPath, [BIN, ...args], { env, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`paytag ${args.join(' ')} failed: ${r.stderr}`);
  return r.stdout;
}

function startServer(): Promise<{ child: ChildProcess; url: string; readyMs: number }> {
  const t0 = performance.now();
  // BENCH_NODE_ARGS passes flags to the server's node, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = (process.env['BENCH_NODE_ARGS'] ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, [...nodeArgs, BIN, 'serve'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    let ready = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (ready) return; // from here on the log is drained unread
      buf += chunk.toString();
      const line = buf.split('\n').find((l) => l.includes('"paytag ready"'));
      if (line) {
        ready = true;
        buf = '';
        resolve({ child, url: JSON.parse(line).url, readyMs: performance.now() - t0 });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const rssMb = (pid: number): { now: number; peak: number } => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { now: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
};

async function main(): Promise<void> {
  const account = (tag: string): BenchAccount =>
    JSON.parse(cli('account', 'create', '--usertag', tag, '--email', `${tag}@bench.local`, '--json'));
  // The server creates the schema; accounts are made once it is up.
  const { child, url, readyMs } = await startServer();
  const payer = account('bench_payer');
  const payee = account('bench_payee');
  cli('sandbox', 'fund', '--usertag', 'bench_payer', '--asset', 'lbtc', '--amount', '20000000');
  const ctx: BenchContext = {
    baseUrl: url,
    payer,
    payee,
    databasePath: join(dir, 'bench.sqlite'),
    createAccount: account,
  };

  const rows: BenchRow[] = [];
  const pid = child.pid ?? 0;
  for (const s of SCENARIOS) {
    if (ONLY && !ONLY.split('|').some((o) => s.name.includes(o)) && !s.name.startsWith('ceiling')) continue;
    const req = await s.request(ctx);
    const run = (duration: number) =>
      autocannon({
        url: `${url}${req.path}`,
        method: req.method,
        headers: { ...(req.body ? { 'content-type': 'application/json' } : {}), ...req.headers },
        ...(req.body ? { body: req.body } : {}),
        connections: CONNECTIONS,
        duration,
      });
    await run(2); // warm-up: JIT, statement cache
    const cpuBefore = cpuMs(pid);
    const r = await run(DURATION_S);
    const cpu = cpuMs(pid) - cpuBefore;
    rows.push({
      name: s.name,
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors + r.timeouts + r.non2xx,
      cpuMsPerReq: r.requests.total > 0 ? cpu / r.requests.total : 0,
      rssPeakMb: rssMb(pid).peak,
      ...(s.target !== undefined ? { target: s.target } : {}),
    });
  }
  // Sustained writes: usertag sends at full speed for WAL_S seconds while the WAL's size is sampled.
  let wal: BenchResult['wal'] = null;
  if (WAL_S > 0 && (!ONLY || 'wal'.includes(ONLY) || ONLY.includes('wal'))) {
    const walPath = `${ctx.databasePath}-wal`;
    let peak = 0;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, statSync(walPath).size);
      } catch {
        // emptied and not yet written again
      }
    }, 50);
    const r = await autocannon({
      url: `${url}/lapi/v1/send`,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': payer.admin_key },
      body: JSON.stringify({ payment_mode: 'usertag', usertag: payee.usertag, amount: '0.00000001' }),
      connections: CONNECTIONS,
      duration: WAL_S,
    });
    clearInterval(sampler);
    wal = {
      seconds: WAL_S,
      rps: r.requests.average,
      p99: r.latency.p99,
      errors: r.errors + r.timeouts + r.non2xx,
      peakMb: peak / 1024 / 1024,
    };
  }
  const mem = rssMb(child.pid ?? 0);
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
  rmSync(dir, { recursive: true, force: true });

  const ceiling = rows[0]?.rps ?? 1;
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (n: number, d = 0) => n.toFixed(d).padStart(9);
  console.log(
    `\npaytag bench: ${CONNECTIONS} connections, ${DURATION_S} s per row, SQLite synchronous=FULL, Node ${process.version}\n`,
  );
  console.log(
    `${pad('endpoint', 44)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(9)}${'ratio'.padStart(9)}${'target'.padStart(9)}${'CPU ms/req'.padStart(12)}${'RSS peak MB'.padStart(13)}`,
  );
  for (const r of rows) {
    const ratio = r.rps / ceiling;
    console.log(
      `${pad(r.name, 44)}${num(r.rps)}${num(r.p50, 1)}${num(r.p99, 1)}${num(r.errors)}${`${(ratio * 100).toFixed(0)}%`.padStart(9)}${(r.target !== undefined ? `≥${(r.target * 100).toFixed(0)}%` : '').padStart(9)}${r.cpuMsPerReq.toFixed(3).padStart(12)}${(r.rssPeakMb ?? 0).toFixed(0).padStart(13)}`,
    );
  }
  if (wal !== null) {
    console.log(
      `\nsustained sends for ${wal.seconds} s: ${wal.rps.toFixed(0)} req/s, p99 ${wal.p99.toFixed(1)} ms, ${wal.errors} errors; WAL peak ${wal.peakMb.toFixed(1)} MB (target < 64 MB)`,
    );
  }
  console.log(
    `\nready: ${readyMs.toFixed(0)} ms (spawn to listening)   RSS now ${mem.now.toFixed(0)} MB, peak ${mem.peak.toFixed(0)} MB`,
  );
  // The PostgreSQL mode (BENCH_POSTGRES=off skips it): the same rows on one and on two instances.
  const postgres =
    process.env['BENCH_POSTGRES'] === 'off'
      ? undefined
      : await benchPostgres({ connections: CONNECTIONS, durationS: DURATION_S, only: ONLY });
  if (postgres !== undefined) printPostgres(postgres, rows);
  const result: BenchResult = {
    measuredAt: new Date().toISOString(),
    node: process.version,
    connections: CONNECTIONS,
    durationS: DURATION_S,
    rows,
    wal,
    readyMs,
    rssPeakMb: mem.peak,
    ...(postgres !== undefined ? { postgres } : {}),
  };
  const json = join(OUT_DIR, 'results.json');
  const svg = join(OUT_DIR, 'results.svg');
  writeResults(result, json, svg);
  console.log(`results: ${json}, chart: ${svg}`);
}

main().catch((e: unknown) => {
  console.error(e);
  rmSync(dir, { recursive: true, force: true });
  process.exit(1);
});
