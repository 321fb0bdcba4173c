import { describe, expect, it } from 'vitest';
import { normalizeEmail, normalizeUsertag, validateNewUsertag } from '../../src/domain/usertag.ts';

describe('usertags', () => {
  it('are case-insensitive and may be given with @', () => {
    expect(normalizeUsertag('Alice_01')).toEqual({ ok: true, value: 'alice_01' });
    expect(normalizeUsertag('@Bob')).toEqual({ ok: true, value: 'bob' });
  });

  it.each(['ab', 'a'.repeat(33), 'with-dash', 'spa ce', 'émile', '', 'a.b'])('rejects %j', (tag) => {
    const r = validateNewUsertag(tag);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe('usertag_invalid');
  });

  it('refuses reserved names for new accounts', () => {
    for (const tag of ['admin', 'API', 'support']) {
      const r = validateNewUsertag(tag);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toContain('reserved');
    }
  });

  it('normalizes e-mail addresses and rejects malformed ones', () => {
    expect(normalizeEmail(' Alice@Example.COM ')).toEqual({ ok: true, value: 'alice@example.com' });
    expect(normalizeEmail('no-at-sign').ok).toBe(false);
    expect(normalizeEmail('a@b').ok).toBe(false);
    expect(normalizeEmail(42).ok).toBe(false);
  });
});
