import { describe, expect, it } from 'vitest';
import { startupLog } from '../fixtures/server-process.ts';

describe('the sandbox backend at start', () => {
  const warnings = (lines: Array<Record<string, unknown>>) =>
    lines.filter((l) => l['level'] === 40 && /sandbox/i.test(String(l['msg'])));

  it('warns loudly when PUBLIC_URL is https: anyone can mint money and read voucher e-mails', {
    timeout: 60_000,
  }, async () => {
    const lines = await startupLog({ PUBLIC_URL: 'https://pay.example' });
    const found = warnings(lines);
    expect(found).toHaveLength(1);
    expect(String(found[0]?.['msg'])).toMatch(/LIGHTNING_BACKEND=sandbox.*https/);
    expect(String(found[0]?.['msg'])).toMatch(/\/sandbox\/v1\/pay/);
    expect(String(found[0]?.['msg'])).toMatch(/mailbox/);
  });

  it('stays quiet on a local http address', { timeout: 60_000 }, async () => {
    expect(warnings(await startupLog({ PUBLIC_URL: 'http://localhost:8080' }))).toEqual([]);
  });
});
