import { yearPath, yearPlot } from './scales.ts';

/** the space under the plot: the year labels, then the strip of each year's count of glaciers */
export const COMPARISON_MARGIN = { top: 24, right: 20, bottom: 62, left: 64 };
/** where the strip of counts starts under the plot, and its height */
const STRIP = { offset: 34, height: 24 };

/** What the chart draws (the loader's `comparison`): one row per year, each glacier's cumulative sum or null. */
export interface ComparisonData {
  rows: readonly { year: number; cells: readonly ({ sum: number } | null)[]; sum: number; glaciers: number }[];
  ticks: readonly { value: number }[];
  preliminaryYears: readonly number[];
}

/** Where each part of the comparison chart goes at one width. */
export function comparisonLayout(data: ComparisonData, width: number) {
  const { rows, ticks } = data;
  const height = (width < 480 ? 280 : 340) + STRIP.offset;
  const { plotH, band, x, y: yOf, yearTicks } = yearPlot(COMPARISON_MARGIN, width, height, rows, 44);
  const y = yOf({ max: ticks[0]?.value ?? 0, min: ticks.at(-1)?.value ?? 0 });
  const round = (v: number) => Math.round(v * 10) / 10;
  const count = Math.max(0, ...rows.map((r) => r.cells.length));
  const series = Array.from({ length: count }, (_, i) =>
    rows.flatMap((r) => {
      const cell = r.cells[i];
      return cell ? [{ year: r.year, x: x(r.year), y: y(cell.sum) }] : [];
    }),
  );
  const meanPoints = rows.map((r) => ({ year: r.year, x: x(r.year), y: y(r.sum) }));
  const firstPreliminary = data.preliminaryYears[0];
  const left = firstPreliminary === undefined ? null : x(firstPreliminary) - band / 2;
  const end = (points: readonly { x: number; y: number }[]) => {
    const point = points.at(-1);
    return point ? { x: round(point.x), y: round(point.y) } : null;
  };
  const stripTop = COMPARISON_MARGIN.top + plotH + STRIP.offset;
  const most = Math.max(1, ...rows.map((r) => r.glaciers));
  const bars = rows.map((r) => {
    const h = round((r.glaciers / most) * STRIP.height);
    return {
      year: r.year,
      x: round(x(r.year) - band / 2 + 0.5),
      y: round(stripTop + STRIP.height - h),
      width: round(Math.max(1, band - 1)),
      height: h,
    };
  });
  return {
    width,
    height,
    plotH,
    /** one path per glacier, in the data's order, broken where the glacier was not measured */
    lines: series.map(yearPath),
    /** the last measured point of each glacier, where its marker goes (null: never measured) */
    ends: series.map(end),
    /** the region's mean, broken where no glacier was measured */
    mean: yearPath(meanPoints),
    meanEnd: end(meanPoints),
    /** each tick's height, in the order of `ticks` */
    tickY: ticks.map((t) => round(y(t.value))),
    /** the height of zero */
    zero: y(0),
    yearTicks: yearTicks.map((tick) => ({ ...tick, x: round(tick.x) })),
    /** the strip under the plot: one bar a year, as high as the number of glaciers the year's mean averages */
    strip: { top: stripTop, height: STRIP.height, bars },
    /** the span of the preliminary years, from its left edge to the plot's right edge (null without any) */
    preliminary: left === null ? null : { x: round(left), width: round(width - COMPARISON_MARGIN.right - left) },
  };
}
