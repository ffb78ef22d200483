import { describe, expect, it } from 'vitest';
import { yearPath, yearPlot } from '../../../../../../shared/sections/resources/charts/scales.ts';

const MARGIN = { top: 10, right: 20, bottom: 30, left: 40 };
const years = (...list: number[]) => list.map((year) => ({ year }));

describe('yearPlot', () => {
  it('gives every year from the first to the last a slot of the plot’s width, gaps included', () => {
    const plot = yearPlot(MARGIN, 540, 240, years(2000, 2001, 2009));
    expect(plot.slots).toBe(10);
    expect(plot.band).toBe(48);
    expect(plot.plotH).toBe(200);
    expect(plot.x(2000)).toBe(64);
    expect(plot.x(2009)).toBe(496);
  });

  it('puts the year ticks on round years at least minGap px apart', () => {
    const plot = yearPlot(MARGIN, 540, 240, years(1957, 2025), 40);
    const gaps = plot.yearTicks.slice(1).map((tick, i) => tick.x - plot.yearTicks[i]!.x);
    expect(plot.yearTicks.map((t) => t.year)).toEqual([1960, 1970, 1980, 1990, 2000, 2010, 2020]);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(40);
    expect(plot.yearTicks[0]!.x).toBe(plot.x(1960));
  });

  it('maps an axis’s max to the plot’s top and its min to its bottom', () => {
    const y = yearPlot(MARGIN, 540, 240, years(2000)).y({ min: -400, max: 100 });
    expect([y(100), y(0), y(-400)]).toEqual([10, 50, 210]);
  });
});

describe('yearPath', () => {
  it('draws a line through consecutive years and starts a new one after a year without a point', () => {
    const d = yearPath([
      { year: 2000, x: 1, y: 2 },
      { year: 2001, x: 3.04, y: 4.06 },
      { year: 2003, x: 7, y: 8 },
    ]);
    expect(d).toBe('M1.0 2.0L3.0 4.1M7.0 8.0');
  });
});
