import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { browserAvailable, hydrated, tabPool } from '../helpers/browser.ts';
import { servedSite, startServedApp } from '../helpers/served-app.ts';

const run = browserAvailable();

interface GlacierRecord {
  slug: string;
  lat: number | null;
  lon: number | null;
  mass_balance: unknown[];
  wgms_reference: boolean;
}
const glaciers = JSON.parse(
  readFileSync(new URL('../../content-api/content/glaciers.json', import.meta.url), 'utf8'),
) as GlacierRecord[];
const mapped = glaciers.filter((g) => g.lat !== null && g.lon !== null);
const inBox = ([s, w, n, e]: number[]) =>
  mapped.filter((g) => g.lat! >= s! && g.lat! <= n! && g.lon! >= w! && g.lon! <= e!);

interface StubEvents {
  fire(type: string): void;
}
/** What the stub below records of the page's map. */
declare global {
  interface Window {
    __ymapsStub: {
      maps: number;
      destroyed: number;
      bounds: number[][];
      map: { events: StubEvents };
      placemarks: { coordinates: number[]; preset: string; events: StubEvents }[];
    };
  }
}

/**
 * A minimal stand-in for the Yandex Maps API 2.1: `ymaps.ready`, `Map` (geoObjects, events, getBounds, destroy) and
 * `Placemark`, recording what the page does in `window.__ymapsStub` so the test can fire events.
 */
const STUB_JS = `(function () {
  var stub = (window.__ymapsStub = { maps: 0, destroyed: 0, placemarks: [], bounds: [[41, 74], [43, 79]], map: null });
  function events() {
    var handlers = {};
    return {
      add: function (type, fn) { (handlers[type] = handlers[type] || []).push(fn); return this; },
      fire: function (type) { (handlers[type] || []).forEach(function (fn) { fn({}); }); }
    };
  }
  window.ymaps = {
    ready: function (cb) { setTimeout(cb, 10); },
    Map: function (element, state) {
      stub.maps += 1;
      stub.state = state;
      stub.map = this;
      this.events = events();
      this.geoObjects = { add: function (p) { stub.placemarks.push(p); }, remove: function () {} };
      this.getBounds = function () { return stub.bounds; };
      this.destroy = function () { stub.destroyed += 1; element.textContent = ''; };
      var tile = document.createElement('div');
      tile.className = 'stub-map';
      tile.textContent = 'stub map';
      element.appendChild(tile);
    },
    Placemark: function (coordinates, properties, options) {
      var self = this;
      this.coordinates = coordinates;
      this.properties = properties;
      this.preset = options && options.preset;
      this.events = events();
      this.options = { set: function (name, value) { if (name === 'preset') self.preset = value; } };
    }
  };
})();`;

/** Serves the stub under /maps/… and answers 500 under /fail/…; counts the requests for each. */
async function startMapsStub() {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url?.startsWith('/maps/')) {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' });
      res.end(STUB_JS);
    } else {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end('maps are down');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const status = (page: Page) => page.locator('figure.glacier-map').getAttribute('data-maps-status');

describe.runIf(run)('the glacier map (Chromium)', () => {
  const site = servedSite();
  let plain: string;
  let withKey: string;
  let failing: string;
  let stub: Awaited<ReturnType<typeof startMapsStub>>;

  beforeAll(async () => {
    stub = await startMapsStub();
    plain = site.origin;
    ({ origin: withKey } = await startServedApp({
      config: { MAPS_API_KEY: 'test-key', MAPS_SCRIPT_URL: `${stub.origin}/maps/2.1/` },
    }));
    ({ origin: failing } = await startServedApp({
      config: { MAPS_API_KEY: 'test-key', MAPS_SCRIPT_URL: `${stub.origin}/fail/2.1/` },
    }));
  });
  afterAll(async () => stub?.close());

  const tabs = tabPool(() => site.browser);
  const open = (site: string, path: string, width = 1280) => tabs.open(site + path, { width });

  describe('without a maps key', () => {
    it('opens a glacier from a point of the SVG map with a client navigation', async () => {
      // the map as the server renders it (status "off", a point per glacier, no panel): integration/server/routes/glaciers.test.ts
      const { page, context, watch } = await open(plain, '/resources/tools/wgms');
      expect(await page.locator('svg.ca-map').isVisible()).toBe(true);
      expect(await page.locator('script[data-yandex-maps]').count()).toBe(0);
      watch.clear();

      await page.locator('a.ca-map__point[data-glacier="abramova"]').click();
      await page.waitForURL((url) => url.searchParams.get('glacier') === 'abramova');
      const panel = page.locator('.glacier-panel');
      await expect.poll(() => panel.isVisible()).toBe(true);
      expect(await panel.locator('h3').textContent()).toBe('Ледник Абрамова');
      const abramov = glaciers.find((g) => g.slug === 'abramova')!;
      expect(await panel.locator('svg.mb-chart__svg').isVisible()).toBe(true);
      expect(await panel.locator('g.mb-chart__bar').count()).toBe(abramov.mass_balance.length);
      expect(watch.documents()).toHaveLength(0);
      // one payload for the chosen glacier (other payloads are the site's link preloads)
      expect(watch.payloads().filter((r) => new URL(r.url()).searchParams.get('glacier') === 'abramova')).toHaveLength(
        1,
      );
      expect(await page.locator('a.ca-map__point[data-glacier="abramova"]').getAttribute('aria-current')).toBe('true');
      expect(watch.problems).toEqual([]);
      await context.close();
    });

    it('lets the keyboard reach and open every point', async () => {
      const { page, context } = await open(plain, '/resources/tools/wgms');
      const first = page.locator('a.ca-map__point').first();
      await first.focus();
      // focused from script, so force the keyboard modality for :focus-visible with one Tab back and forth
      await page.keyboard.press('Tab');
      await page.keyboard.press('Shift+Tab');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-glacier'))).toBe(
        await first.getAttribute('data-glacier'),
      );
      const ring = await first.locator('.ca-map__ring').evaluate((el) => getComputedStyle(el).stroke);
      expect(ring).not.toBe('none');
      const seen = new Set<string>();
      for (let i = 0; i < mapped.length; i++) {
        seen.add((await page.evaluate(() => document.activeElement?.getAttribute('data-glacier'))) ?? '');
        if (i < mapped.length - 1) await page.keyboard.press('Tab');
      }
      expect(seen.size).toBe(mapped.length);
      const slug = await page.evaluate(() => document.activeElement?.getAttribute('data-glacier'));
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => url.searchParams.get('glacier') === slug);
      await expect.poll(() => page.locator('.glacier-panel').getAttribute('data-glacier')).toBe(slug);
      await context.close();
    });

    it('shows a bar tooltip only after a 200 ms delay', async () => {
      // the page's timers run on a clock the test moves: "200 ms" and "at once" are counted in its ticks, not measured
      const context = await site.browser.newContext({ locale: 'ru-RU', viewport: { width: 1280, height: 900 } });
      await context.clock.install();
      const page = await context.newPage();
      await page.goto(`${plain}/resources/tools/wgms?glacier=abramova`);
      await hydrated(page);
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      const bar = page.locator('g.mb-chart__bar[data-year="1997"]');
      expect(await bar.getAttribute('aria-label')).toMatch(/^1997: −?\d{1,3}(\u00a0\d{3})* мм в\. э\.$/);
      const tip = page.locator('.mb-chart__tooltip');
      await bar.hover();
      await page.clock.runFor(190);
      expect(await tip.count()).toBe(0);
      await page.clock.runFor(10);
      await tip.waitFor();
      expect(await tip.textContent()).toContain('1997');
      expect(await bar.getAttribute('aria-describedby')).toBe(await tip.getAttribute('id'));
      // hidden without the clock moving: no timer in between
      await page.mouse.move(5, 5);
      await tip.waitFor({ state: 'detached' });
      await page.clock.resume();
      await bar.focus();
      await expect.poll(() => tip.count(), { timeout: 1000 }).toBe(1);
      await page.keyboard.press('Escape');
      expect(await tip.count()).toBe(0);
      // the data table is there for the same figures
      await page.locator('#glacier-panel .mb-chart__table summary').click();
      expect(await page.locator('#glacier-panel .mb-chart__table tbody tr').count()).toBe(
        glaciers.find((g) => g.slug === 'abramova')!.mass_balance.length,
      );
      await context.close();
    });
  });

  describe('with a maps key (a local stub of the provider)', () => {
    it("shows the interactive map, loading the provider's script once across navigations", async () => {
      stub.requests.length = 0;
      const { page, context, watch } = await open(withKey, '/resources/tools/wgms');
      // the loader's code, the interactive map's and the provider's script load after hydration: wait for the state
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('loaded');
      const scripts = page.locator('script[data-yandex-maps]');
      expect(await scripts.count()).toBe(1);
      expect(await scripts.getAttribute('src')).toBe(`${stub.origin}/maps/2.1/?apikey=test-key&lang=ru_RU`);
      expect(stub.requests).toEqual(['/maps/2.1/?apikey=test-key&lang=ru_RU']);
      // the interactive map's code loads with the provider's script (only when a key is set)
      await page.locator('.glacier-map__ymap .stub-map').waitFor();
      expect(await page.locator('svg.ca-map').isVisible()).toBe(false);
      expect(await page.evaluate(() => window.__ymapsStub.placemarks.length)).toBe(mapped.length);

      // the first box is asked for at once, and listed under the map
      const bff = () => watch.requests.filter((r) => r.url().includes('/api/glaciers?'));
      await expect.poll(() => bff().length).toBe(1);
      expect(new URL(bff()[0]!.url()).searchParams.get('bounds')).toBe('41,74,43,79');
      const list = page.locator('.glacier-map__in-view-list li');
      await expect.poll(() => list.count()).toBe(inBox([41, 74, 43, 79]).length);

      // five quick moves: one request, 300 ms after the last (timed in the page: the last move to the request's start)
      const lastMove = await page.evaluate(() => {
        const s = window.__ymapsStub;
        s.bounds = [
          [42.9, 76.9],
          [43.2, 77.2],
        ];
        for (let i = 0; i < 5; i++) s.map.events.fire('boundschange');
        return performance.now();
      });
      await expect.poll(() => bff().length).toBe(2);
      expect(new URL(bff()[1]!.url()).searchParams.get('bounds')).toBe('42.9,76.9,43.2,77.2');
      // the request's resource-timing entry appears once its answer is complete: wait for it
      const startOfNewBox = () =>
        page.evaluate(
          () =>
            performance
              .getEntriesByType('resource')
              .filter((e) => e.name.includes('/api/glaciers?') && e.name.includes('42.9'))
              .map((e) => e.startTime)
              .at(-1) ?? null,
        );
      await expect.poll(startOfNewBox).not.toBeNull();
      const started = (await startOfNewBox()) ?? -1;
      expect(started - lastMove).toBeGreaterThanOrEqual(295);
      expect(started - lastMove).toBeLessThan(1500);
      await expect.poll(() => list.count()).toBe(2);
      // every request for this box, from here to the end of the test: the five moves made one
      const boxRequests = () =>
        page.evaluate(
          () =>
            performance
              .getEntriesByType('resource')
              .filter(
                (e) => e.name.includes('/api/glaciers?') && decodeURIComponent(e.name).includes('42.9,76.9,43.2,77.2'),
              ).length,
        );

      // a placemark click opens the glacier client-side; the map and the script stay
      watch.clear();
      await page.evaluate(() => {
        const s = window.__ymapsStub;
        s.placemarks.find((p) => Math.abs(p.coordinates[0]! - 43.0436) < 0.001)!.events.fire('click');
      });
      await page.waitForURL((url) => url.searchParams.get('glacier') === 'tsentralnyy-tuyuksu');
      await expect.poll(() => page.locator('.glacier-panel').isVisible()).toBe(true);
      expect(await page.locator('.glacier-panel g.mb-chart__bar').count()).toBe(
        glaciers.find((g) => g.slug === 'tsentralnyy-tuyuksu')!.mass_balance.length,
      );
      expect(watch.documents()).toHaveLength(0);
      const state = await page.evaluate(() => {
        const s = window.__ymapsStub;
        return {
          maps: s.maps,
          destroyed: s.destroyed,
          selected: s.placemarks.filter((p) => p.preset.includes('orange')).map((p) => p.coordinates[0]),
          // WGMS reference glaciers: a pin, not a circle
          reference: s.placemarks.filter((p) => p.preset === 'islands#blueDotIcon').length,
        };
      });
      // every reference glacier but the chosen one (Central Tuyuksu, drawn as chosen)
      expect(state.reference).toBe(mapped.filter((g) => g.wgms_reference).length - 1);
      expect(state.maps).toBe(1);
      expect(state.destroyed).toBe(0);
      expect(state.selected).toHaveLength(1);
      expect(state.selected[0]).toBeCloseTo(43.0436, 3);

      // and a list link as well
      await page.locator('.glacier-map__in-view-list a', { hasText: /Игли/ }).click();
      await page.waitForURL((url) => url.searchParams.get('glacier') === 'igli-tuyuksu');
      expect(await status(page)).toBe('loaded');
      expect(await scripts.count()).toBe(1);
      expect(stub.requests).toHaveLength(1);
      expect(await boxRequests()).toBe(1);
      expect(watch.problems).toEqual([]);
      await context.close();
    });

    it('asks the provider for English under /en and the BFF under /en/api', async () => {
      stub.requests.length = 0;
      const { page, context, watch } = await open(withKey, '/en/resources/tools/wgms');
      // the loader's code, the interactive map's and the provider's script load after hydration: wait for the state
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('loaded');
      expect(stub.requests).toEqual(['/maps/2.1/?apikey=test-key&lang=en_US']);
      await expect
        .poll(() => watch.requests.filter((r) => r.url().includes('/en/api/glaciers?bounds=')).length)
        .toBe(1);
      await expect
        .poll(() => page.locator('.glacier-map__in-view p').first().textContent())
        .toMatch(/^Glaciers in the visible area: \d+$/);
      await context.close();
    });

    it("falls back to the SVG map when the map's own code cannot load", async () => {
      stub.requests.length = 0;
      const { page, context } = await tabs.take({ width: 1280 });
      const failed = page.waitForEvent('requestfailed', (req) => /\/assets\/yandex-maps-[^/]+\.js$/.test(req.url()));
      await page.route('**/assets/yandex-maps-*.js', (route) => route.abort());
      await page.goto(`${withKey}/resources/tools/wgms`);
      await hydrated(page);
      await failed;
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('error');
      expect(await page.locator('script[data-yandex-maps]').count()).toBe(0);
      expect(stub.requests).toEqual([]);
      expect(await page.locator('svg.ca-map').isVisible()).toBe(true);
      await page.locator('a.ca-map__point[data-glacier="golubina"]').click();
      await page.waitForURL((url) => url.searchParams.get('glacier') === 'golubina');
      await expect.poll(() => page.locator('.glacier-panel').isVisible()).toBe(true);
      await context.close();
    });

    it('falls back to a working SVG map when the script answers 500', async () => {
      const { page, context } = await open(failing, '/resources/tools/wgms');
      await expect.poll(() => status(page), { timeout: 15_000 }).toBe('error');
      expect(await page.locator('script[data-yandex-maps]').count()).toBe(1);
      expect(await page.locator('svg.ca-map').isVisible()).toBe(true);
      expect(await page.locator('.glacier-map__status').textContent()).toBe(
        'Интерактивная карта недоступна, показана схема.',
      );
      expect(await page.locator('.glacier-map__ymap').count()).toBe(0);
      await page.locator('a.ca-map__point[data-glacier="golubina"]').click();
      await page.waitForURL((url) => url.searchParams.get('glacier') === 'golubina');
      await expect.poll(() => page.locator('.glacier-panel').isVisible()).toBe(true);
      expect(await status(page)).toBe('error');
      expect(await page.locator('script[data-yandex-maps]').count()).toBe(1);
      await context.close();
    });
  });
});
