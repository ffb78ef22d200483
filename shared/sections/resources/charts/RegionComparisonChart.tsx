import type { WgmsData } from '../loaders.server.ts';
import { useId } from 'react';
import { useI18n } from '../../../i18n/use-i18n.ts';
import { ChartGrid } from './ChartGrid.tsx';
import { COMPARISON_MARGIN, comparisonLayout } from './comparison-layout.ts';
import { RegionComparisonTable } from './RegionComparisonTable.tsx';
import { useMeasuredWidth } from './useMeasuredWidth.ts';

type Comparison = WgmsData['comparison'];

/** width before the browser measures the chart; below `NO_SCRIPT_MIN` it scrolls sideways until then */
const DEFAULT_WIDTH = 640;
const MIN_WIDTH = 280;
/** how many line styles there are (a dash pattern, a colour and an end marker each): more glaciers reuse them */
export const LINE_STYLES = 5;

/** The end marker of line style `style` at (x, y): a circle, a square, a triangle, a diamond or a cross. */
export function LineMarker({ style, x, y }: { style: number; x: number; y: number }) {
  const r = 4.5;
  const className = `cmp-chart__marker cmp-chart__marker--${style % LINE_STYLES}`;
  switch (style % LINE_STYLES) {
    case 0:
      return <circle className={className} cx={x} cy={y} r={r} />;
    case 1:
      return <rect className={className} x={x - r} y={y - r} width={2 * r} height={2 * r} />;
    case 2:
      return <path className={className} d={`M${x} ${y - r - 1}L${x + r + 1} ${y + r}L${x - r - 1} ${y + r}Z`} />;
    case 3:
      return (
        <path className={className} d={`M${x} ${y - r - 1}L${x + r + 1} ${y}L${x} ${y + r + 1}L${x - r - 1} ${y}Z`} />
      );
    default:
      return (
        <path className={className} d={`M${x - r} ${y - r}L${x + r} ${y + r}M${x + r} ${y - r}L${x - r} ${y + r}`} />
      );
  }
}

/** A legend's sample of a line style (or of the region's mean): a stretch of the line with its end marker. */
function LineKey({ style }: { style: number | 'mean' }) {
  return (
    <svg className="cmp-chart__key" viewBox="0 0 32 12" width="32" height="12" aria-hidden="true">
      <path
        className={`cmp-chart__line cmp-chart__line--${style === 'mean' ? 'mean' : style % LINE_STYLES}`}
        d="M1 6L25 6"
      />
      {style === 'mean' ? null : <LineMarker style={style} x={25} y={6} />}
    </svg>
  );
}

/** Under the years, the number of glaciers each year's mean averages: a bar a year, the most at full height. */
function ComparisonStrip({
  layout,
  most,
  label,
}: {
  layout: ReturnType<typeof comparisonLayout>;
  most: string;
  label: string;
}) {
  const { top, height, bars } = layout.strip;
  const x = COMPARISON_MARGIN.left - 6;
  return (
    <g className="cmp-chart__strip" aria-hidden="true">
      <text className="mb-chart__tick" x={x} y={top + 9} textAnchor="end">
        {most}
      </text>
      <text className="mb-chart__tick" x={x} y={top + height} textAnchor="end">
        {label}
      </text>
      {bars.map((bar) => (
        <rect key={bar.year} x={bar.x} y={bar.y} width={bar.width} height={bar.height} data-year={bar.year} />
      ))}
    </g>
  );
}

/** The value axis's grid lines and ticks, its unit, and the year ticks. */
function ComparisonAxes({
  layout,
  ticks,
  unit,
}: {
  layout: ReturnType<typeof comparisonLayout>;
  ticks: Comparison['ticks'];
  unit: string;
}) {
  const lines = ticks.map((tick, i) => ({ y: layout.tickY[i] ?? 0, zero: tick.value === 0, text: tick.text }));
  return (
    <ChartGrid frame={layout} margin={COMPARISON_MARGIN} lines={lines} years={layout.yearTicks}>
      <text className="mb-chart__axis-title" x={2} y={12}>
        Σ {unit}
      </text>
    </ChartGrid>
  );
}

/**
 * The cumulative mass balance of the reference glaciers side by side (WGMS's comparison of reference glaciers), one
 * line per glacier from its first measured year, each with its own dash pattern, colour and end marker, and the
 * region's mean as a thick line; the preliminary years shaded; under the years, a bar a year as high as the number
 * of glaciers the year's mean averages. Rendered on the server: without JavaScript it keeps a width its labels can be
 * read at and scrolls sideways in its box; in the browser it lays itself out at its real width. The SVG is one image for assistive technology, named by its caption and described by each glacier's total;
 * the data table under it holds every value. Every figure is the loader's text (`regionComparisonText`).
 */
export function RegionComparisonChart({ comparison }: { comparison: Comparison }) {
  const { t } = useI18n();
  const id = useId();
  const { ref, width } = useMeasuredWidth(DEFAULT_WIDTH, MIN_WIDTH);
  const layout = comparisonLayout(comparison, width);
  const measured = width !== DEFAULT_WIDTH;
  const { glaciers, rows, ticks, from, to } = comparison;
  const last = rows.at(-1);
  const caption = t('compare.caption', { from: from ?? '', to: to ?? '' });
  const preliminary = comparison.preliminaryYears.join(', ');
  const description = [
    ...glaciers.map((g) =>
      t('compare.desc.glacier', { name: g.name, value: g.lastSumText ?? '', from: g.first ?? '', to: g.last ?? '' }),
    ),
    t('compare.desc.mean', { value: last?.sumText ?? '', from: from ?? '', to: to ?? '' }),
  ].join('; ');
  return (
    <figure className="cmp-chart">
      <figcaption id={`${id}-caption`} className="mb-chart__caption">
        {caption}
      </figcaption>
      <ul className="cmp-chart__legend">
        {glaciers.map((g, i) => (
          <li key={g.slug}>
            <LineKey style={i} />
            {g.name}
          </li>
        ))}
        <li>
          <LineKey style="mean" />
          {t('compare.mean')}
        </li>
        <li>
          <span className="cmp-chart__key cmp-chart__key--strip" aria-hidden="true" />
          {t('compare.stripKey')}
        </li>
        {preliminary ? (
          <li>
            <span className="cmp-chart__key cmp-chart__key--preliminary" aria-hidden="true" />
            {t('compare.preliminary', { years: preliminary })}
          </li>
        ) : null}
      </ul>
      <div
        className={`cmp-chart__plot${measured ? ' is-measured' : ''}`}
        ref={ref}
        // scrolls sideways (a narrow screen before the chart is measured): reachable from the keyboard
        tabIndex={measured ? undefined : 0}
        role={measured ? undefined : 'group'}
        aria-labelledby={measured ? undefined : `${id}-caption`}
      >
        <svg
          className="cmp-chart__svg"
          viewBox={`0 0 ${width} ${layout.height}`}
          width={width}
          height={layout.height}
          role="img"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-desc`}
        >
          <title id={`${id}-title`}>{caption}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {layout.preliminary ? (
            <g className="cmp-chart__preliminary">
              <rect
                x={layout.preliminary.x}
                y={COMPARISON_MARGIN.top}
                width={layout.preliminary.width}
                height={layout.plotH}
              />
            </g>
          ) : null}
          <ComparisonAxes layout={layout} ticks={ticks} unit={t('chart.unit.mmwe')} />
          <ComparisonStrip layout={layout} most={comparison.averaged?.maxText ?? ''} label={t('compare.strip')} />
          {layout.lines.map((d, i) => (
            <path
              key={glaciers[i]?.slug ?? i}
              className={`cmp-chart__line cmp-chart__line--${i % LINE_STYLES}`}
              d={d}
              data-glacier={glaciers[i]?.slug}
            />
          ))}
          <path className="cmp-chart__line cmp-chart__line--mean" d={layout.mean} data-glacier="mean" />
          {layout.ends.map((end, i) =>
            end ? <LineMarker key={glaciers[i]?.slug ?? i} style={i} x={end.x} y={end.y} /> : null,
          )}
        </svg>
      </div>
      <RegionComparisonTable comparison={comparison} caption={caption} />
    </figure>
  );
}
