import { describe, expect, it } from 'vitest';
import { regionComparison } from '../../../../../shared/sections/resources/region-comparison.ts';
import { regionFigures } from '../../../../../shared/sections/resources/region-figures.ts';

/** A series of `years` consecutive years from `from`, each `value` mm w.e. */
const run = (from: number, years: number, value: number) =>
  Array.from({ length: years }, (_, i) => ({ year: from + i, value }));
/** The comparison of reference glaciers with these series. */
const reference = (...series: { year: number; value: number }[][]) =>
  regionComparison(series.map((s, i) => ({ slug: `g${i}`, name: `G${i}`, wgmsId: null, series: s })));

describe('regionFigures', () => {
  it('averages the reference glaciers per year, then sums the years', () => {
    // two reference glaciers, 1990–2020 and 1995–2025, and one without a series
    const figures = regionFigures(5, 3, reference(run(1990, 31, -100), run(1995, 31, -300), []));
    expect(figures.glaciers).toBe(5);
    expect(figures.withSeries).toBe(3);
    expect(figures.reference).toBe(2);
    // 2025: only the second glacier was measured; 2025 is a preliminary year
    expect(figures.latest).toEqual({ year: 2025, value: -300, glaciers: 1, preliminary: true });
    // 1990–1994: −100 each (5 years); 1995–2020: (−100 − 300) / 2 = −200 (26 years); 2021–2025: −300 (5 years)
    expect(figures.cumulative).toEqual({ from: 1990, to: 2025, value: -500 - 5200 - 1500, preliminary: true });
  });

  it('counts a designated glacier whatever the length of its series', () => {
    expect(regionFigures(1, 1, reference(run(2015, 5, -200))).reference).toBe(1);
  });

  it('rounds the means to whole millimetres and marks a final year before the preliminary ones as final', () => {
    const a = run(1960, 40, 0).map((p) => (p.year === 1999 ? { ...p, value: -1 } : p));
    const b = run(1960, 40, 0).map((p) => (p.year === 1999 ? { ...p, value: -2 } : p));
    const figures = regionFigures(2, 2, reference(a, b));
    // (−1 − 2) / 2 = −1.5: rounded half up, as Math.round does
    expect(figures.latest).toEqual({ year: 1999, value: -1, glaciers: 2, preliminary: false });
    expect(figures.cumulative).toEqual({ from: 1960, to: 1999, value: -1, preliminary: false });
  });

  it('has no mean and no cumulative balance without a reference glacier', () => {
    expect(regionFigures(3, 1, reference())).toEqual({
      glaciers: 3,
      withSeries: 1,
      reference: 0,
      latest: null,
      cumulative: null,
    });
  });
});
