import { useI18n } from '../../../i18n/use-i18n.ts';
import { ChartGrid } from './ChartGrid.tsx';
import { ChartTable, FigureCell, YearHeader } from './ChartTable.tsx';
import { MARGIN, type AxisLabels, type MassBalanceLayout, type MassBalancePoint } from './mass-balance-layout.ts';
import type { useChartTooltip } from './useChartTooltip.ts';

/** The keys of the chart: losses, gains, the cumulative line, and preliminary values when there are any. */
export function MassBalanceLegend({ preliminary }: { preliminary: boolean }) {
  const { t } = useI18n();
  const keys = [
    ['loss', t('chart.loss')],
    ['gain', t('chart.gain')],
    ['line', t('chart.cumulative')],
    ...(preliminary ? [['preliminary', t('chart.preliminary')] as const] : []),
  ] as const;
  return (
    <ul className="mb-chart__legend">
      {keys.map(([key, label]) => (
        <li key={key}>
          <span className={`mb-chart__key mb-chart__key--${key}`} />
          {label}
        </li>
      ))}
    </ul>
  );
}

/** Grid lines with the ticks of both value axes, the axes' titles, and the year ticks. */
export function MassBalanceAxes({
  layout,
  unit,
  labels,
}: {
  layout: MassBalanceLayout;
  unit: string;
  labels: AxisLabels;
}) {
  const { width, axes, ticks, yLeft } = layout;
  const lines = Array.from({ length: ticks + 1 }, (_, i) => {
    const value = axes.left.max - i * axes.left.step;
    return { y: yLeft(value), zero: value === 0, text: labels.left[i], right: labels.right[i] ?? '' };
  });
  return (
    <ChartGrid frame={layout} margin={MARGIN} lines={lines} years={layout.yearTicks}>
      <text className="mb-chart__axis-title" x={MARGIN.left - 6} y={12} textAnchor="start">
        {unit}
      </text>
      <text className="mb-chart__axis-title mb-chart__axis-title--right" x={width - 2} y={12} textAnchor="end">
        Σ {unit}
      </text>
    </ChartGrid>
  );
}

/** One focusable bar per measured year, its label naming the year and value; the one shown points to the tooltip. */
export function MassBalanceBars({
  layout,
  active,
  tipId,
  handlers,
}: {
  layout: MassBalanceLayout;
  active: number | null;
  tipId: string;
  handlers: ReturnType<typeof useChartTooltip>['handlers'];
}) {
  const { t } = useI18n();
  const { points, plotH, band, barW, yLeft, xCenter, zero } = layout;
  return (
    <g className="mb-chart__bars">
      {points.map((p, i) => {
        const y = yLeft(p.value);
        const top = Math.min(y, zero);
        const bar = t('chart.bar', { year: p.year, value: p.valueText });
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
  );
}

/** The tooltip of the bar shown: its year, value and cumulative balance, placed over the bar. */
export function MassBalanceTooltip({
  layout,
  shown,
  id,
  unit,
}: {
  layout: MassBalanceLayout;
  shown: MassBalancePoint;
  id: string;
  unit: string;
}) {
  const { t } = useI18n();
  const { width, height, xCenter, yLeft, zero } = layout;
  const x = xCenter(shown.year);
  return (
    <div
      id={id}
      role="tooltip"
      className="mb-chart__tooltip"
      style={{
        left: `${(x / width) * 100}%`,
        top: `${(Math.min(yLeft(shown.value), zero) / height) * 100}%`,
        transform: `translate(${x < width * 0.2 ? '-15%' : x > width * 0.8 ? '-85%' : '-50%'}, calc(-100% - 8px))`,
      }}
    >
      <strong>{shown.year}</strong>: {shown.valueText} {unit}
      {shown.preliminary ? ` (${t('glacier.mb.preliminary')})` : null}
      <br />
      {t('chart.barCumulative', { value: shown.sumText })}
    </div>
  );
}

/** Every year's value and cumulative balance, exactly, in a table that opens under the chart. */
export function MassBalanceTable({ name, rows }: { name: string; rows: readonly MassBalancePoint[] }) {
  const { t } = useI18n();
  return (
    <ChartTable
      caption={t('chart.caption', { name })}
      columns={[
        { key: 'value', label: t('chart.value') },
        { key: 'sum', label: t('chart.cumValue') },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.year}>
          <YearHeader year={row.year} preliminary={row.preliminary} />
          <FigureCell value={row.value} text={row.valueText} />
          <FigureCell value={row.sum} text={row.sumText} />
        </tr>
      ))}
    </ChartTable>
  );
}
