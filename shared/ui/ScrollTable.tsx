import type { ReactNode } from 'react';

/**
 * A data table in a region that scrolls sideways on narrow screens: the region is named by the table's caption and
 * focusable, so keyboard users can scroll it. `head` is the header row's cells, `children` the body's rows.
 */
export function ScrollTable({
  id,
  caption,
  head,
  children,
}: {
  /** the caption's id (unique on the page) */
  id: string;
  caption: string;
  head: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="table-scroll" role="region" aria-labelledby={id} tabIndex={0}>
      <table className="data-table">
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
