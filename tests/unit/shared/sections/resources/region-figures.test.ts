import { describe, expect, it } from 'vitest';
import { REFERENCE_MIN_YEARS, regionFigures } from '../../../../../shared/sections/resources/region-figures.ts';

/** A series of `years` consecutive years from `from`, each `value` mm w.e. */
const run = (from: number, years: number, value: number) =>
  Array.from({ length: years }, (_, i) => ({ year: from + i, value }));

describe('regionFigures', () => {
  it('averages the reference glaciers only (more than 30 measured years), per year, then sums the years', () => {
    const figures = regionFigures(5, [
      // two reference glaciers: 1990–2020 (31 years) and 1995–2025 (31 years)
      { series: run(1990, REFERENCE_MIN_YEARS + 1, -100) },
      { series: run(1995, REFERENCE_MIN_YEARS + 1, -300) },
      // 30 years exactly: not a reference glacier, left out of both means
      { series: run(1996, REFERENCE_MIN_YEARS, -5000) },
      { series: [] },
    ]);
    expect(figures.glaciers).toBe(5);
    expect(figures.withSeries).toBe(3);
    expect(figures.reference).toBe(2);
    // 2025: only the second glacier was measured; 2025 is a preliminary year
    expect(figures.latest).toEqual({ year: 2025, value: -300, glaciers: 1, preliminary: true });
    // 1990–1994: −100 each (5 years); 1995–2020: (−100 − 300) / 2 = −200 (26 years); 2021–2025: −300 (5 years)
    expect(figures.cumulative).toEqual({ from: 1990, to: 2025, value: -500 - 5200 - 1500, preliminary: true });
  });

  it('rounds the means to whole millimetres and marks a final year before the preliminary ones as final', () => {
    const a = run(1960, 40, 0).map((p) => (p.year === 1999 ? { ...p, value: -1 } : p));
    const b = run(1960, 40, 0).map((p) => (p.year === 1999 ? { ...p, value: -2 } : p));
    const figures = regionFigures(2, [{ series: a }, { series: b }]);
    // (−1 − 2) / 2 = −1.5: rounded half up, as Math.round does
    expect(figures.latest).toEqual({ year: 1999, value: -1, glaciers: 2, preliminary: false });
    expect(figures.cumulative).toEqual({ from: 1960, to: 1999, value: -1, preliminary: false });
  });

  it('counts a year measured twice once towards the 30 years', () => {
    const repeated = [...run(2000, 20, -10), ...run(2000, 20, -10)];
    expect(regionFigures(1, [{ series: repeated }]).reference).toBe(0);
  });

  it('has no mean and no cumulative balance without a reference glacier', () => {
    expect(regionFigures(3, [{ series: run(2010, 10, -500) }])).toEqual({
      glaciers: 3,
      withSeries: 1,
      reference: 0,
      latest: null,
      cumulative: null,
    });
  });
});
