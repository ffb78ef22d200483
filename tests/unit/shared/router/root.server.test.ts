import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApiPort } from '../../../../shared/api/api-port.ts';
import { loaderContext } from '../../../../shared/router/context.ts';
import { rootLoader } from '../../../../shared/router/root.server.ts';

/** An ApiPort answering from a table of values (as the upstream cache does: the same object until it changes). */
function tableApi(values: Record<string, unknown>, failing: string[] = []): ApiPort {
  const get = async (name: string) => {
    if (failing.includes(name)) throw new Error(`${name} failed`);
    return values[name];
  };
  return { locale: 'en', get, find: get } as ApiPort;
}

const load = (api: ApiPort) =>
  rootLoader({
    context: loaderContext(api),
    request: new Request('http://x/en'),
    url: new URL('http://x/en'),
    pattern: '/',
    params: {},
  } as LoaderFunctionArgs);

const table = () => ({
  translations: { data: { 'site.title': 'Glaciers (upstream)', 'news.rss': 'News feed (upstream)' } },
  mainMenu: { data: [] },
  footerPartners: {
    data: [
      { id: 2, title: 'B', url: 'https://b.example', image: '/b.png', position: 2 },
      { id: 1, title: 'A', url: 'https://a.example', image: '/a.png', position: 1 },
    ],
  },
  socialNetworks: { data: [] },
  feedbackTypes: { data: [] },
});

describe('root loader', () => {
  it("carries the upstream's texts of the layout's keys only", async () => {
    const first = await load(tableApi(table()));
    expect(first.messages['site.title']).toBe('Glaciers (upstream)');
    // a section's strings, the upstream's texts of them included, travel with its own route (ADR 0081)
    expect(first.messages).not.toHaveProperty('news.rss');
    expect(first.messages).not.toHaveProperty('news.empty');
  });

  it('hands back the same frozen layout data while the upstream values are the same objects', async () => {
    const values = table();
    const first = await load(tableApi(values));
    expect(Object.isFrozen(first)).toBe(true);
    expect(await load(tableApi(values))).toBe(first);
  });

  it('makes new data when an upstream value changes', async () => {
    const values = table();
    const first = await load(tableApi(values));
    const changed = await load(tableApi({ ...values, translations: { data: { 'site.title': 'Glaciers, renamed' } } }));
    expect(changed).not.toBe(first);
    expect(changed.messages['site.title']).toBe('Glaciers, renamed');
  });

  it('never reuses data made from a failed call', async () => {
    const values = table();
    const degraded = await load(tableApi(values, ['mainMenu']));
    expect(degraded.menu).toEqual([]);
    const again = await load(tableApi(values, ['mainMenu']));
    expect(again).not.toBe(degraded);
    // after the failure, the healthy values give their own (fresh) data again
    expect((await load(tableApi(values))).messages['site.title']).toBe('Glaciers (upstream)');
  });
});
