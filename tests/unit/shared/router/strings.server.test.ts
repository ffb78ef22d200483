import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiPort } from '../../../../shared/api/api-port.ts';
import { en as newsEn } from '../../../../shared/sections/news/messages.ts';
import { loaderContext } from '../../../../shared/router/context.ts';
import { sectionStringsLoader } from '../../../../shared/router/strings.server.ts';
import { sections } from '../../../../shared/sections/registry.ts';

/** An ApiPort whose translations are `texts` (the same object until the test changes it). */
function translationsApi(texts: { data: Record<string, string> }): ApiPort {
  const get = async (name: string) => {
    if (name !== 'translations') throw new Error(`${name} failed`);
    return texts;
  };
  return { locale: 'en', get, find: get } as ApiPort;
}

const news = sections.find((s) => s.name === 'news')!;
// the loader reads only the context
const load = (section: typeof news, api: ApiPort) =>
  sectionStringsLoader(section)({ context: loaderContext(api) } as Partial<LoaderFunctionArgs> as LoaderFunctionArgs);

describe('section strings loader', () => {
  it("carries the section's keys only, with the upstream's texts of them", async () => {
    const texts = { data: { 'news.rss': 'News feed (upstream)', 'site.title': 'Glaciers (upstream)' } };
    const strings = await load(news, translationsApi(texts));
    expect(strings['news.rss']).toBe('News feed (upstream)');
    expect(strings['news.empty']).toBe(newsEn['news.empty']);
    // the layout's keys travel with the layout's data, other sections' with theirs
    expect(strings).not.toHaveProperty('site.title');
    expect(Object.keys(strings).sort()).toEqual(Object.keys(newsEn).sort());
  });

  it('is made once per upstream value: the same object while the upstream cache hands back the same texts', async () => {
    const texts = { data: { 'news.rss': 'News feed (upstream)' } };
    const first = await load(news, translationsApi(texts));
    expect(Object.isFrozen(first)).toBe(true);
    expect(await load(news, translationsApi(texts))).toBe(first);
    const renamed = await load(news, translationsApi({ data: { 'news.rss': 'Feed, renamed' } }));
    expect(renamed).not.toBe(first);
    expect(renamed['news.rss']).toBe('Feed, renamed');
  });
});
