import { useId } from 'react';
import { useI18n } from '../../../i18n/use-i18n.ts';
import { massBalanceLayout, type MassBalanceText } from './mass-balance-layout.ts';
import {
  MassBalanceAxes,
  MassBalanceBars,
  MassBalanceLegend,
  MassBalanceTable,
  MassBalanceTooltip,
} from './MassBalanceParts.tsx';
import { useChartTooltip } from './useChartTooltip.ts';
import { useMeasuredWidth } from './useMeasuredWidth.ts';

/** width before the browser measures the chart (the server renders at this width; the SVG scales until then) */
const DEFAULT_WIDTH = 640;
const MIN_WIDTH = 280;

/**
 * Annual mass balance as bars (losses and gains in two colours) on the left axis, with a zero line, and the
 * cumulative balance of the measured years as a line on the right axis; zero lines and grid lines of both axes
 * coincide. Years without a measurement keep their empty slot and break the line. Rendered on the server; in the
 * browser it re-lays itself out at its real width, and each bar (focusable) shows a tooltip. The data table under
 * it holds every value exactly. Every figure is the loader's text (`massBalanceText`), the axes' ticks too: the
 * chart formats nothing. The layout is `mass-balance-layout.ts`, the parts `MassBalanceParts.tsx`.
 */
export function MassBalanceChart({ name, chart }: { name: string; chart: MassBalanceText }) {
  const { t } = useI18n();
  const id = useId();
  const { ref: plot, width } = useMeasuredWidth(DEFAULT_WIDTH, MIN_WIDTH);
  const { active, handlers } = useChartTooltip();

  const layout = massBalanceLayout(chart.series, width);
  const { height, points } = layout;
  const preliminaryYears = points.filter((p) => p.preliminary).map((p) => p.year);
  const unit = t('chart.unit.mmwe');
  const shown = active === null ? null : (points[active] ?? null);
  const captionId = `${id}-caption`;
  const tipId = `${id}-tip`;

  return (
    <figure className="mb-chart">
      <figcaption id={captionId} className="mb-chart__caption">
        {t('chart.caption', { name })}
      </figcaption>
      <MassBalanceLegend preliminary={preliminaryYears.length > 0} />
      <div className="mb-chart__plot" ref={plot}>
        <svg
          className="mb-chart__svg"
          viewBox={`0 0 ${width} ${height}`}
          width={width}
          height={height}
          role="group"
          aria-labelledby={captionId}
        >
          <MassBalanceAxes layout={layout} unit={unit} labels={chart.ticks} />
          <MassBalanceBars layout={layout} active={active} tipId={tipId} handlers={handlers} />
          <path className="mb-chart__line" d={layout.line} aria-hidden="true" />
        </svg>
        {shown ? <MassBalanceTooltip layout={layout} shown={shown} id={tipId} unit={unit} /> : null}
      </div>
      {layout.hasGaps ? <p className="mb-chart__note">{t('chart.gaps')}</p> : null}
      {preliminaryYears.length > 0 ? (
        <p className="mb-chart__note">{t('glacier.mb.preliminaryNote', { year: preliminaryYears.join(', ') })}</p>
      ) : null}
      <MassBalanceTable name={name} rows={points} />
    </figure>
  );
}
