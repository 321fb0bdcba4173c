import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { PGBOUNCER_BIN, startPgbouncer } from '../test/fixtures/pgbouncer.ts';
import { startThrowawayPostgres, type ThrowawayPostgres } from '../test/fixtures/postgres.ts';
import { type BenchRow, cpuMs } from './report.ts';
import { type BenchAccount, type BenchContext, SCENARIOS } from './scenarios.ts';

// The PostgreSQL mode of the bench: the same scenarios against one and against two instances of the
// real server sharing one database (BENCH_DATABASE_URL, or a throwaway cluster started from the
// machine's PostgreSQL packages with production durability: fsync, synchronous_commit and
// full_page_writes on). With two instances, the connections are split evenly between them and the
// rates added up. Rows that seed SQLite directly (history) are left out. Then, on a throwaway cluster
// with Debian's PgBouncer installed (BENCH_PGBOUNCER=off skips it), the sends among four accounts again
// through PgBouncer in transaction pooling mode (POSTGRES_PREPARED_STATEMENTS=false, docs/postgres.md).

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin', 'paytag');

export interface PgBenchInstances {
  instances: number;
  /** How the instances reach the database when not directly (e.g. `PgBouncer, transaction pooling`). */
  via?: string;
  rows: BenchRow[];
}

export interface PgBenchResult {
  /** `throwaway PostgreSQL <version>` or `BENCH_DATABASE_URL`. */
  database: string;
  poolSize: number;
  runs: PgBenchInstances[];
  /** The statements that took the most time over the whole run (pg_stat_statements), when available. */
  topStatements: Array<{ query: string; calls: number; meanMs: number; totalMs: number }>;
}

/** A row of the PostgreSQL table that the SQLite table does not have. */
const SEND_RING = 'POST /lapi/v1/send (usertag, 4 accounts)';
const SEND_RING_FEES = 'POST /lapi/v1/send (usertag, 4 accounts, 1% fee + 18% GST)';

interface Instance {
  child: ChildProcess;
  url: string;
}

function startInstance(env: NodeJS.ProcessEnv): Promise<Instance> {
  const nodeArgs = (process.env['BENCH_NODE_ARGS'] ?? '').split(' ').filter((a) => a !== '');
  const child = spawn(process.execPath, [...nodeArgs, BIN, 'serve'], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let buf = '';
    let ready = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (ready) return;
      buf += chunk.toString();
      const line = buf.split('\n').find((l) => l.includes('"paytag ready"'));
      if (line) {
        ready = true;
        buf = '';
        resolve({ child, url: JSON.parse(line).url });
      }
    });
    child.once('exit', (code) => {
      if (!ready) reject(new Error(`server exited with ${code}`));
    });
  });
}

async function stopInstance(i: Instance): Promise<void> {
  if (i.child.exitCode !== null) return;
  const exited = new Promise((r) => i.child.once('exit', r));
  i.child.kill('SIGTERM');
  await exited;
}

/**
 * CPU used so far by a PostgreSQL server: the postmaster, its live backends, and the backends that
 * exited (their time is folded into the postmaster's cutime/cstime once reaped).
 */
function postgresCpuMs(postmasterPid: number): number {
  const stat = readFileSync(`/proc/${postmasterPid}/stat`, 'utf8');
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const reaped = ((Number(rest[13]) + Number(rest[14])) * 1000) / 100;
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${postmasterPid}/task/${postmasterPid}/children`, 'utf8')
      .trim()
      .split(' ')
      .filter((x) => x !== '')
      .map(Number);
  } catch {
    // not readable: only the postmaster's own time is counted
  }
  let sum = cpuMs(postmasterPid) + reaped;
  for (const c of children) {
    try {
      sum += cpuMs(c);
    } catch {
      // exited between the listing and the read
    }
  }
  return sum;
}

interface Load {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  body?: string;
  /** Per connection: its own headers and body (several payers). */
  perConnection?: (n: number) => { headers: Record<string, string>; body: string };
}

/** Loads every instance at once (the connections split between them); rates add up, p99 is the worst. */
async function load(
  instances: Instance[],
  l: Load,
  connections: number,
  durationS: number,
): Promise<{ rps: number; p50: number; p99: number; errors: number; total: number }> {
  const per = Math.max(1, Math.floor(connections / instances.length));
  const results = await Promise.all(
    instances.map((inst, k) => {
      let n = k * per;
      return autocannon({
        url: `${inst.url}${l.path}`,
        method: l.method,
        headers: { ...(l.body ? { 'content-type': 'application/json' } : {}), ...l.headers },
        ...(l.body ? { body: l.body } : {}),
        connections: per,
        duration: durationS,
        ...(l.perConnection
          ? {
              setupClient: (client: { setHeadersAndBody(h: Record<string, string>, b: string): void }) => {
                const c = l.perConnection?.(n++);
                if (c) client.setHeadersAndBody({ 'content-type': 'application/json', ...c.headers }, c.body);
              },
            }
          : {}),
      });
    }),
  );
  const total = results.reduce((s, r) => s + r.requests.total, 0);
  return {
    rps: results.reduce((s, r) => s + r.requests.average, 0),
    p50: results.reduce((s, r) => s + r.latency.p50 * r.requests.total, 0) / Math.max(1, total),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((s, r) => s + r.errors + r.timeouts + r.non2xx, 0),
    total,
  };
}

async function openCluster(): Promise<{ url: string; name: string; cluster: ThrowawayPostgres | null }> {
  const given = process.env['BENCH_DATABASE_URL'];
  if (given) return { url: given, name: 'BENCH_DATABASE_URL', cluster: null };
  const cluster = await startThrowawayPostgres({
    durable: true,
    settings: ['shared_preload_libraries=pg_stat_statements'],
  });
  if (cluster === null) throw new Error('no PostgreSQL packages on this machine: set BENCH_DATABASE_URL');
  const admin = new pg.Client({ connectionString: cluster.adminUrl });
  await admin.connect();
  await admin.query('CREATE DATABASE paytag_bench');
  const version = (await admin.query('SHOW server_version')).rows[0]?.server_version ?? '';
  await admin.end();
  return {
    url: cluster.adminUrl.replace(/\/postgres$/, '/paytag_bench'),
    name: `throwaway PostgreSQL ${String(version).split(' ')[0]}`,
    cluster,
  };
}

export async function benchPostgres(opts: {
  connections: number;
  durationS: number;
  only?: string | undefined;
}): Promise<PgBenchResult> {
  const { url, name, cluster } = await openCluster();
  const postmaster = cluster
    ? Number(readFileSync(join(cluster.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0])
    : 0;
  const poolSize = Number(process.env['POSTGRES_POOL_SIZE'] ?? 10);
  const baseEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: url,
    PORT: '0',
    RATE_LIMIT_ENABLED: 'false',
    LOG_LEVEL: process.env['LOG_LEVEL'] ?? 'info',
  };
  const cli = (...args: string[]): string => {
    const r = spawnSync(process.execPath, [BIN, ...args], { env: baseEnv, encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`paytag ${args.join(' ')} failed: ${r.stderr}`);
    return r.stdout;
  };
  const account = (tag: string): BenchAccount =>
    JSON.parse(cli('account', 'create', '--usertag', tag, '--email', `${tag}@bench.local`, '--json'));
  const fund = (tag: string) =>
    cli('sandbox', 'fund', '--usertag', tag, '--asset', 'lbtc', '--amount', '1000');

  try {
    // The first instance creates the schema; the accounts are made once it is up.
    const first = await startInstance(baseEnv);
    const payer = account('bench_payer');
    const payee = account('bench_payee');
    fund('bench_payer');
    const ring = [0, 1, 2, 3].map((i) => account(`bench_ring${i}`));
    for (const a of ring) fund(a.usertag);
    await stopInstance(first);

    // Each connection n sends from ring account n mod 4 to the next one: four payers, four payees.
    const ringSend = (amount: string) => (n: number) => {
      const from = ring[n % ring.length] as BenchAccount;
      const to = ring[(n + 1) % ring.length] as BenchAccount;
      return {
        headers: { 'x-api-key': from.admin_key },
        body: JSON.stringify({ payment_mode: 'usertag', usertag: to.usertag, amount }),
      };
    };
    const wanted = (n: string) => !opts.only || n.includes(opts.only) || n.startsWith('ceiling');

    const runs: PgBenchInstances[] = [];
    const runInstances = async (
      count: number,
      env: NodeJS.ProcessEnv,
      scenarios: boolean,
      via?: string,
    ): Promise<void> => {
      const rows: BenchRow[] = [];
      const measure = async (instances: Instance[], rowName: string, l: Load, target?: number) => {
        const pids = instances.map((i) => i.child.pid ?? 0);
        await load(instances, l, opts.connections, 2); // warm-up: JIT, statement cache, pool
        const cpu0 = pids.reduce((s, p) => s + cpuMs(p), 0);
        const db0 = postmaster ? postgresCpuMs(postmaster) : 0;
        const r = await load(instances, l, opts.connections, opts.durationS);
        const cpu = pids.reduce((s, p) => s + cpuMs(p), 0) - cpu0;
        const db = postmaster ? postgresCpuMs(postmaster) - db0 : 0;
        rows.push({
          name: rowName,
          rps: r.rps,
          p50: r.p50,
          p99: r.p99,
          errors: r.errors,
          cpuMsPerReq: r.total > 0 ? cpu / r.total : 0,
          ...(postmaster && r.total > 0 ? { dbCpuMsPerReq: db / r.total } : {}),
          ...(target !== undefined ? { target } : {}),
        });
      };

      const instances = await Promise.all(Array.from({ length: count }, () => startInstance(env)));
      const ctx: BenchContext = {
        baseUrl: instances[0]?.url ?? '',
        payer,
        payee,
        databasePath: '',
        createAccount: account,
      };
      for (const s of SCENARIOS) {
        if (s.name.startsWith('GET /lapi/v1/history')) continue;
        if (scenarios && wanted(s.name)) await measure(instances, s.name, await s.request(ctx), s.target);
        if (s.name.startsWith('POST /lapi/v1/send') && wanted(SEND_RING)) {
          await measure(instances, SEND_RING, {
            method: 'POST',
            path: '/lapi/v1/send',
            perConnection: ringSend('0.00000001'),
          });
        }
      }
      await Promise.all(instances.map(stopInstance));

      if (wanted(SEND_RING_FEES)) {
        // Fees are configuration: the same instances, restarted with a 1% send fee and 18% GST. The
        // amount (1,000 sat) is large enough that both fees are whole satoshis.
        const feeEnv = { ...env, SERVICE_FEE_SEND_PERCENT: '1', GST_PERCENT: '18' };
        const withFees = await Promise.all(Array.from({ length: count }, () => startInstance(feeEnv)));
        await measure(withFees, SEND_RING_FEES, {
          method: 'POST',
          path: '/lapi/v1/send',
          perConnection: ringSend('0.00001'),
        });
        await Promise.all(withFees.map(stopInstance));
      }
      runs.push({ instances: count, ...(via ? { via } : {}), rows });
    };

    // BENCH_PG_INSTANCES=2 runs only the two-instance table (a comma-separated list of counts).
    const counts = (process.env['BENCH_PG_INSTANCES'] ?? '1,2').split(',').map(Number);
    for (const count of counts) await runInstances(count, baseEnv, true);

    if (cluster && PGBOUNCER_BIN !== null && process.env['BENCH_PGBOUNCER'] !== 'off') {
      // As many server connections as both instances' pools: the pooler adds a hop, not a bottleneck.
      const bouncer = await startPgbouncer(cluster.adminUrl, { poolSize: 2 * poolSize });
      try {
        const env = { ...baseEnv, DATABASE_URL: bouncer.urlFor(url), POSTGRES_PREPARED_STATEMENTS: 'false' };
        for (const count of counts)
          await runInstances(count, env, false, 'PgBouncer 1.18, transaction pooling');
      } finally {
        bouncer.stop();
      }
    }

    return { database: name, poolSize, runs, topStatements: await topStatements(url) };
  } finally {
    cluster?.stop();
  }
}

async function topStatements(url: string): Promise<PgBenchResult['topStatements']> {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    await c.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const r = await c.query(
      `SELECT query, calls, mean_exec_time, total_exec_time FROM pg_stat_statements
       ORDER BY total_exec_time DESC LIMIT 12`,
    );
    return r.rows.map((x) => ({
      query: String(x.query).replace(/\s+/g, ' ').slice(0, 160),
      calls: Number(x.calls),
      meanMs: Number(x.mean_exec_time),
      totalMs: Number(x.total_exec_time),
    }));
  } catch {
    return []; // the extension is not loaded on that server
  } finally {
    await c.end();
  }
}

/** Prints the PostgreSQL tables (one per instance count) beside the SQLite one. */
export function printPostgres(r: PgBenchResult, sqliteRows: BenchRow[]): void {
  const pad = (s: string, n: number) => s.padEnd(n);
  const num = (n: number, d = 0) => n.toFixed(d).padStart(9);
  const sqlite = new Map(sqliteRows.map((x) => [x.name, x.rps]));
  for (const run of r.runs) {
    console.log(
      `\nPostgreSQL (${r.database}, synchronous_commit=on, pool ${r.poolSize} per instance): ${run.instances} instance${run.instances > 1 ? 's' : ''}${run.via ? `, through ${run.via}` : ''}\n`,
    );
    console.log(
      `${pad('endpoint', 58)}${'req/s'.padStart(9)}${'p50 ms'.padStart(9)}${'p99 ms'.padStart(9)}${'errors'.padStart(9)}${'vs SQLite'.padStart(11)}${'app ms/req'.padStart(12)}${'db ms/req'.padStart(11)}`,
    );
    for (const x of run.rows) {
      const s = sqlite.get(x.name);
      console.log(
        `${pad(x.name, 58)}${num(x.rps)}${num(x.p50, 1)}${num(x.p99, 1)}${num(x.errors)}${(s ? `${((x.rps / s) * 100).toFixed(0)}%` : '').padStart(11)}${x.cpuMsPerReq.toFixed(3).padStart(12)}${(x.dbCpuMsPerReq !== undefined ? x.dbCpuMsPerReq.toFixed(3) : '').padStart(11)}`,
      );
    }
  }
  if (r.topStatements.length > 0) {
    console.log('\nPostgreSQL statements by total time (pg_stat_statements):');
    for (const s of r.topStatements.slice(0, 8)) {
      console.log(
        `${s.totalMs.toFixed(0).padStart(9)} ms ${String(s.calls).padStart(9)} calls ${s.meanMs.toFixed(3).padStart(8)} ms  ${s.query}`,
      );
    }
  }
}

/** Runs the PostgreSQL mode alone (`node --import tsx bench/postgres.ts`). */
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const connections = Number(process.env['BENCH_CONNECTIONS'] ?? 50);
  const durationS = Number(process.env['BENCH_DURATION_S'] ?? 10);
  benchPostgres({ connections, durationS, only: process.env['BENCH_ONLY'] })
    .then((r) => {
      printPostgres(r, []);
      const out = process.env['BENCH_PG_OUT'];
      if (out) writeFileSync(out, `${JSON.stringify(r, null, 2)}\n`);
    })
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
