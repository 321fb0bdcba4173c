import { describe, expect, it } from 'vitest';
import {
  afterCredit,
  afterReversal,
  exceptionAtDecline,
  withinMonitoring,
} from '../../src/domain/chain-lateness.ts';
import type { PaymentException, PaymentStatus } from '../../src/domain/payments/vocabulary.ts';

const req = (status: PaymentStatus, receivedUnits: bigint, exception: PaymentException | null = null) => ({
  status,
  exception,
  amountUnits: 100n,
  receivedUnits,
});

describe('on-chain outcomes (domain/chain-lateness.ts)', () => {
  it('an on-time credit that covers the request pays it; more than asked is paid_over', () => {
    expect(afterCredit(req('pending', 100n), null, true)).toEqual({ status: 'paid', exception: null });
    expect(afterCredit(req('pending', 101n), null, true)).toEqual({ status: 'paid', exception: 'paid_over' });
    expect(afterCredit(req('pending', 99n), null, true)).toEqual({ status: 'pending', exception: null });
  });

  it('a late credit inside the monitoring window pays a pending or declined request, paid_late', () => {
    for (const s of ['pending', 'declined'] as const) {
      expect(afterCredit(req(s, 100n), 'late', true)).toEqual({ status: 'paid', exception: 'paid_late' });
      expect(afterCredit(req(s, 150n), 'late', true)).toEqual({ status: 'paid', exception: 'paid_late' });
      expect(afterCredit(req(s, 150n, 'paid_partial'), 'late', true)).toEqual({
        status: 'paid',
        exception: 'paid_late',
      });
    }
  });

  it('a late credit past the window leaves the request; a declined one with part received is paid_partial', () => {
    expect(afterCredit(req('declined', 100n), 'late', false)).toEqual({
      status: 'declined',
      exception: null,
    });
    expect(afterCredit(req('declined', 40n), 'late', false)).toEqual({
      status: 'declined',
      exception: 'paid_partial',
    });
    expect(afterCredit(req('declined', 40n), 'late', true)).toEqual({
      status: 'declined',
      exception: 'paid_partial',
    });
    expect(afterCredit(req('pending', 40n), 'late', true)).toEqual({ status: 'pending', exception: null });
  });

  it('a second payment to a paid request makes it paid_over unless it had an exception', () => {
    expect(afterCredit(req('paid', 130n), 'reuse', true)).toEqual({ status: 'paid', exception: 'paid_over' });
    expect(afterCredit(req('paid', 130n, 'paid_late'), 'reuse', true)).toEqual({
      status: 'paid',
      exception: 'paid_late',
    });
  });

  it('a reversal keeps only the exceptions that still hold', () => {
    expect(afterReversal(req('paid', 100n, 'paid_over'))).toBeNull();
    expect(afterReversal(req('paid', 120n, 'paid_over'))).toBe('paid_over');
    expect(afterReversal(req('paid', 100n, 'paid_late'))).toBe('paid_late');
    expect(afterReversal(req('pending', 0n, 'paid_late'))).toBeNull();
    expect(afterReversal(req('declined', 0n, 'paid_partial'))).toBeNull();
    expect(afterReversal(req('declined', 30n, 'paid_partial'))).toBe('paid_partial');
  });

  it('the monitoring window is by first sight: before expiry + window, not at it', () => {
    expect(withinMonitoring(1000n, 1999n, 1000)).toBe(true);
    expect(withinMonitoring(1000n, 2000n, 1000)).toBe(false);
    expect(withinMonitoring(null, 10n ** 15n, 0)).toBe(true);
    expect(exceptionAtDecline(0n)).toBeNull();
    expect(exceptionAtDecline(1n)).toBe('paid_partial');
  });

  it('a declined request that was refunded is closed: what arrives after leaves it declined', () => {
    expect(afterCredit(req('declined', 100n, 'paid_partial'), 'late', true, true)).toEqual({
      status: 'declined',
      exception: 'paid_partial',
    });
    expect(afterCredit(req('declined', 100n, 'paid_partial'), 'late', true, false)).toEqual({
      status: 'paid',
      exception: 'paid_late',
    });
  });
});
