import type { ReactNode } from 'react';
import { useI18n } from '../../../i18n/use-i18n.ts';

/**
 * A chart's data table: every value exactly, in a table that opens under the chart (a `<details>`), scrolling
 * sideways in its own box, captioned for screen readers as the chart is: a year a row, a figure a column.
 */
export function ChartTable({
  caption,
  className,
  columns,
  children,
}: {
  caption: string;
  className?: string;
  /** the headers of the columns after the year, each a figure */
  columns: readonly { key: string; label: string }[];
  /** the rows */
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <details className={className ? `mb-chart__table ${className}` : 'mb-chart__table'}>
      <summary>{t('chart.table')}</summary>
      <div className="table-scroll" role="region" aria-label={t('chart.table')} tabIndex={0}>
        <table className="data-table data-table--compact">
          <caption className="visually-hidden">{caption}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.year')}</th>
              {columns.map((column) => (
                <th scope="col" className="num" key={column.key}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children}</tbody>
        </table>
      </div>
    </details>
  );
}

/** A row's year, marked when its values are preliminary. */
export function YearHeader({ year, preliminary }: { year: number; preliminary: boolean | undefined }) {
  const { t } = useI18n();
  return (
    <th scope="row">
      {year}
      {preliminary ? <span className="mb-chart__preliminary"> ({t('wgms.table.preliminary')})</span> : null}
    </th>
  );
}

/** A figure's cell: its value for programs, its text for readers. */
export function FigureCell({ value, text }: { value: number; text: string }) {
  return (
    <td className="num">
      <data value={value}>{text}</data>
    </td>
  );
}
