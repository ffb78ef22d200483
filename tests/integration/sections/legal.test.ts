/** shared/sections/legal: the privacy policy and the terms, texts from the repository, payloads made at build time. */
import { describe, expect, it } from 'vitest';
import { prerenderedPaths } from '../../../shared/router/route-tree.ts';
import { privacyPolicy } from '../../../shared/sections/legal/privacy-policy.server.ts';
import { termsAndConditions } from '../../../shared/sections/legal/terms-and-conditions.server.ts';
import { LAYOUT_CALLS, startRecordedApp } from '../../helpers/app.ts';
import { json } from '../../helpers/fake-upstream.ts';
import { esc, LOCALES, mainOf, prefix } from '../../helpers/html.ts';

// behind a recording proxy, with no cache of answers or pages: every request renders, and the content calls it
// makes reach the proxy
const { get, mainAt, upstream } = await startRecordedApp({ config: { CACHE_TTL_MS: 0, PAGE_CACHE_TTL_MS: 0 } });

describe('legal pages', () => {
  const legal = [
    { path: '/content/privacy-policy', doc: privacyPolicy },
    { path: '/content/terms-and-conditions', doc: termsAndConditions },
  ];

  it.each(legal.flatMap((l) => LOCALES.map((locale) => ({ ...l, locale }))))(
    'renders $path in $locale from the repository text',
    async ({ path, doc, locale }) => {
      const res = await get(prefix(locale) + path);
      expect(res.statusCode).toBe(200);
      const main = mainOf(res.body);
      expect(main).toContain(`<h1>${esc(doc[locale].title)}</h1>`);
      expect(main).toContain('info@cryoportal.asia');
      expect(res.body).toContain(`<meta name="description" content="${esc(doc[locale].description)}"/>`);
    },
  );

  it('the privacy policy says what the site stores', async () => {
    const ru = await mainAt('/content/privacy-policy');
    const en = await mainAt('/en/content/privacy-policy');
    for (const main of [ru, en]) {
      expect(main).toContain('i18n_redirected');
      expect(main).toContain('365');
    }
    expect(en).toContain('IP address');
    expect(en).toContain('feedback form');
    expect(en).toContain('third-party');
  });

  it('renders without any content call', async () => {
    for (const path of prerenderedPaths) {
      for (const locale of LOCALES) expect((await get(prefix(locale) + path)).statusCode).toBe(200);
    }
    const called = upstream.requests.map((r) => new URL(r.url, 'http://x').pathname);
    expect(called.length).toBeGreaterThan(0);
    expect(called.filter((p) => !LAYOUT_CALLS.has(p))).toEqual([]);
  });

  it('renders with the upstream down', async () => {
    upstream.handler = (_req, res) => json(res, 503, { message: 'down' });
    expect(await mainAt('/en/content/terms-and-conditions')).toContain(`<h1>${termsAndConditions.en.title}</h1>`);
  });
});
