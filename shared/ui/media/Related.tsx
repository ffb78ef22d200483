import { useId, type ReactNode } from 'react';

/**
 * "More of the same kind" under a detail page; renders nothing when there is nothing to show. `cardsClass` is the
 * list's own grid class where its cards are laid out differently (podcasts: the cover beside the text, one a row).
 */
export function Related({
  title,
  count,
  cardsClass,
  children,
}: {
  title: string;
  count: number;
  cardsClass?: string;
  children: ReactNode;
}) {
  const id = useId();
  if (count === 0) return null;
  return (
    <section className="related media-related" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className={cardsClass ? `cards ${cardsClass}` : 'cards'}>{children}</div>
    </section>
  );
}
