import { dualAxes, yearPath, yearPlot } from './scales.ts';

export interface MassBalancePoint {
  year: number;
  value: number;
  /** a value of the release's newest year, which WGMS may revise (shared/glacier-data.ts) */
  preliminary?: boolean;
  /** the cumulative balance up to this year (the loader's) */
  sum: number;
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

export const MARGIN = { top: 30, right: 62, bottom: 30, left: 54 };

/**
 * Where everything of the mass balance chart goes at one width: the years measured (oldest first, as the loader
 * gives them), both axes, the slots, the line.
 */
export function massBalanceLayout(points: readonly MassBalancePoint[], width: number) {
  const height = width < 480 ? 250 : 300;
  const { plotH, band, slots, yearTicks, x: xCenter, y } = yearPlot(MARGIN, width, height, points);
  const axes = dualAxes(
    points.map((p) => p.value),
    points.map((p) => p.sum),
  );
  const yLeft = y(axes.left);
  const yRight = y(axes.right);
  return {
    width,
    height,
    plotH,
    points,
    /** the width of one year's slot, and of its bar */
    band,
    barW: Math.max(1, Math.min(band * 0.72, 18)),
    axes,
    /** grid lines below and above zero */
    ticks: axes.below + axes.above,
    yearTicks,
    yLeft,
    yRight,
    xCenter,
    /** the height of the left axis's zero */
    zero: yLeft(0),
    /** the cumulative line's path, broken where a year is missing */
    line: yearPath(points.map((p) => ({ year: p.year, x: xCenter(p.year), y: yRight(p.sum) }))),
    /** whether a year between the first and the last has no measurement */
    hasGaps: points.length < slots,
  };
}
export type MassBalanceLayout = ReturnType<typeof massBalanceLayout>;
