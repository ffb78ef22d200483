/** Small pure helpers for the SVG charts (no d3 in the browser). */

/** A "nice" tick step (1, 2, 2.5 or 5 × 10^n) near span / count. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
}

export interface DualAxes {
  /** domain of each axis, zero at the same height on both */
  left: { min: number; max: number; step: number };
  right: { min: number; max: number; step: number };
  /** tick count below and above zero (shared: both axes' ticks fall on the same grid lines) */
  below: number;
  above: number;
}

/**
 * Two value axes whose zero lines coincide and whose ticks share grid lines: each axis gets its own nice step, then
 * both get as many steps below and above zero as the one that needs more.
 */
export function dualAxes(left: readonly number[], right: readonly number[], ticks = 5): DualAxes {
  const extent = (values: readonly number[]) => [Math.min(0, ...values), Math.max(0, ...values)] as const;
  const [lMin, lMax] = extent(left);
  const [rMin, rMax] = extent(right);
  const lStep = niceStep(lMax - lMin, ticks);
  const rStep = niceStep(rMax - rMin, ticks);
  const below = Math.max(Math.ceil(-lMin / lStep - 1e-9), Math.ceil(-rMin / rStep - 1e-9), 0);
  const above = Math.max(Math.ceil(lMax / lStep - 1e-9), Math.ceil(rMax / rStep - 1e-9), below === 0 ? 1 : 0);
  return {
    left: { min: -below * lStep, max: above * lStep, step: lStep },
    right: { min: -below * rStep, max: above * rStep, step: rStep },
    below,
    above,
  };
}

/** Year tick step so labels are at least `minGap` px apart. */
function yearStep(pxPerYear: number, minGap: number): number {
  for (const step of [1, 2, 5, 10, 20, 25, 50, 100]) if (step * pxPerYear >= minGap) return step;
  return 100;
}

/** The space around a chart's plot, in px. */
export type Margin = Record<'top' | 'right' | 'bottom' | 'left', number>;

/**
 * The plot of a chart of years, `width` × `height` with `margin` around it: a slot a year from the first of `years`
 * to the last (oldest first), `band` wide with its centre at `x(year)`; the year ticks (their years and centres) at
 * least `minGap` px apart; and `y(axis)`, the height of a value on an axis from `axis.min` (the plot's bottom) to
 * `axis.max` (its top).
 */
export function yearPlot(
  margin: Margin,
  width: number,
  height: number,
  years: readonly { year: number }[],
  minGap = 40,
) {
  const first = years[0]?.year ?? 0;
  const last = years.at(-1)?.year ?? 0;
  const slots = last - first + 1;
  const plotH = height - margin.top - margin.bottom;
  const band = (width - margin.left - margin.right) / Math.max(1, slots);
  const step = yearStep(band, minGap);
  const x = (year: number) => margin.left + (year - first + 0.5) * band;
  const yearTicks: { year: number; x: number }[] = [];
  for (let year = Math.ceil(first / step) * step; year <= last; year += step) yearTicks.push({ year, x: x(year) });
  return {
    plotH,
    band,
    slots,
    yearTicks,
    x,
    y: (axis: { min: number; max: number }) => (v: number) =>
      margin.top + ((axis.max - v) / (axis.max - axis.min || 1)) * plotH,
  };
}

/** A polyline through `points` in year order, with a new segment after each year without a point. */
export function yearPath(points: readonly { year: number; x: number; y: number }[]): string {
  let d = '';
  let previous: number | undefined;
  for (const p of points) {
    d += `${previous !== undefined && p.year === previous + 1 ? 'L' : 'M'}${p.x.toFixed(1)} ${p.y.toFixed(1)}`;
    previous = p.year;
  }
  return d;
}

/** Running sum, rounded to the inputs' decimals so float noise never shows (0.1 + 0.2 stays 0.3). */
export function cumulative(values: readonly number[]): number[] {
  const places = Math.max(0, ...values.map((v) => (String(v).split('.')[1] ?? '').length));
  const factor = 10 ** Math.min(places, 10);
  let sum = 0;
  return values.map((v) => {
    sum = Math.round((sum + v) * factor) / factor;
    return sum;
  });
}
