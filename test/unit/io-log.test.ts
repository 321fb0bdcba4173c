import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readIoLog } from '../fixtures/io-shim/io-shim.ts';

// The power-loss test kills the recorded process at a random moment, so its I/O log may end anywhere
// inside a record. The reader must keep every complete record and stop at the cut one.

function record(t: 'W' | 'T' | 'S' | 'D', k: 1 | 2, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from([t.charCodeAt(0), k]), body]);
}

function u64(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigUInt64LE(BigInt(n));
  return b;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

describe('readIoLog', () => {
  const dir = mkdtempSync(join(tmpdir(), 'paytag-iolog-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const records = [
    record('S', 2, u32(7)),
    record('W', 2, Buffer.concat([u64(4096), u32(5), Buffer.from('hello')])),
    record('T', 1, u64(8192)),
    record('D', 2, u32(7)),
  ];
  const log = Buffer.concat(records);
  const ends = records.map((_, n) => records.slice(0, n + 1).reduce((s, r) => s + r.length, 0));

  it('reads every record of a complete log', () => {
    const path = join(dir, 'whole.log');
    writeFileSync(path, log);
    expect(readIoLog(path)).toEqual([
      { t: 'S', k: 2, id: 7 },
      { t: 'W', k: 2, off: 4096, data: Buffer.from('hello') },
      { t: 'T', k: 1, size: 8192 },
      { t: 'D', k: 2, id: 7 },
    ]);
  });

  it('keeps the complete records of a log cut at any byte, the cut record dropped', () => {
    const path = join(dir, 'cut.log');
    for (let cut = 0; cut < log.length; cut++) {
      writeFileSync(path, log.subarray(0, cut));
      const complete = ends.filter((end) => end <= cut).length;
      expect(readIoLog(path), `cut at byte ${cut}`).toHaveLength(complete);
    }
  });
});
