import { describe, expect, it } from 'vitest';
import { createPaymentChanges } from '../../src/app/metrics/change-signal.ts';

describe('payment change signal', () => {
  it('tells every listener of its own runtime, and no other runtime', () => {
    const a = createPaymentChanges();
    const b = createPaymentChanges();
    const heardA: string[] = [];
    const heardB: string[] = [];
    a.listen((tid) => heardA.push(`1:${tid}`));
    a.listen((tid) => heardA.push(`2:${tid}`));
    b.listen((tid) => heardB.push(tid));
    a.mayHaveChanged('t1');
    expect(heardA).toEqual(['1:t1', '2:t1']);
    expect(heardB).toEqual([]);
  });

  it('goes on past a listener that throws, and never throws itself', () => {
    const s = createPaymentChanges();
    const heard: string[] = [];
    s.listen(() => {
      throw new Error('a broken page');
    });
    s.listen((tid) => heard.push(tid));
    expect(() => s.mayHaveChanged('t2')).not.toThrow();
    expect(heard).toEqual(['t2']);
  });

  it('stops telling a listener once it is removed', () => {
    const s = createPaymentChanges();
    const heard: string[] = [];
    const stop = s.listen((tid) => heard.push(tid));
    s.mayHaveChanged('t3');
    stop();
    s.mayHaveChanged('t4');
    expect(heard).toEqual(['t3']);
  });
});
