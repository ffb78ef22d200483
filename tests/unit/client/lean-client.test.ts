import { describe, expect, it } from 'vitest';
import { createPrefetchBudget, MAX_PREFETCH_BEFORE_INTERACTION } from '../../../client/runtime/prefetch.ts';

describe('prefetch budget', () => {
  it('allows 8 viewport prefetches per page view before the visitor interacts, then any', () => {
    const budget = createPrefetchBudget();
    const granted = Array.from({ length: 24 }, () => budget.take()).filter(Boolean);
    expect(granted).toHaveLength(MAX_PREFETCH_BEFORE_INTERACTION);
    expect(MAX_PREFETCH_BEFORE_INTERACTION).toBe(8);
    budget.interact();
    expect(budget.take()).toBe(true);
    budget.reset();
    expect(Array.from({ length: 10 }, () => budget.take()).filter(Boolean)).toHaveLength(8);
  });
});

describe('card images', () => {
  it('loads the priority image eagerly with high fetch priority, every other one lazily', async () => {
    const { createElement } = await import('react');
    const { renderToStaticMarkup } = await import('react-dom/server');
    const { MemoryRouter } = await import('react-router');
    const { Card } = await import('../../../shared/ui/Card.tsx');
    const image = { url: '/media/a.svg', alt: 'A glacier', width: 640, height: 360 };
    const html = (priority: boolean) =>
      renderToStaticMarkup(
        createElement(MemoryRouter, null, createElement(Card, { to: '/news/a', title: 'A', image, priority })),
      );
    expect(html(true)).toMatch(/<img[^>]*loading="eager"[^>]*fetchPriority="high"/);
    expect(html(false)).toMatch(/<img[^>]*loading="lazy"/);
    expect(html(false)).not.toContain('fetchPriority');
  });
});
