import { yearStep } from './scales.ts';

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
export interface ComparisonLayout {
  width: number;
  height: number;
  plotH: number;
  /** one path per glacier, in the data's order, broken where the glacier was not measured */
  lines: string[];
  /** the last measured point of each glacier, where its marker goes (null: never measured) */
  ends: ({ x: number; y: number } | null)[];
  /** the region's mean, broken where no glacier was measured */
  mean: string;
  meanEnd: { x: number; y: number } | null;
  /** each tick's height, in the order of `ticks` */
  tickY: number[];
  /** the height of zero */
  zero: number;
  yearTicks: { year: number; x: number }[];
  /** the span of the preliminary years, from its left edge to the plot's right edge (null without any) */
  preliminary: { x: number; width: number } | null;
  /** the strip under the plot: one bar a year, as high as the number of glaciers the year's mean averages */
  strip: { top: number; height: number; bars: { year: number; x: number; y: number; width: number; height: number }[] };
}

/** A polyline through `points` in year order, with a new segment after each year without a point. */
function path(points: readonly { year: number; x: number; y: number }[]): string {
  let d = '';
  let previous: number | undefined;
  for (const p of points) {
    d += `${previous !== undefined && p.year === previous + 1 ? 'L' : 'M'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`;
    previous = p.year;
  }
  return d;
}

export function comparisonLayout(data: ComparisonData, width: number): ComparisonLayout {
  const { rows, ticks } = data;
  const first = rows[0]?.year ?? 0;
  const last = rows.at(-1)?.year ?? 0;
  const height = (width < 480 ? 280 : 340) + STRIP.offset;
  const plotW = width - COMPARISON_MARGIN.left - COMPARISON_MARGIN.right;
  const plotH = height - COMPARISON_MARGIN.top - COMPARISON_MARGIN.bottom;
  const band = plotW / Math.max(1, last - first + 1);
  const max = ticks[0]?.value ?? 0;
  const min = ticks.at(-1)?.value ?? 0;
  const y = (v: number) => COMPARISON_MARGIN.top + ((max - v) / (max - min || 1)) * plotH;
  const round = (v: number) => Math.round(v * 10) / 10;
  const x = (year: number) => COMPARISON_MARGIN.left + (year - first + 0.5) * band;
  const count = Math.max(0, ...rows.map((r) => r.cells.length));
  const series = Array.from({ length: count }, (_, i) =>
    rows.flatMap((r) => {
      const cell = r.cells[i];
      return cell ? [{ year: r.year, x: x(r.year), y: y(cell.sum) }] : [];
    }),
  );
  const meanPoints = rows.map((r) => ({ year: r.year, x: x(r.year), y: y(r.sum) }));
  const step = yearStep(band, 44);
  const yearTicks: ComparisonLayout['yearTicks'] = [];
  for (let year = Math.ceil(first / step) * step; year <= last; year += step)
    yearTicks.push({ year, x: round(x(year)) });
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
    lines: series.map(path),
    ends: series.map(end),
    mean: path(meanPoints),
    meanEnd: end(meanPoints),
    tickY: ticks.map((t) => round(y(t.value))),
    zero: y(0),
    yearTicks,
    strip: { top: stripTop, height: STRIP.height, bars },
    preliminary: left === null ? null : { x: round(left), width: round(width - COMPARISON_MARGIN.right - left) },
  };
}
