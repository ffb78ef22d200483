import { cumulative, dualAxes, yearStep, type DualAxes } from './scales.ts';

export interface MassBalancePoint {
  year: number;
  value: number;
  /** a value of the release's newest year, which WGMS may revise (shared/glacier-data.ts) */
  preliminary?: boolean;
  /** the value, and the cumulative balance up to this year, as the page writes them (the loader's text) */
  valueText: string;
  sumText: string;
}

/** The labels of both value axes' ticks, from the top grid line down. */
export type AxisLabels = Record<'left' | 'right', readonly string[]>;

/** The chart's series and its axes' labels: the loader's text (`massBalanceText`). */
export interface MassBalanceText {
  series: readonly MassBalancePoint[];
  ticks: AxisLabels;
}

/** A year of the chart with its cumulative balance. */
export interface MassBalanceRow extends MassBalancePoint {
  sum: number;
}

export const MARGIN = { top: 30, right: 62, bottom: 30, left: 54 };

/** Where everything of the mass balance chart goes at one width: the sorted years, both axes, the slots, the line. */
export interface MassBalanceLayout {
  width: number;
  height: number;
  plotH: number;
  /** the years measured, oldest first */
  points: MassBalancePoint[];
  rows: MassBalanceRow[];
  /** the width of one year's slot, and of its bar */
  band: number;
  barW: number;
  axes: DualAxes;
  /** grid lines below and above zero */
  ticks: number;
  yearTicks: number[];
  yLeft: (v: number) => number;
  yRight: (v: number) => number;
  xCenter: (year: number) => number;
  /** the height of the left axis's zero */
  zero: number;
  /** the cumulative line's path, broken where a year is missing */
  line: string;
  /** whether a year between the first and the last has no measurement */
  hasGaps: boolean;
}

export function massBalanceLayout(series: readonly MassBalancePoint[], width: number): MassBalanceLayout {
  const points = [...series].sort((a, b) => a.year - b.year);
  const sums = cumulative(points.map((p) => p.value));
  const rows = points.map((p, i) => ({ ...p, sum: sums[i] ?? 0 }));
  const first = points[0]?.year ?? 0;
  const last = points[points.length - 1]?.year ?? 0;
  const slots = last - first + 1;
  const height = width < 480 ? 250 : 300;
  const plotW = width - MARGIN.left - MARGIN.right;
  const plotH = height - MARGIN.top - MARGIN.bottom;
  const band = plotW / Math.max(1, slots);
  const barW = Math.max(1, Math.min(band * 0.72, 18));
  const axes = dualAxes(
    points.map((p) => p.value),
    sums,
  );
  const yLeft = (v: number) => MARGIN.top + ((axes.left.max - v) / (axes.left.max - axes.left.min)) * plotH;
  const yRight = (v: number) => MARGIN.top + ((axes.right.max - v) / (axes.right.max - axes.right.min)) * plotH;
  const xCenter = (year: number) => MARGIN.left + (year - first + 0.5) * band;
  const step = yearStep(band);
  const yearTicks: number[] = [];
  for (let y = Math.ceil(first / step) * step; y <= last; y += step) yearTicks.push(y);

  let line = '';
  let previousYear: number | undefined;
  for (const row of rows) {
    const x = xCenter(row.year).toFixed(1);
    const y = yRight(row.sum).toFixed(1);
    line += `${previousYear !== undefined && row.year === previousYear + 1 ? 'L' : 'M'}${x} ${y}`;
    previousYear = row.year;
  }
  return {
    width,
    height,
    plotH,
    points,
    rows,
    band,
    barW,
    axes,
    ticks: axes.below + axes.above,
    yearTicks,
    yLeft,
    yRight,
    xCenter,
    zero: yLeft(0),
    line,
    hasGaps: points.length < slots,
  };
}
