import type { WgmsData } from '../loaders.server.ts';
import { useI18n } from '../../../i18n/use-i18n.ts';
import { NoValue } from '../../../ui/NoValue.tsx';
import { ChartTable, FigureCell, YearHeader } from './ChartTable.tsx';

/**
 * Every year of the comparison, exactly: each reference glacier's cumulative balance (none in a year it was not
 * measured), how many glaciers the region's mean averages that year, the mean and the cumulative mean. Opens under
 * the chart; preliminary years are marked.
 */
export function RegionComparisonTable({
  comparison,
  caption,
}: {
  comparison: WgmsData['comparison'];
  caption: string;
}) {
  const { t } = useI18n();
  return (
    <ChartTable
      caption={caption}
      className="cmp-chart__table"
      columns={[
        ...comparison.glaciers.map((g) => ({ key: g.slug, label: g.name })),
        { key: 'count', label: t('compare.count') },
        { key: 'mean', label: t('compare.meanValue') },
        { key: 'sum', label: t('compare.meanSum') },
      ]}
    >
      {comparison.rows.map((row) => (
        <tr key={row.year} data-year={row.year}>
          <YearHeader year={row.year} preliminary={row.preliminary} />
          {row.cells.map((cell, i) => (
            <td className="num" key={comparison.glaciers[i]?.slug ?? i}>
              {cell ? <data value={cell.sum}>{cell.text}</data> : <NoValue text={t('compare.notMeasured')} />}
            </td>
          ))}
          <td className="num" data-count={row.glaciers}>
            {row.glaciersText}
          </td>
          <FigureCell value={row.value} text={row.valueText} />
          <FigureCell value={row.sum} text={row.sumText} />
        </tr>
      ))}
    </ChartTable>
  );
}
