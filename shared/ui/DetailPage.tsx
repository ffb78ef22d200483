import type { ReactNode } from 'react';

/**
 * The one template of a detail page (a news item, an event, a webinar, a video, a podcast episode): the article's
 * column, centred in the page, so that every detail page lines up the same way. `kind` adds the page's own class.
 * Inside it, in this order where a page has them: `PageHeader` (its lead a `DetailMeta`), what to do next
 * (`TakePart` with `DETAIL_ACTIONS`), the facts (`DetailFacts`), the image, the text, related cards (`Related`).
 */
export function DetailPage({ kind, children }: { kind?: string; children: ReactNode }) {
  return <article className={kind ? `container page article ${kind}` : 'container page article'}>{children}</article>;
}

/** The class of a detail page's actions (register, ask to join, add to calendar: `TakePart`). */
export const DETAIL_ACTIONS = 'detail-actions';

/** The line under a detail page's title: the status badge first, then the date or time, if any. */
export function DetailMeta({ children }: { children: ReactNode }) {
  return <p className="detail-meta">{children}</p>;
}

/** A detail page's facts (when, where, duration, language, speakers) as one definition list. */
export function DetailFacts({ children }: { children: ReactNode }) {
  return <dl className="detail-facts">{children}</dl>;
}

/** One fact of a definition list (`DetailFacts`, a card's or a file's facts): `<div><dt><dd>`. */
export function DetailFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
