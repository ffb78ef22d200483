import { useId, type ReactNode } from 'react';

/** "More of the same kind" under a detail page; renders nothing when there is nothing to show. */
export function Related({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const id = useId();
  if (count === 0) return null;
  return (
    <section className="related media-related" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <div className="cards">{children}</div>
    </section>
  );
}
