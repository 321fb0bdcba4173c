import { readFileSync, writeFileSync } from 'node:fs';
import type { PgBenchResult } from './postgres.ts';

/** One measured row of the bench. */
export interface BenchRow {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Server CPU (user + system) per request, in milliseconds. */
  cpuMsPerReq: number;
  /** Database server CPU per request, in milliseconds (PostgreSQL rows, throwaway cluster only). */
  dbCpuMsPerReq?: number;
  /** The server's peak RSS (VmHWM) once the row has run, in MB: the row that raised it shows. */
  rssPeakMb?: number;
  target?: number;
}

export interface BenchResult {
  measuredAt: string;
  node: string;
  connections: number;
  durationS: number;
  rows: BenchRow[];
  wal: { seconds: number; rps: number; p99: number; errors: number; peakMb: number } | null;
  readyMs: number;
  rssPeakMb: number;
  /** The PostgreSQL mode: the same rows for one and for two instances (absent when it did not run). */
  postgres?: PgBenchResult;
}

const CLOCK_TICKS_PER_S = 100; // USER_HZ on Linux

/** CPU time the process used so far (user + system), in milliseconds, from /proc/<pid>/stat. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which is in parentheses and may hold spaces): utime is the 14th
  // field of the line, stime the 15th.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(rest[11]) + Number(rest[12])) * 1000) / CLOCK_TICKS_PER_S;
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The result as an SVG chart: per endpoint, its throughput as a share of the bare route (bar, with the
 * target as a tick), and its p50 and p99 latency (bars on their own scale).
 */
export function chartSvg(r: BenchResult): string {
  const ceiling = r.rows[0]?.rps ?? 1;
  // The PostgreSQL tables follow the SQLite one, each row's share taken against its own table's bare route;
  // a run through PgBouncer has no bare row of its own and is taken against the direct run's.
  const runs = r.postgres?.runs ?? [];
  const bareOf = (instances: number) =>
    runs.find((x) => x.instances === instances && !x.via)?.rows[0]?.rps ?? 1;
  const sections = [
    { label: '', rows: r.rows, ceiling: ceiling },
    ...runs.map((run) => ({
      label: `PostgreSQL ×${run.instances}${run.via ? ' via PgBouncer' : ''}: `,
      rows: run.rows,
      ceiling: run.via ? bareOf(run.instances) : (run.rows[0]?.rps ?? 1),
    })),
  ];
  const all = sections.flatMap((sec) =>
    sec.rows.map((row) => ({ ...row, name: `${sec.label}${row.name}`, ceiling: sec.ceiling })),
  );
  const rowH = 34;
  const top = 70;
  const labelW = r.postgres ? 470 : 300;
  const shareW = 360;
  const latX = labelW + shareW + 110;
  const latW = 260;
  const maxLat = Math.max(25, ...all.map((x) => x.p99));
  const width = latX + latW + 90;
  const height = top + all.length * rowH + 40;
  const parts: string[] = [];
  parts.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="12">`,
    `<title>paytag bench: throughput per endpoint as a share of the bare route, and p50/p99 latency</title>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="20" font-size="15" font-weight="bold">paytag bench: ${r.connections} connections, ${r.durationS} s per row, SQLite synchronous=FULL, Node ${xml(r.node)}</text>`,
    `<text x="10" y="38" fill="#555">measured ${xml(r.measuredAt)}; bare route ${Math.round(ceiling)} req/s; ready ${Math.round(r.readyMs)} ms; RSS peak ${Math.round(r.rssPeakMb)} MB${r.wal ? `; WAL peak ${r.wal.peakMb.toFixed(1)} MB over ${r.wal.seconds} s of sends` : ''}</text>`,
    `<text x="${labelW}" y="${top - 10}" font-weight="bold">throughput, share of the bare route (tick: target)</text>`,
    `<text x="${latX}" y="${top - 10}" font-weight="bold">latency: p50 (dark), p99 (light); line: 25 ms</text>`,
  );
  all.forEach((row, i) => {
    const y = top + i * rowH;
    const share = row.rps / row.ceiling;
    const met = row.target === undefined || share >= row.target;
    parts.push(
      `<text x="10" y="${y + 17}">${xml(row.name)}</text>`,
      `<rect x="${labelW}" y="${y + 4}" width="${shareW}" height="18" fill="#eee"/>`,
      `<rect x="${labelW}" y="${y + 4}" width="${Math.min(1, share) * shareW}" height="18" fill="${met ? '#3a7' : '#d64'}"/>`,
      `<text x="${labelW + shareW + 6}" y="${y + 17}">${(share * 100).toFixed(0)}% · ${Math.round(row.rps)}/s</text>`,
    );
    if (row.target !== undefined) {
      const tx = labelW + row.target * shareW;
      parts.push(`<line x1="${tx}" x2="${tx}" y1="${y}" y2="${y + 26}" stroke="#000" stroke-width="2"/>`);
    }
    const lat = (v: number) => (Math.min(v, maxLat) / maxLat) * latW;
    parts.push(
      `<rect x="${latX}" y="${y + 4}" width="${lat(row.p99)}" height="18" fill="#9bd"/>`,
      `<rect x="${latX}" y="${y + 4}" width="${lat(row.p50)}" height="18" fill="#36a"/>`,
      `<text x="${latX + latW + 6}" y="${y + 17}">${row.p50.toFixed(0)} / ${row.p99.toFixed(0)} ms</text>`,
    );
  });
  const x25 = latX + (25 / maxLat) * latW;
  parts.push(
    `<line x1="${x25}" x2="${x25}" y1="${top - 4}" y2="${top + all.length * rowH}" stroke="#c00" stroke-dasharray="4 3"/>`,
    `<text x="10" y="${height - 12}" fill="#555">server CPU per request (ms): ${r.rows.map((x) => `${xml(x.name.split(' (')[0] ?? x.name)} ${x.cpuMsPerReq.toFixed(3)}`).join('; ')}</text>`,
    '</svg>',
  );
  return `${parts.join('\n')}\n`;
}

export function writeResults(r: BenchResult, jsonPath: string, svgPath: string): void {
  writeFileSync(jsonPath, `${JSON.stringify(r, null, 2)}\n`);
  writeFileSync(svgPath, chartSvg(r));
}
