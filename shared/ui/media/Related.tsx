import { useId, type ReactNode } from 'react';
import { CardGrid } from '../CardGrid.tsx';

/** "More of the same kind" under a detail page, in the one card grid; renders nothing when there is nothing to show. */
export function Related({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  const id = useId();
  if (count === 0) return null;
  return (
    <section className="related media-related" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <CardGrid>{children}</CardGrid>
    </section>
  );
}
