import type { ReactNode } from 'react';

/**
 * The one grid of cards (`.cards`): as many columns of at least 280 px as fit, every row filled from the left, a lone
 * last card where the next one would be (ADR 0135). Every card list uses it, related cards under a page too.
 */
export function CardGrid({ children }: { children: ReactNode }) {
  return <div className="cards">{children}</div>;
}
