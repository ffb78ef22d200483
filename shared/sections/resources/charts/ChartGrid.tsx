import type { ReactNode } from 'react';
import type { Margin } from './scales.ts';

/**
 * The grid of a chart of years (hidden from assistive technology: the data table holds the figures): a line across
 * the plot at each of `lines` (zero's marked) with its tick's text left of it (and right of it, a second axis's),
 * then `children` (the axes' titles), then under the plot a short line and the year at each of `years`.
 */
export function ChartGrid({
  frame: { width, height, plotH },
  margin,
  lines,
  years,
  children,
}: {
  frame: { width: number; height: number; plotH: number };
  margin: Margin;
  lines: readonly { y: number; zero: boolean; text: string | undefined; right?: string }[];
  years: readonly { year: number; x: number }[];
  children: ReactNode;
}) {
  const left = margin.left;
  const right = width - margin.right;
  const bottom = margin.top + plotH;
  return (
    <g className="mb-chart__grid" aria-hidden="true">
      {lines.map((line, i) => (
        <g key={i}>
          <line className={line.zero ? 'mb-chart__zero' : undefined} x1={left} x2={right} y1={line.y} y2={line.y} />
          <text className="mb-chart__tick" x={left - 6} y={line.y + 4} textAnchor="end">
            {line.text}
          </text>
          {line.right === undefined ? null : (
            <text className="mb-chart__tick mb-chart__tick--right" x={right + 6} y={line.y + 4}>
              {line.right}
            </text>
          )}
        </g>
      ))}
      {children}
      {years.map(({ year, x }) => (
        <g key={year}>
          <line className="mb-chart__year-tick" x1={x} x2={x} y1={bottom} y2={bottom + 4} />
          <text className="mb-chart__tick" x={x} y={height - margin.bottom + 17} textAnchor="middle">
            {year}
          </text>
        </g>
      ))}
    </g>
  );
}
