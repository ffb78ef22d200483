/**
 * The partner logos on the home page: its own section (every partner, by full name) and not the footer's a second
 * time; every other page keeps the footer's.
 */
import { describe, expect, it } from 'vitest';
import { startRecordedApp } from '../../helpers/app.ts';
import { content } from '../../helpers/content.ts';
import { esc, LOCALES, prefix } from '../../helpers/html.ts';

// no page cache: one test changes what the upstream answers for the same page
const { get, editAnswers } = await startRecordedApp({ config: { PAGE_CACHE_TTL_MS: 0 } });

const footerOf = (html: string) => /<footer class="site-footer">[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
/** The partners' sites a part of the page links to. */
const partnerLinks = (html: string) =>
  [...html.matchAll(/<a href="([^"]+)" target="_blank" rel="noopener noreferrer" title="[^"]*"><img/g)].map(
    (m) => m[1],
  );

describe('partner logos', () => {
  it.each(LOCALES)('the home page shows them once, in its own section (%s)', async (locale) => {
    const res = await get(prefix(locale) || '/');
    expect(res.statusCode).toBe(200);
    const partners = [...content.partners].sort((a, b) => a.position - b.position);
    const section = /<section class="container section" aria-labelledby="home-partners">[\s\S]*?<\/section>/.exec(
      res.body,
    )?.[0];
    expect(partnerLinks(section ?? '')).toEqual(partners.map((p) => p.url));
    for (const p of partners) expect(section).toContain(`<span class="partners__title">${esc(p.title[locale])}</span>`);
    // the footer has no logos of its own here, and no heading over nothing
    expect(footerOf(res.body)).not.toContain('footer-partners');
    expect(partnerLinks(footerOf(res.body))).toEqual([]);
    expect(partnerLinks(res.body)).toHaveLength(partners.length);
  });

  it.each(LOCALES)('every other page shows the footer’s (%s)', async (locale) => {
    const footerPartners = [...content['footer-partners']].sort((a, b) => a.position - b.position);
    for (const path of ['/about', '/news', '/search']) {
      const res = await get(`${prefix(locale)}${path}`);
      expect(res.statusCode, path).toBe(200);
      expect(footerOf(res.body), path).toContain('<h2 id="footer-partners"');
      expect(partnerLinks(footerOf(res.body)), path).toEqual(footerPartners.map((p) => p.url));
    }
  });

  it('the home page without partners of its own shows the footer’s in their place', async () => {
    // the upstream's partners call answers an empty list (its other calls as they are)
    editAnswers('/api/v1/partners', (answer: object) => ({ ...answer, data: [] }));
    const res = await get('/en');
    expect(res.statusCode).toBe(200);
    const footerPartners = [...content['footer-partners']].sort((a, b) => a.position - b.position);
    expect(res.body).toContain('aria-labelledby="home-partners"');
    expect(partnerLinks(res.body)).toEqual(footerPartners.map((p) => p.url));
    expect(partnerLinks(footerOf(res.body))).toEqual([]);
  });
});
