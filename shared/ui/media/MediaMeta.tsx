import type { ReactNode } from 'react';
import { useI18n } from '../../i18n/use-i18n.ts';

/** The line under a media title: its date, then any further facts (duration, count), separated by dots. */
export function MediaMeta({ date: iso, children }: { date: string; children?: ReactNode }) {
  const { date } = useI18n();
  return (
    <p className="media-meta">
      <time dateTime={iso}>{date(iso)}</time>
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
