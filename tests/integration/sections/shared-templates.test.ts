/**
 * One design system (ADR 0135): one detail template for events, webinars and the other detail pages
 * (shared/ui/DetailPage.tsx), one card grid for every card list (shared/ui/CardGrid.tsx) and one list card for
 * podcasts and videos (shared/sections/multimedia/cards.tsx).
 */
import { describe, expect, it } from 'vitest';
import { startTestApp } from '../../helpers/app.ts';
import { pinDate, pinnedClock } from '../../helpers/clock.ts';
import { content } from '../../helpers/content.ts';
import { LOCALES, prefix } from '../../helpers/html.ts';

pinDate();
const { mainAt: get } = await startTestApp({ clock: pinnedClock });

/** The page's structure: the classes of its opening tags in order, each once, from the article to its related cards. */
function skeleton(html: string): string[] {
  const classes = [...html.matchAll(/<[a-z]+ class="([^"]+)"/g)].map((m) => m[1]!);
  return [...new Set(classes)];
}
/** The template's own classes, in the order a detail page has them. */
const TEMPLATE = ['breadcrumbs', 'page__head', 'page__count', 'detail-meta', 'status-badge', 'detail-facts'];
const inOrder = (classes: string[]) => [
  ...new Set(classes.map((c) => c.replace(/ .*/, '')).filter((c) => TEMPLATE.includes(c))),
];

describe('one detail template', () => {
  it.each(LOCALES)(
    'event and webinar pages are the same template: centred article column, meta, actions, facts (%s)',
    async (locale) => {
      // both upcoming at the pinned day, so both have their actions
      const [event, webinar] = await Promise.all([
        get(`${prefix(locale)}/news/events/webinar-field-season-2026-results`),
        get(`${prefix(locale)}/study/webinars/webinar-field-season-2026-preliminary-results`),
      ]);
      for (const html of [event, webinar]) {
        expect(html).toMatch(/<article class="container page article [a-z-]+">/);
        expect(inOrder(skeleton(html))).toEqual(TEMPLATE);
        expect(html).toContain('<p class="detail-meta"><span class="status-badge status-badge--upcoming">');
        expect(html).toContain('class="detail-actions"');
        expect(html).toMatch(/<dl class="detail-facts"><div><dt>/);
        expect(html).toContain('class="rich-text"');
      }
      // the webinar's sidebar layout is gone
      expect(webinar).not.toMatch(/webinar-page__(layout|aside|main)|<aside/);
    },
  );

  // (event and webinar pages: above)
  it.each([
    `/news/${content.news[0]!.slug}`,
    `/multimedia/podcasts/${content.podcasts[0]!.slug}`,
    `/multimedia/video/${content.videos[0]!.slug}`,
    `/glaciers/${content['cryosphere-subpages'].find((s) => s.slug === 'glaciers')!.items[0]!.slug}`,
  ])('%s is a detail page in the one template', async (url) => {
    expect(await get(url)).toMatch(/<article class="container page article( [a-z -]+)?">/);
  });
});

describe('one card grid', () => {
  it.each([
    '/',
    '/news',
    '/news/events',
    '/study/webinars',
    '/study/online-courses',
    '/multimedia/podcasts',
    '/multimedia/video',
    '/multimedia/photo-gallery',
    `/multimedia/podcasts/${content.podcasts[0]!.slug}`,
    '/study/webinars/glof-webinar-types-of-glacial-lakes',
  ])('%s lays its cards out in the one grid class, nothing added to it', async (url) => {
    const html = await get(url);
    const grids = [...html.matchAll(/<div class="(cards[^"]*)">/g)].map((m) => m[1]);
    expect(grids.length).toBeGreaterThan(0);
    expect(new Set(grids)).toEqual(new Set(['cards']));
    expect(html).not.toMatch(/class="[^"]*media-cards/);
  });
});

describe('one media card', () => {
  /** The first card's structure up to its badges: the classes of its opening tags, the kind named `kind`. */
  const firstCard = (html: string) => {
    const start = html.indexOf('<article class="card">');
    expect(start).toBeGreaterThan(0);
    const card = html.slice(start, html.indexOf('</article>', start));
    return {
      card,
      classes: [...card.matchAll(/<([a-z0-9]+) class="([^"]+)"/g)]
        .map((m) => `${m[1]}.${m[2]!.replace(/--(audio|video)\b/g, '--kind')}`)
        .slice(0, 6),
    };
  };

  it.each(LOCALES)('podcasts and videos list the same card (%s)', async (locale) => {
    const [podcasts, videos] = await Promise.all([
      get(`${prefix(locale)}/multimedia/podcasts`),
      get(`${prefix(locale)}/multimedia/video`),
    ]);
    const podcast = firstCard(podcasts);
    const video = firstCard(videos);
    expect(podcast.classes).toEqual([
      'article.card',
      'img.card__image',
      'div.card__body',
      'div.card__date',
      'h2.card__title',
      'a.card__link',
    ]);
    expect(video.classes).toEqual(podcast.classes);
    expect(podcast.card).toContain('<p class="media-badges media-badges--audio">');
    expect(video.card).toContain('<p class="media-badges media-badges--video">');
  });
});
