import { describe, expect, it } from 'vitest';
import { createPayloadClient, seedFromHydration } from '../../../client/runtime/payload-client.ts';
import { createPrefetchBudget, MAX_PREFETCH_BEFORE_INTERACTION } from '../../../client/runtime/prefetch.ts';

function recordingClient() {
  const fetched: string[] = [];
  const client = createPayloadClient('abc', {
    fetchImpl: (async (url: string) => {
      fetched.push(url);
      return new Response(JSON.stringify({ status: 200, loaderData: { x: 1 }, errors: null }), {
        headers: { 'content-type': 'application/json' },
      });
    }) as unknown as typeof fetch,
  });
  return { client, fetched };
}

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

describe('payload seeding', () => {
  it("keeps the first page's hydration data, so going back to it fetches nothing", async () => {
    const { client, fetched } = recordingClient();
    const seeded = seedFromHydration(
      client,
      { loaderData: { root: { menu: [] }, 'news-list': { items: [] } }, errors: null },
      { pathname: '/en/news', search: '?page=2' },
    );
    expect(seeded).toBe(true);
    const payload = await client.load('/en/news', '?page=2', { traversal: true });
    expect(fetched).toEqual([]);
    expect(payload).toEqual({ status: 200, loaderData: { 'news-list': { items: [] } }, errors: null });
    await client.load('/en/news', '');
    expect(fetched).toEqual(['/en/news/_payload.json?abc']);
  });

  it('does not seed a page that had errors', async () => {
    const { client, fetched } = recordingClient();
    const seeded = seedFromHydration(
      client,
      { loaderData: { root: {} }, errors: { 'news-detail': { status: 404, __type: 'RouteErrorResponse' } } },
      { pathname: '/news/x', search: '' },
    );
    expect(seeded).toBe(false);
    await client.load('/news/x', '', { traversal: true });
    expect(fetched).toEqual(['/news/x/_payload.json?abc']);
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
