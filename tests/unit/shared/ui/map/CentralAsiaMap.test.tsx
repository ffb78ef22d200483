import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '../../../../../shared/constants.ts';
import { CentralAsiaMap } from '../../../../../shared/ui/map/CentralAsiaMap.tsx';
import { MAP_COUNTRIES, MAP_VIEWBOX } from '../../../../../shared/ui/map/central-asia-map.generated.ts';
import { OUTPUT_SVG } from '../../../../../scripts/build-map.ts';

const glaciers = [
  { slug: 'tuyuksu', name: 'Tuyuksu', lat: 43.043653004, lon: 77.080587306, hasData: true, reference: true },
  { slug: 'abramova', name: 'Abramov', lat: 39.609699249, lon: 71.569862366, hasData: true, reference: false },
  { slug: 'fedchenko', name: 'Fedchenko', lat: 38.767, lon: 72.283, hasData: false, reference: false },
  { slug: 'nowhere', name: 'Nowhere', lat: null, lon: null, hasData: true, reference: false },
];

/** The map as the server renders it, on a page of a static router. */
async function renderMap(locale: Locale, selected: string | null = null): Promise<string> {
  const map = () => (
    <CentralAsiaMap
      glaciers={glaciers}
      locale={locale}
      title="Glaciers"
      titleFor={(g) => g.name}
      labelledBy="caption"
      idPrefix="m"
      selected={selected}
    />
  );
  const handler = createStaticHandler([{ id: 'page', path: '/map', Component: map }]);
  const context = await handler.query(new Request('http://localhost/map'));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const stylesheet = fileURLToPath(new URL('../../../../../shared/sections/resources/styles.css', import.meta.url));

describe('CentralAsiaMap', () => {
  const locales = ['ru', 'en'] as const;
  const rendered: Record<(typeof locales)[number], string> = { ru: '', en: '' };
  beforeAll(async () => {
    for (const locale of locales) rendered[locale] = await renderMap(locale, 'abramova');
  });

  it('labels the countries in the page language', () => {
    for (const locale of locales) {
      const html = rendered[locale];
      for (const c of MAP_COUNTRIES.filter((x) => x.label)) expect(html).toContain(`>${c.name[locale]}</text>`);
    }
  });

  it('renders the glaciers as labelled points linked to the map', () => {
    for (const locale of locales) {
      const html = rendered[locale];
      expect([...html.matchAll(/<a class="ca-map__point[^"]*"/g)]).toHaveLength(3);
      expect(html).toContain('href="/resources/tools/wgms?glacier=abramova"');
      expect(html).toContain('>Abramov</text>');
    }
  });

  it('draws a glacier without a series of measurements apart from those with one', () => {
    const classes = [...rendered.en.matchAll(/<a class="([^"]*)"[^>]* data-glacier="([a-z]+)"/g)].map((m) => [
      m[2],
      m[1],
    ]);
    expect(Object.fromEntries(classes)).toEqual({
      tuyuksu: 'ca-map__point ca-map__point--reference',
      fedchenko: 'ca-map__point ca-map__point--no-data',
      abramova: 'ca-map__point is-selected',
    });
    // hollow: the stylesheet gives its dot no fill of the glacier colour
    const css = readFileSync(stylesheet, 'utf8');
    expect(css).toMatch(/\.ca-map__point--no-data:not\(\.is-selected\) \.ca-map__dot \{[^}]*fill: #fff;/);
  });

  it('frames a WGMS reference glacier with a square, a shape rather than a colour, and only it', () => {
    const points = [...rendered.en.matchAll(/<a class="[^"]*"[^>]* data-glacier="([a-z]+)"[^>]*>([\s\S]*?)<\/a>/g)];
    const framed = points.filter((m) => m[2]!.includes('<rect class="ca-map__reference"')).map((m) => m[1]);
    expect(framed).toEqual(['tuyuksu']);
  });

  it('renders an SVG of the viewBox without outlines: those are the static image', () => {
    for (const locale of locales) {
      const html = rendered[locale];
      const { width, height } = MAP_VIEWBOX;
      expect(html).toContain(
        `<svg class="ca-map" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}"`,
      );
      // no country path, no sea rectangle (the only rectangles frame reference glaciers): a few KB of labels and points instead of ~27 KB of outlines
      expect(html).not.toMatch(/<path|<rect(?! class="ca-map__reference")|\sd="/);
      expect(Buffer.byteLength(html)).toBeLessThan(4 * 1024);
    }
  });

  it("is drawn over the generated outlines: the map's CSS sets them as the SVG's whole-box background", () => {
    const css = readFileSync(stylesheet, 'utf8');
    const rule = /\n\.ca-map \{([^}]*)\}/.exec(css)?.[1];
    expect(rule, 'the .ca-map rule').toBeDefined();
    const background = /\n\s*background: ([^;]+);/.exec(rule!)?.[1];
    // the sea's colour until the image is there; the image stretched over the box, which has the viewBox's ratio
    expect(background).toMatch(/^#edf2f5 url\('([^']+)'\) 0 0 \/ 100% 100% no-repeat$/);
    const url = /url\('([^']+)'\)/.exec(background!)![1]!;
    // Vite resolves the path from the stylesheet, emits the file content-hashed and rewrites the url (ADR 0082)
    expect(resolve(dirname(stylesheet), url)).toBe(OUTPUT_SVG);
    // printed with the map, not dropped as a decoration
    expect(rule).toMatch(/\n\s*print-color-adjust: exact;/);
    // what the outlines image took over is gone from the stylesheet
    expect(css).not.toMatch(/\.ca-map__(country|background)/);
  });
});
