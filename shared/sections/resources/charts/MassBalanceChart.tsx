import { useEffect, useId, useRef, useState } from 'react';
import { useI18n } from '../../../i18n/use-i18n.ts';
import { formatMassBalance } from '../../../i18n/format.ts';
import { cumulative, dualAxes, yearStep } from './scales.ts';
import { useChartTooltip } from './useChartTooltip.ts';

export interface MassBalancePoint {
  year: number;
  value: number;
  /** a value of the release's newest year, which WGMS may revise (shared/glacier-data.ts) */
  preliminary?: boolean;
}

/** width before the browser measures the chart (the server renders at this width; the SVG scales until then) */
const DEFAULT_WIDTH = 640;
const MIN_WIDTH = 280;
const MARGIN = { top: 30, right: 62, bottom: 30, left: 54 };

/**
 * Annual mass balance as bars (losses and gains in two colours) on the left axis, with a zero line, and the
 * cumulative balance of the measured years as a line on the right axis; zero lines and grid lines of both axes
 * coincide. Years without a measurement keep their empty slot and break the line. Rendered on the server; in the
 * browser it re-lays itself out at its real width, and each bar (focusable) shows a tooltip. The data table under
 * it holds every value exactly.
 */
export function MassBalanceChart({ name, series }: { name: string; series: readonly MassBalancePoint[] }) {
  const { t, locale } = useI18n();
  const id = useId();
  const plot = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  const { active, handlers } = useChartTooltip();

  useEffect(() => {
    const element = plot.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.max(MIN_WIDTH, Math.round(entry?.contentRect.width ?? DEFAULT_WIDTH));
      setWidth((current) => (Math.abs(current - next) > 1 ? next : current));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const points = [...series].sort((a, b) => a.year - b.year);
  const sums = cumulative(points.map((p) => p.value));
  // each year with its cumulative balance
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
  const ticks = axes.below + axes.above;
  const yLeft = (v: number) => MARGIN.top + ((axes.left.max - v) / (axes.left.max - axes.left.min)) * plotH;
  const yRight = (v: number) => MARGIN.top + ((axes.right.max - v) / (axes.right.max - axes.right.min)) * plotH;
  const xCenter = (year: number) => MARGIN.left + (year - first + 0.5) * band;
  const zero = yLeft(0);
  const step = yearStep(band);
  const yearTicks: number[] = [];
  for (let y = Math.ceil(first / step) * step; y <= last; y += step) yearTicks.push(y);

  // the cumulative line, broken where a year is missing
  let line = '';
  let previousYear: number | undefined;
  for (const row of rows) {
    const x = xCenter(row.year).toFixed(1);
    const y = yRight(row.sum).toFixed(1);
    line += `${previousYear !== undefined && row.year === previousYear + 1 ? 'L' : 'M'}${x} ${y}`;
    previousYear = row.year;
  }
  const hasGaps = points.length < slots;
  const preliminaryYears = points.filter((p) => p.preliminary).map((p) => p.year);
  const unit = t('chart.unit.mmwe');
  const fmt = (v: number) => formatMassBalance(locale, v);
  const shown = active === null ? null : (rows[active] ?? null);
  const captionId = `${id}-caption`;
  const tipId = `${id}-tip`;

  return (
    <figure className="mb-chart">
      <figcaption id={captionId} className="mb-chart__caption">
        {t('chart.caption', { name })}
      </figcaption>
      <ul className="mb-chart__legend">
        <li>
          <span className="mb-chart__key mb-chart__key--loss" />
          {t('chart.loss')}
        </li>
        <li>
          <span className="mb-chart__key mb-chart__key--gain" />
          {t('chart.gain')}
        </li>
        <li>
          <span className="mb-chart__key mb-chart__key--line" />
          {t('chart.cumulative')}
        </li>
        {preliminaryYears.length > 0 ? (
          <li>
            <span className="mb-chart__key mb-chart__key--preliminary" />
            {t('chart.preliminary')}
          </li>
        ) : null}
      </ul>
      <div className="mb-chart__plot" ref={plot}>
        <svg
          className="mb-chart__svg"
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          height={height}
          role="group"
          aria-labelledby={captionId}
        >
          <g className="mb-chart__grid" aria-hidden="true">
            {Array.from({ length: ticks + 1 }, (_, i) => {
              const vLeft = axes.left.max - i * axes.left.step;
              const vRight = axes.right.max - i * axes.right.step;
              const y = yLeft(vLeft);
              return (
                <g key={i}>
                  <line
                    className={vLeft === 0 ? 'mb-chart__zero' : undefined}
                    x1={MARGIN.left}
                    x2={width - MARGIN.right}
                    y1={y}
                    y2={y}
                  />
                  <text className="mb-chart__tick" x={MARGIN.left - 6} y={y + 4} textAnchor="end">
                    {fmt(vLeft === 0 ? 0 : vLeft)}
                  </text>
                  <text className="mb-chart__tick mb-chart__tick--right" x={width - MARGIN.right + 6} y={y + 4}>
                    {fmt(vRight === 0 ? 0 : vRight)}
                  </text>
                </g>
              );
            })}
            <text className="mb-chart__axis-title" x={MARGIN.left - 6} y={12} textAnchor="start">
              {unit}
            </text>
            <text className="mb-chart__axis-title mb-chart__axis-title--right" x={width - 2} y={12} textAnchor="end">
              Σ {unit}
            </text>
            {yearTicks.map((year) => (
              <g key={year}>
                <line
                  className="mb-chart__year-tick"
                  x1={xCenter(year)}
                  x2={xCenter(year)}
                  y1={MARGIN.top + plotH}
                  y2={MARGIN.top + plotH + 4}
                />
                <text className="mb-chart__tick" x={xCenter(year)} y={height - MARGIN.bottom + 17} textAnchor="middle">
                  {year}
                </text>
              </g>
            ))}
          </g>
          <g className="mb-chart__bars">
            {points.map((p, i) => {
              const y = yLeft(p.value);
              const top = Math.min(y, zero);
              const bar = t('chart.bar', { year: p.year, value: fmt(p.value) });
              const label = p.preliminary ? `${bar}, ${t('glacier.mb.preliminary')}` : bar;
              return (
                <g
                  key={p.year}
                  className={`mb-chart__bar ${p.value < 0 ? 'is-loss' : 'is-gain'}${p.preliminary ? ' is-preliminary' : ''}`}
                  data-year={p.year}
                  data-value={p.value}
                  tabIndex={0}
                  role="img"
                  aria-label={label}
                  aria-describedby={active === i ? tipId : undefined}
                  {...handlers(i)}
                >
                  <rect
                    className="mb-chart__slot"
                    x={xCenter(p.year) - band / 2}
                    y={MARGIN.top}
                    width={band}
                    height={plotH}
                  />
                  <rect
                    className="mb-chart__rect"
                    x={xCenter(p.year) - barW / 2}
                    y={top}
                    width={barW}
                    height={Math.max(1, Math.abs(y - zero))}
                  />
                </g>
              );
            })}
          </g>
          <path className="mb-chart__line" d={line} aria-hidden="true" />
        </svg>
        {shown ? (
          <div
            id={tipId}
            role="tooltip"
            className="mb-chart__tooltip"
            style={{
              left: `${(xCenter(shown.year) / width) * 100}%`,
              top: `${(Math.min(yLeft(shown.value), zero) / height) * 100}%`,
              transform: `translate(${xCenter(shown.year) < width * 0.2 ? '-15%' : xCenter(shown.year) > width * 0.8 ? '-85%' : '-50%'}, calc(-100% - 8px))`,
            }}
          >
            <strong>{shown.year}</strong>: {fmt(shown.value)} {unit}
            {shown.preliminary ? ` (${t('glacier.mb.preliminary')})` : null}
            <br />
            {t('chart.barCumulative', { value: fmt(shown.sum) })}
          </div>
        ) : null}
      </div>
      {hasGaps ? <p className="mb-chart__note">{t('chart.gaps')}</p> : null}
      {preliminaryYears.length > 0 ? (
        <p className="mb-chart__note">{t('glacier.mb.preliminaryNote', { year: preliminaryYears.join(', ') })}</p>
      ) : null}
      <details className="mb-chart__table">
        <summary>{t('chart.table')}</summary>
        <div className="table-scroll" role="region" aria-label={t('chart.table')} tabIndex={0}>
          <table className="data-table data-table--compact">
            <caption className="visually-hidden">{t('chart.caption', { name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('chart.year')}</th>
                <th scope="col" className="num">
                  {t('chart.value')}
                </th>
                <th scope="col" className="num">
                  {t('chart.cumValue')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.year}>
                  <th scope="row">
                    {row.year}
                    {row.preliminary ? (
                      <span className="mb-chart__preliminary"> ({t('wgms.table.preliminary')})</span>
                    ) : null}
                  </th>
                  <td className="num">
                    <data value={row.value}>{fmt(row.value)}</data>
                  </td>
                  <td className="num">
                    <data value={row.sum}>{fmt(row.sum)}</data>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
