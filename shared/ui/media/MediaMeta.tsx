import type { ReactNode } from 'react';
import type { Published } from '../../i18n/format.server.ts';

/** The line under a media title: its date, then any further facts (duration, count), separated by dots. */
export function MediaMeta({ item, children }: { item: Published; children?: ReactNode }) {
  return (
    <p className="media-meta">
      <time dateTime={item.published_at}>{item.publishedText}</time>
      {children ? (
        <>
          <span className="media-meta__sep" aria-hidden="true">
            ·
          </span>
          {children}
        </>
      ) : null}
    </p>
  );
}
