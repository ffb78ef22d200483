import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Footer } from '../../../../../shared/ui/Footer.tsx';
import { SiteMenu } from '../../../../../shared/ui/header/SiteMenu.tsx';
import { NewsCard } from '../../../../../shared/ui/NewsCard.tsx';
import { newsCard } from '../../../../../shared/ui/news-card.server.ts';
import {
  FragmentStoreContext,
  RenderOnce,
  type FragmentStore,
} from '../../../../../shared/ui/fast-paths/RenderOnce.tsx';
import { createFragmentStore } from '../../../../../server/render/fragment-store.ts';
import { RuntimeConfigProvider } from '../../../../../shared/ui/runtime-config.tsx';
import { bundledMessages } from '../../../../../shared/i18n/messages.ts';
import { ROOT_ROUTE_ID } from '../../../../../shared/router/route-tree.ts';
import { testRuntimeConfig } from '../../../../helpers/runtime-config.ts';
import type { MenuItem } from '../../../../../shared/schemas/menu.ts';
import type { Locale } from '../../../../../shared/constants.ts';
import type { NewsSummary } from '../../../../../shared/schemas/news.ts';

/** The layout data as the root loader makes it: one frozen object while the upstream values stay the same. */
async function layoutData(locale: 'ru' | 'en') {
  return Object.freeze({
    locale,
    messages: await bundledMessages(locale),
    menu: [] as MenuItem[],
    footerPartners: [
      { id: 1, title: 'WGMS', url: 'https://wgms.ch', image: '/media/logo-wgms.svg', position: 1 },
      { id: 2, title: 'UNESCO', url: 'https://www.unesco.org', image: '/media/logo-unesco.svg', position: 2 },
    ],
    socialNetworks: [
      { id: 1, title: 'Telegram', url: 'https://t.me/x', image: '/media/icon-telegram.svg', position: 1 },
    ],
    feedbackTypes: [{ id: 1, title: 'Question', position: 1 }],
  });
}
type Layout = Awaited<ReturnType<typeof layoutData>>;

/** A page of a static router (basename per locale) with the layout data as the root route's data. */
async function renderPage(
  layout: Layout,
  url: string,
  store: FragmentStore | null,
  page: (root: Layout) => React.ReactNode,
): Promise<string> {
  const basename = layout.locale === 'en' ? '/en' : '/';
  const routes: RouteObject[] = [
    {
      id: ROOT_ROUTE_ID,
      path: '/',
      loader: () => layout,
      Component: () => <>{page(layout)}</>,
      children: [{ id: 'page', path: '*', loader: () => null, Component: () => null }],
    },
  ];
  const handler = createStaticHandler(routes, { basename });
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const config = testRuntimeConfig(layout.locale);
  return renderToString(
    <RuntimeConfigProvider value={config}>
      <FragmentStoreContext.Provider value={store}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </FragmentStoreContext.Provider>
    </RuntimeConfigProvider>,
  );
}

/** A store that counts the fragments it renders. */
function countingStore() {
  const store = createFragmentStore();
  const counter = {
    renders: 0,
    html: (source: object, key: string, render: () => React.ReactNode) =>
      store.html(source, key, () => {
        counter.renders += 1;
        return render();
      }),
  };
  return counter;
}

const footerOf = () => <Footer />;

/** A fragment holding a Suspense boundary. */
const suspended = () => (
  <Suspense fallback={<p>loading</p>}>
    <p>inside</p>
  </Suspense>
);

describe('RenderOnce', () => {
  it('sends the footer rendered once per layout data, locale and home or not, byte-identical to rendering it in place', async () => {
    const store = countingStore();
    for (const locale of ['ru', 'en'] as const) {
      const layout = await layoutData(locale);
      const prefix = locale === 'en' ? '/en' : '';
      for (const path of ['/news', '/about/team', '/']) {
        const inPlace = await renderPage(layout, prefix + path, null, footerOf);
        expect(inPlace).toContain('<footer class="site-footer">');
        expect(inPlace).toContain(`href="${prefix}/content/privacy-policy"`);
        expect(await renderPage(layout, prefix + path, store, footerOf)).toBe(inPlace);
      }
    }
    // three pages per locale: one render of the footer for the two that are not home, one for home (no partner logos)
    expect(store.renders).toBe(4);
  });

  it('renders again for new layout data', async () => {
    const store = countingStore();
    const layout = await layoutData('en');
    await renderPage(layout, '/en/news', store, footerOf);
    const changed = Object.freeze({ ...layout, socialNetworks: [] });
    const html = await renderPage(changed, '/en/news', store, footerOf);
    expect(html).not.toContain('icon-telegram');
    expect(store.renders).toBe(2);
  });

  it('renders children in place when they hoist a resource into the head', async () => {
    const store = countingStore();
    const layout = await layoutData('en');
    // an eager image is preloaded from the head: such a fragment is not reusable
    const page = (root: Layout) => (
      <RenderOnce as="div" className="hero" source={root} cacheKey="hero">
        <img src="/media/hero.jpg" alt="" width={10} height={10} />
      </RenderOnce>
    );
    const first = await renderPage(layout, '/en', store, page);
    expect(first).toContain('<div class="hero"><img src="/media/hero.jpg"');
    expect(await renderPage(layout, '/en', store, page)).toBe(first);
    expect(store.renders).toBe(1);
    expect(await renderPage(layout, '/en', null, page)).toBe(first);
  });

  it('refuses (null: the caller renders in place) a fragment holding a Suspense boundary', () => {
    const store = createFragmentStore();
    // a boundary's content may stream in later on the page: its fallback must never be stored in its place
    expect(store.html({}, 'boundary', suspended)).toBeNull();
  });

  it('refuses (null: the caller renders in place) a fragment that throws', () => {
    const store = createFragmentStore();
    const Throws = () => {
      throw new Error('no data yet');
    };
    expect(store.html({}, 'throws', () => <Throws />)).toBeNull();
  });

  it('remembers a refusal for its source and key only', () => {
    const store = createFragmentStore();
    const source = {};
    expect(store.html(source, 'boundary', suspended)).toBeNull();
    // the refusal is remembered: not rendered again for the same source and key
    let again = 0;
    store.html(source, 'boundary', () => {
      again += 1;
      return suspended();
    });
    expect(again).toBe(0);
    expect(store.html(source, 'plain', () => <p>plain</p>)).toBe('<p>plain</p>');
  });

  it('sends the menu rendered once per state of its links, for more states than a store of 16 keys held', async () => {
    // 12 sections of 3 pages: 36 pages, each its own state of the menu's links (which one is current, which active)
    const menu: MenuItem[] = Array.from({ length: 12 }, (_, i) => ({
      id: i + 1,
      title: `Section ${i + 1}`,
      url: `/s${i + 1}`,
      subitems: [1, 2, 3].map((n) => ({ id: (i + 1) * 10 + n, title: `Page ${n}`, url: `/s${i + 1}/p${n}` })),
    }));
    const layout = Object.freeze({ ...(await layoutData('en')), menu });
    const paths = menu.flatMap((item) => item.subitems.map((sub) => `/en${sub.url}`));
    const page = (root: Layout) => <SiteMenu menu={root.menu} />;
    const store = countingStore();
    for (const round of [1, 2])
      for (const path of paths) {
        const inPlace = await renderPage(layout, path, null, page);
        expect(inPlace, path).toContain(`aria-current="page" href="${path}"`);
        expect(await renderPage(layout, path, store, page), `${path}, round ${round}`).toBe(inPlace);
      }
    // the first round renders each state once; the second finds every one of them
    expect(store.renders).toBe(paths.length);
  });

  it('evicts the least recently used key of a full source, rendering it again when asked', () => {
    const store = createFragmentStore(2);
    const source = {};
    let renders = 0;
    const html = (key: string) => store.html(source, key, () => ((renders += 1), (<p>{key}</p>)));
    expect([html('a'), html('b'), html('a')]).toEqual(['<p>a</p>', '<p>b</p>', '<p>a</p>']);
    expect(renders).toBe(2);
    // c replaces b, the least recently used; a stays
    expect(html('c')).toBe('<p>c</p>');
    expect(html('a')).toBe('<p>a</p>');
    expect(renders).toBe(3);
    expect(html('b')).toBe('<p>b</p>');
    expect(renders).toBe(4);
  });

  it('sends each news card but the LCP one (its image is preloaded) rendered once per item and locale', async () => {
    // the loaders' card items (`newsCard`): one object per item and locale, so each card's fragment is reused
    const store = countingStore();
    const items: NewsSummary[] = [1, 2, 3].map((n) => ({
      id: n,
      slug: `story-${n}`,
      title: `Story ${n}`,
      excerpt: `About glacier ${n}`,
      published_at: `2026-0${n}-15T08:00:00Z`,
      image: { url: `/media/news-${n}.jpg`, alt: `Glacier ${n}`, width: 1200, height: 675 },
      tags: [{ id: n, slug: `tag-${n}`, title: `Tag ${n}` }],
    }));
    const list = (locale: Locale) => () => (
      <div className="card-grid">
        {items.map((item, i) => (
          <NewsCard key={item.id} item={newsCard(item, locale)} priority={i === 0} />
        ))}
      </div>
    );
    for (const locale of ['ru', 'en'] as const) {
      const layout = await layoutData(locale);
      const prefix = locale === 'en' ? '/en' : '';
      const inPlace = await renderPage(layout, `${prefix}/news`, null, list(locale));
      expect(inPlace).toContain('rel="preload" as="image"');
      expect(inPlace).toContain(`href="${prefix}/news/story-2"`);
      expect(await renderPage(layout, `${prefix}/news`, store, list(locale))).toBe(inPlace);
      expect(await renderPage(layout, `${prefix}/news?page=2`, store, list(locale))).toBe(
        await renderPage(layout, `${prefix}/news?page=2`, null, list(locale)),
      );
    }
    // per locale: the three cards once (the first one's fragment is refused for its preload), then none
    expect(store.renders).toBe(6);
  });
});
