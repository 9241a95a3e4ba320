import { describe, expect, it } from 'vitest';
import { createFrameBudget } from '../../../server/live/frameBudget';

// The per-socket frame budget: a burst of 60 frames at once, then 10 more each second.

describe('the frame budget of a live socket', () => {
  function spendAll(budget: { spend(): boolean }, tries: number): number {
    let spent = 0;
    for (let i = 0; i < tries; i += 1) if (budget.spend()) spent += 1;
    return spent;
  }

  it('allows a burst of 60, then refills 10 a second up to the burst again', () => {
    const clock = { now: 1_000_000 };
    const budget = createFrameBudget(() => clock.now);
    expect(spendAll(budget, 61)).toBe(60);
    clock.now += 1_000;
    expect(spendAll(budget, 11)).toBe(10);
    clock.now += 500;
    expect(spendAll(budget, 6)).toBe(5);
    clock.now += 60_000;
    expect(spendAll(budget, 61)).toBe(60);
  });
});
