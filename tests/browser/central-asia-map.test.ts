/** The static outlines of the Central Asia map (ADR 0082) as Chromium draws them under the site's CSP. */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MAP_PROJECTION, MAP_VIEWBOX } from '../../shared/ui/map/central-asia-map.generated.ts';
import { projectPoint } from '../../shared/ui/map/projection.ts';
import { browserAvailable, tabPool } from '../helpers/browser.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

/** points in viewBox units, away from labels and glacier markers: inside Kazakhstan, and in China (context) */
const KAZAKHSTAN = projectPoint(MAP_PROJECTION, 44.5, 67);
const CHINA = projectPoint(MAP_PROJECTION, 41.2, 81.8);

describe.runIf(run)('the Central Asia map outlines (Chromium)', () => {
  const site = servedSite();
  const tabs = tabPool(() => site.browser);

  it('are drawn under the labels and points from the content-hashed asset', async () => {
    // one page is enough: home's block is the same <svg class="ca-map"> under the same stylesheet rule (the
    // integration test checks both pages' HTML and the asset)
    const path = '/en/resources/tools/wgms';
    const { page, context, watch } = await tabs.open(site.origin + path);
    const map = page.locator('svg.ca-map');
    await map.scrollIntoViewIfNeeded();
    // the stylesheet's background image, once the browser has it
    const asset = await page.waitForFunction(() => {
      const url = /^url\("(.+)"\)$/.exec(getComputedStyle(document.querySelector('svg.ca-map')!).backgroundImage)?.[1];
      const entry = url && (performance.getEntriesByName(url)[0] as PerformanceResourceTiming | undefined);
      return entry && entry.responseEnd > 0 ? url : null;
    });
    const url = new URL((await asset.jsonValue())!);
    expect(url.origin).toBe(site.origin);
    expect(url.pathname).toMatch(/^\/assets\/central-asia-map\.generated-[\w-]+\.svg$/);
    // the image decodes at the map's own size (the viewBox), so the outlines fit the inline labels and points
    const natural = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return [img.naturalWidth, img.naturalHeight];
    }, url.href);
    expect(natural).toEqual([MAP_VIEWBOX.width, MAP_VIEWBOX.height]);

    // and it is painted: a core country is white, a neighbour the context's grey
    const { data, info } = await sharp(await map.screenshot())
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const pixel = ([x, y]: [number, number]) => {
      const i =
        (Math.round((y / MAP_VIEWBOX.height) * info.height) * info.width +
          Math.round((x / MAP_VIEWBOX.width) * info.width)) *
        3;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    const near = (got: number[], want: number[]) => got.every((v, i) => Math.abs(v - want[i]!) <= 3);
    expect(near(pixel(KAZAKHSTAN), [0xff, 0xff, 0xff]), `${path} Kazakhstan ${pixel(KAZAKHSTAN)}`).toBe(true);
    expect(near(pixel(CHINA), [0xe1, 0xe7, 0xec]), `${path} China ${pixel(CHINA)}`).toBe(true);
    expect(watch.problems, path).toEqual([]);
    await context.close();
  });
});
