import { describe, expect, it } from 'vitest';
import { HEAP_GROWING_PERCENT, limitHeapGrowth } from '../../src/adapters/runtime/heap.ts';
import { startupLog } from '../fixtures/server-process.ts';

// The service limits how far V8's old generation may grow between full collections (see heap.ts),
// unless the operator set the node flag themselves.

const readyLine = (lines: Array<Record<string, unknown>>) => lines.find((l) => l['msg'] === 'paytag ready');

describe('heap growth of the service process', () => {
  it('is limited by paytag serve, and the ready line says so', { timeout: 60_000 }, async () => {
    expect(readyLine(await startupLog({}))?.['heapGrowingPercent']).toBe(HEAP_GROWING_PERCENT);
  });

  it('is left to the operator who set the node flag', { timeout: 60_000 }, async () => {
    const lines = await startupLog({}, ['--heap-growing-percent=50']);
    expect(readyLine(lines)?.['heapGrowingPercent']).toBe('node flag');
  });

  it('recognises the flag spelled with underscores too', () => {
    expect(limitHeapGrowth(['--max-old-space-size=512', '--heap_growing_percent=10'])).toBe(false);
  });
});
