import type { ReactNode } from 'react';

/**
 * The one template of a detail page (a news item, an event, a video, a podcast episode): the article's column,
 * centred in the page, so that every detail page lines up the same way. `kind` adds the page's own class.
 */
export function DetailPage({ kind, children }: { kind?: string; children: ReactNode }) {
  return <article className={kind ? `container page article ${kind}` : 'container page article'}>{children}</article>;
}
