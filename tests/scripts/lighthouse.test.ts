import { describe, expect, it } from 'vitest';
import { routeVerdict, type Figures } from '../../scripts/lighthouse';

// The Lighthouse gate: per route, the median of each figure over its runs, failing under a score of 95 or
// over an FCP of 1,800 ms.

const run = (score: number | null, fcpMs: number | null, extra: Partial<Figures> = {}): Figures => ({
  score,
  fcpMs,
  lcpMs: 2000,
  tbtMs: 100,
  cls: 0,
  ...extra,
});

describe('a route over its Lighthouse runs', () => {
  it('takes the median of each figure on its own', () => {
    const { median, failures } = routeVerdict([run(99, 1200, { lcpMs: 2400 }), run(96, 1700, { lcpMs: 1900 }), run(97, 900, { lcpMs: 2100 })]);
    expect(median).toEqual({ score: 97, fcpMs: 1200, lcpMs: 2100, tbtMs: 100, cls: 0 });
    expect(failures).toEqual([]);
  });

  it('passes at exactly 95 and 1,800 ms', () => {
    expect(routeVerdict([run(95, 1800), run(95, 1800), run(95, 1800)]).failures).toEqual([]);
  });

  it('fails a median score of 94 even when one run reached 100', () => {
    expect(routeVerdict([run(94, 1000), run(100, 1000), run(90, 1000)]).failures).toEqual(['score 94 < 95']);
  });

  it('fails a median FCP over 1,800 ms', () => {
    expect(routeVerdict([run(98, 1801), run(98, 2400), run(98, 1000)]).failures).toEqual(['FCP 1801 ms > 1800 ms']);
  });

  it('fails a route whose run errored or gave no figure', () => {
    expect(routeVerdict([run(null, null, { error: 'NO_FCP' }), run(99, 1000), run(99, 1000)]).failures).toEqual([
      'run error NO_FCP',
      'score missing < 95',
      'FCP missing > 1800 ms',
    ]);
  });
});
