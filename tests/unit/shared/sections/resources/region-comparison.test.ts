import { describe, expect, it } from 'vitest';
import { regionComparison } from '../../../../../shared/sections/resources/region-comparison.ts';
import { regionComparisonText } from '../../../../../shared/sections/resources/region-comparison.server.ts';

/** A series of `years` consecutive years from `from`, each `value` mm w.e. */
const run = (from: number, years: number, value: number) =>
  Array.from({ length: years }, (_, i) => ({ year: from + i, value }));
const glacier = (slug: string, series: { year: number; value: number }[]) => ({
  slug,
  name: slug.toUpperCase(),
  wgmsId: null,
  series,
});

describe('regionComparison', () => {
  it('sums each glacier from its own first year, in year order, across its gaps', () => {
    const { glaciers } = regionComparison([
      glacier('a', [
        { year: 2002, value: 30 },
        { year: 2000, value: -10 },
        { year: 2001, value: -20 },
        { year: 2005, value: -40 },
      ]),
    ]);
    expect(glaciers[0]!.points.map((p) => [p.year, p.sum])).toEqual([
      [2000, -10],
      [2001, -30],
      [2002, 0],
      [2005, -40],
    ]);
  });

  it('counts the glaciers of each year’s mean and finds the runs one glacier carries alone', () => {
    const comparison = regionComparison([
      glacier('a', run(1990, 10, -100)),
      glacier('b', [...run(1992, 3, -300), ...run(1998, 4, -300)]),
      glacier('c', []),
    ]);
    expect(comparison.glaciers.map((g) => g.slug)).toEqual(['a', 'b']);
    expect(comparison.mean.map((m) => m.glaciers)).toEqual([1, 1, 2, 2, 2, 1, 1, 1, 2, 2, 1, 1]);
    expect(comparison.averaged).toEqual({ min: 1, max: 2 });
    expect(comparison.alone).toEqual([
      { from: 1990, to: 1991, slug: 'a', name: 'A' },
      { from: 1995, to: 1997, slug: 'a', name: 'A' },
      { from: 2000, to: 2001, slug: 'b', name: 'B' },
    ]);
    expect([comparison.from, comparison.to]).toEqual([1990, 2001]);
  });

  it('ends on the region’s headline figures: the last year’s mean and the sum of every year’s mean', () => {
    // two reference glaciers, 1990–2020 and 1995–2025, and one without a series
    const comparison = regionComparison([
      glacier('a', run(1990, 31, -100)),
      glacier('b', run(1995, 31, -300)),
      glacier('c', []),
    ]);
    expect(comparison.glaciers).toHaveLength(2);
    expect(comparison.from).toBe(1990);
    // 2025: only the second glacier was measured; 2025 is a preliminary year
    // 1990–1994: −100 each (5 years); 1995–2020: (−100 − 300) / 2 = −200 (26 years); 2021–2025: −300 (5 years)
    expect(comparison.mean.at(-1)).toEqual({
      year: 2025,
      glaciers: 1,
      value: -300,
      sum: -500 - 5200 - 1500,
      preliminary: true,
    });
    // a reference glacier counts whatever the length of its series
    expect(regionComparison([glacier('a', run(2015, 5, -200))]).glaciers).toHaveLength(1);
  });

  it('rounds the means to whole millimetres and marks a final year before the preliminary ones as final', () => {
    const a = run(1960, 40, 0).map((p) => (p.year === 1999 ? { ...p, value: -1 } : p));
    const b = run(1960, 40, 0).map((p) => (p.year === 1999 ? { ...p, value: -2 } : p));
    // (−1 − 2) / 2 = −1.5: rounded half up, as Math.round does
    expect(regionComparison([glacier('a', a), glacier('b', b)]).mean.at(-1)).toEqual({
      year: 1999,
      glaciers: 2,
      value: -1,
      sum: -1,
      preliminary: false,
    });
  });

  it('marks the preliminary years of its mean', () => {
    const series = [run(1990, 36, -123), run(1995, 31, -301), run(1991, 20, 17)];
    const comparison = regionComparison(series.map((s, i) => glacier(`g${i}`, s)));
    expect(comparison.mean.filter((m) => m.preliminary).map((m) => m.year)).toEqual([2025]);
  });

  it('has nothing to compare without a series', () => {
    expect(regionComparison([glacier('a', [])])).toEqual({
      from: null,
      to: null,
      glaciers: [],
      mean: [],
      averaged: null,
      alone: [],
    });
  });

  it('writes its figures and runs as the page shows them, with value ticks around every sum and zero', () => {
    const text = regionComparisonText(
      regionComparison([
        glacier('a', [...run(1990, 1, 500), ...run(1992, 2, -2000)]),
        glacier('b', run(1992, 3, -100)),
      ]),
      'ru',
    );
    expect(text.alone.map((r) => [r.yearsText, r.single])).toEqual([
      ['1990', true],
      ['1994', true],
    ]);
    expect(text.rows.map((r) => [r.year, r.cells.map((c) => c?.text ?? null), r.glaciersText])).toEqual([
      [1990, ['500', null], '1'],
      [1992, ['−1\u00a0500', '−100'], '2'],
      [1993, ['−3\u00a0500', '−200'], '2'],
      [1994, [null, '−300'], '1'],
    ]);
    expect(text.gaps).toBe(true);
    const values = text.ticks.map((t) => t.value);
    expect(values).toContain(0);
    expect(Math.max(...values)).toBeGreaterThanOrEqual(500);
    expect(Math.min(...values)).toBeLessThanOrEqual(-3500);
  });
});
