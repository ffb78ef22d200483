import type { AddressInfo } from 'node:net';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { loadClientBuild } from '../../server/ssr/prod.ts';
import { snapWidth } from '../../shared/images.ts';
import { ru } from '../../shared/i18n/messages.ts';
import * as offlineTexts from '../../shared/sections/offline/messages.ts';
import * as resourcesTexts from '../../shared/sections/resources/messages.ts';
import { REFUSED_FEEDBACK_TEXT } from '../../client/runtime/refused-feedback.ts';
import { REFUSED_FEEDBACK_CACHE } from '../../shared/offline.ts';
import { startCountingContentApi, startTestApp } from '../helpers/app.ts';
import { forwardTo, json } from '../helpers/fake-upstream.ts';
import { axeViolations } from '../helpers/axe.ts';
import {
  browserAvailable,
  fillFeedback,
  hydrated,
  launchChromium,
  markDocument,
  openFeedback,
  sameDocument,
  workerInControl,
} from '../helpers/browser.ts';

const run = browserAvailable();
/** A BFF with the service worker on, built now and listening when `listen` is called (a port can be given again). */
async function workerApp(options: { buildId?: string; serviceWorker?: 'on' | 'off'; upstreamUrl?: string } = {}) {
  const base = loadClientBuild();
  // a new build is a later one
  const clientBuild = options.buildId
    ? { ...base, build: { ...base.build, id: options.buildId, timestamp: base.build.timestamp + 1 } }
    : base;
  const { app } = await startTestApp({
    clientBuild,
    upstreamUrl: options.upstreamUrl,
    config: { SERVICE_WORKER: options.serviceWorker ?? 'on' },
  });
  return {
    app,
    async listen(port = 0) {
      await app.listen({ port, host: '127.0.0.1' });
      const address = app.server.address() as AddressInfo;
      return { port: address.port, origin: `http://127.0.0.1:${address.port}` };
    },
  };
}

type WorkerApp = Awaited<ReturnType<typeof workerApp>>;

/**
 * Waits until a cache of the worker whose name starts with `prefix` holds a URL whose path and query match (a poll
 * of Cache Storage: Playwright's waitForFunction does not wait for an async predicate).
 */
const cached = (page: Page, prefix: string, path: RegExp | string) =>
  expect
    .poll(
      async () =>
        (await cacheUrls(page, prefix)).some((at) => (typeof path === 'string' ? at === path : path.test(at))),
      {
        timeout: 30_000,
      },
    )
    .toBe(true);

/** Every URL (path and query) of the worker's caches whose name starts with `prefix`. */
const cacheUrls = (page: Page, prefix: string) =>
  page.evaluate(async (prefix) => {
    const urls: string[] = [];
    for (const name of (await caches.keys()).filter((n) => n.startsWith(prefix))) {
      for (const request of await (await caches.open(name)).keys()) {
        const url = new URL(request.url);
        urls.push(url.pathname + url.search);
      }
    }
    return urls;
  }, prefix);

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());

/** The paths of the image renditions the page shows (loaded), as the browser chose them from each srcset. */
const shownRenditions = (page: Page) =>
  page
    .locator('main img[srcset]')
    .evaluateAll((images) =>
      images
        .filter((img) => img instanceof HTMLImageElement && img.complete && img.currentSrc.includes('/_img/'))
        .map((img) => new URL((img as HTMLImageElement).currentSrc).pathname),
    );

/** A context whose pages a worker may control, its first page on `url`, controlled (the worker's kit kept). */
async function visitControlled(browser: Browser, url: string, locale: 'ru' | 'en' = 'ru', extra = {}) {
  const context = await browser.newContext({ locale: locale === 'en' ? 'en-GB' : 'ru-RU', ...extra });
  const page = await context.newPage();
  await page.goto(url);
  await workerInControl(page);
  await cached(page, 'portal-kit-', locale === 'en' ? '/en/offline' : '/offline');
  return { context, page };
}

/**
 * Take the context offline and wait until its service worker is offline too: the worker is a target of its own, which
 * the emulation reaches a moment later, and a post it sends before that still reaches the server.
 */
async function goOffline(context: BrowserContext, origin: string) {
  await context.setOffline(true);
  // back online when the test ends, passed or not: the next test may share the context
  onTestFinished(() => context.setOffline(false));
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  const reach = (url: string) =>
    fetch(url, { cache: 'no-store' }).then(
      () => 'online',
      () => 'offline',
    );
  await expect.poll(() => worker!.evaluate(reach, `${origin}/healthz`), { timeout: 10_000 }).toBe('offline');
}

describe.runIf(run)('reading offline (Chromium, the service worker)', () => {
  let browser: Browser;
  let site: { origin: string };
  let counting: Awaited<ReturnType<typeof startCountingContentApi>>;
  // the apps the build and kill-switch tests move a port between (made before the tests: each closes after the file)
  let builds: { old: WorkerApp; next: WorkerApp; on: WorkerApp; off: WorkerApp; newer: WorkerApp; older: WorkerApp };
  // a test's browser context (its pages and service worker) closes when the test ends
  const keep = <T extends { context: BrowserContext }>(opened: T) => {
    onTestFinished(() => opened.context.close().catch(() => {}));
    return opened;
  };

  beforeAll(async () => {
    counting = await startCountingContentApi();
    site = await (await workerApp({ upstreamUrl: counting.upstream.url })).listen();
    const oldId = loadClientBuild().build.id;
    builds = {
      old: await workerApp(),
      next: await workerApp({ buildId: `${oldId}-next` }),
      on: await workerApp(),
      off: await workerApp({ serviceWorker: 'off' }),
      newer: await workerApp({ buildId: `${oldId}-newer` }),
      older: await workerApp(),
    };
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
  });

  // one reader's browser per language, the worker in control and its kit kept, for the tests that need no other build
  // or origin (a test may leave pages and copies the worker keeps; each goes back online when it ends)
  const readers: Partial<Record<'ru' | 'en', Promise<{ context: BrowserContext; page: Page }>>> = {};
  /** The reader's browser in this language: made by the first test that asks (its waits are a test's). */
  const reader = (locale: 'ru' | 'en') =>
    (readers[locale] ??=
      locale === 'ru'
        ? visitControlled(browser, `${site.origin}/news`)
        : // axe is injected as an inline script: the page's CSP would block it
          visitControlled(browser, `${site.origin}/en/news`, 'en', { bypassCSP: true }));
  afterAll(async () => {
    await Promise.all(Object.values(readers).map(async (opened) => (await opened).context.close()));
  });

  /** A page not visited, asked offline, answers with the offline page in the reader's language. */
  const offlinePage = async (locale: 'ru' | 'en', path: string, texts: { 'offline.title': string }) => {
    const home = locale === 'en' ? '/en/news' : '/news';
    const { context, page } = await reader(locale);
    await page.goto(`${site.origin}${home}`);
    await page.reload();
    await cached(page, 'portal-documents-', home);
    await goOffline(context, site.origin);
    await page.goto(`${site.origin}${path}`);
    expect(page.url()).toBe(`${site.origin}${path}`);
    expect(await page.locator('h1').textContent()).toBe(texts['offline.title']);
    expect(await page.locator('html').getAttribute('lang')).toBe(locale);
    const listed = page.locator('#offline-pages a');
    expect(await listed.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toContain(home);
    expect(await page.locator('#offline-pages .offline-pages__empty').count()).toBe(0);
    // its links to itself point to the page asked for: the language switcher, canonical and alternates
    const hrefs = await page
      .locator('a[href], link[href]')
      .evaluateAll((links) => links.map((l) => l.getAttribute('href') ?? ''));
    expect(hrefs.filter((href) => /\/offline(\?|$)/.test(href))).toEqual([]);
    const switcher = page.locator('a.lang__link[hreflang]');
    expect(new Set(await switcher.evaluateAll((links) => links.map((a) => a.getAttribute('href'))))).toEqual(
      new Set(['/about?from=menu', '/en/about?from=menu']),
    );
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${site.origin}${path}`);
  };

  /**
   * The reader's news page once the worker keeps the feedback form's kit (complete once its last part, the feedback
   * page, is kept, after the form's chunks and its rules), offline: `message` written and sent, kept for later.
   */
  const sendOffline = async (locale: 'ru' | 'en', message: string) => {
    const prefix = locale === 'en' ? '/en' : '';
    const { context, page } = await reader(locale);
    await page.goto(`${site.origin}${prefix}/news`);
    await cached(page, 'portal-kit-', `${prefix}/feedback`);
    await page.reload();
    await hydrated(page);
    await goOffline(context, site.origin);
    const dialog = await openFeedback(page);
    await fillFeedback(dialog, message);
    await dialog.locator('.form__submit').click();
    await dialog.locator('.feedback-result--pending').waitFor();
    return dialog;
  };

  it('controls a page after the first visit, with the first-load assets kept at install', async () => {
    const { page } = await reader('ru');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.scope)).toBe(
      `${site.origin}/`,
    );
    const build = loadClientBuild();
    const precached = await cacheUrls(page, 'portal-precache-');
    expect(precached.sort()).toEqual([...(build.worker?.precache ?? [])].sort());
    expect(precached).toContain(build.bootstrapModules[0]);
  });

  it('shows a kept image rendition at once and asks for it again behind it (a replaced picture catches up)', async () => {
    const { context, page } = await reader('ru');
    await page.goto(`${site.origin}/news`);
    // the first view's images came before the worker: the second view's pass through it and are kept
    await page.reload();
    await hydrated(page);
    const shown = await shownRenditions(page);
    expect(shown.length).toBeGreaterThan(0);
    for (const path of shown) await cached(page, 'portal-images-', path);
    // the worker's own fetches since `since` (its resource timing): each rendition shown again is asked of the network
    const fetchedSince = (since: number) =>
      Promise.all(
        context.serviceWorkers().map((worker) =>
          worker.evaluate(
            (since) =>
              performance
                .getEntriesByType('resource')
                .filter((entry) => performance.timeOrigin + entry.startTime > since)
                .map((entry) => new URL(entry.name).pathname),
            since,
          ),
        ),
      ).then((lists) => new Set(lists.flat()));
    const since = Date.now();
    // shown again, asked as the page's images asked them (a reload would take them from the renderer's memory cache,
    // which never asks the worker)
    const types = await page.evaluate(async () => {
      const name = (await caches.keys()).find((n) => n.startsWith('portal-images-')) ?? '';
      const kept = await (await caches.open(name)).keys();
      const answers = await Promise.all(
        kept.map((request) => fetch(request.url, { headers: { accept: request.headers.get('accept') ?? '' } })),
      );
      return answers.map((answer) => answer.headers.get('content-type'));
    });
    expect(types.length).toBeGreaterThanOrEqual(shown.length);
    expect(types.every((type) => type?.startsWith('image/'))).toBe(true);
    await expect
      .poll(async () => {
        const fetched = await fetchedSince(since);
        return shown.filter((path) => fetched.has(path)).length;
      })
      .toBe(shown.length);
  });

  it('shows visited pages offline, and navigates between them in the page', async () => {
    const { context, page } = await reader('ru');
    await page.goto(`${site.origin}/news`);
    // a visit the worker sees keeps the document; a client navigation keeps the payload
    await page.reload();
    await hydrated(page);
    await cached(page, 'portal-documents-', '/news');
    const listTitle = await page.locator('h1').textContent();
    const card = page.locator('main a.card__link[href^="/news/"]').first();
    const detail = (await card.getAttribute('href')) ?? '';
    await card.click();
    await page.waitForURL(`${site.origin}${detail}`);
    await cached(page, 'portal-payloads-', new RegExp(`^${detail}/_payload\\.json`));
    await expect.poll(() => page.locator('h1').textContent()).not.toBe(listTitle);
    const title = await page.locator('h1').textContent();

    await goOffline(context, site.origin);
    await page.goto(`${site.origin}/news`);
    await hydrated(page);
    expect(await page.locator('h1').textContent()).toBe(listTitle);
    await markDocument(page);
    await page.locator(`main a.card__link[href="${detail}"]`).first().click();
    await page.waitForURL(`${site.origin}${detail}`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(title);
    expect(await sameDocument(page)).toBe(true);
    await page.goBack();
    await page.waitForURL(`${site.origin}/news`);
    await expect.poll(() => page.locator('h1').textContent()).toBe(listTitle);
    expect(await sameDocument(page)).toBe(true);
  });

  it('answers a page not visited with the offline page in ru, listing the pages kept', () =>
    offlinePage('ru', '/about?from=menu', offlineTexts.ru));
  it('never keeps an error page', async () => {
    const { page } = await reader('ru');
    const missing = await page.goto(`${site.origin}/no-such-page`);
    expect(missing?.status()).toBe(404);
    await page.goto(`${site.origin}/news`);
    await cached(page, 'portal-documents-', '/news');
    expect(await cacheUrls(page, 'portal-')).not.toContain('/no-such-page');
  });

  it('keeps feedback written offline and delivers it once when the connection returns', async () => {
    const { context, page } = await reader('ru');
    const message = `Offline note ${Math.random().toString(36).slice(2)}`;
    const keys: string[] = [];
    const post = (req: Request) => {
      if (req.method() === 'POST') keys.push(req.headers()['idempotency-key'] ?? '');
    };
    page.on('request', post);
    onTestFinished(() => void page.off('request', post));
    const dialog = await sendOffline('ru', message);
    expect(await dialog.locator('.feedback-result__title').textContent()).toBe(ru['form.pending.title']);
    expect(await dialog.locator('.feedback-result p').textContent()).toBe(ru['form.pending.text']);
    const stored = async () => (await counting.store.all()).filter((r) => r.message === message);
    expect(await stored()).toEqual([]);

    await context.setOffline(false);
    await expect.poll(async () => (await stored()).length, { timeout: 20_000 }).toBe(1);
    const queued = () =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const open = indexedDB.open('workbox-background-sync');
            open.onsuccess = () => {
              const count = open.result.transaction('requests').objectStore('requests').count();
              count.onsuccess = () => resolve(count.result);
            };
          }),
      );
    await expect.poll(queued).toBe(0);
    // another page view asks the worker to send what it keeps: nothing is left to send twice
    await page.reload();
    await hydrated(page);
    await expect.poll(queued).toBe(0);
    const [record] = await stored();
    expect(await stored()).toHaveLength(1);
    expect(keys).toHaveLength(1);
    expect(record?.idempotency_key).toBe(keys[0]);
    // and sent once: one post with its key reached the content API (a second send would be stored once, but seen here)
    const sent = counting.upstream.requests.filter(
      (r) => r.method === 'POST' && r.headers['idempotency-key'] === keys[0],
    );
    expect(sent).toHaveLength(1);
  });

  it('answers a page not visited with the offline page in en, listing the pages kept', () =>
    offlinePage('en', '/en/about?from=menu', offlineTexts.en));
  it('opens the feedback page offline, with its topics, without a visit', async () => {
    const { context, page } = await reader('en');
    await cached(page, 'portal-kit-', '/en/feedback');
    await goOffline(context, site.origin);
    await page.goto(`${site.origin}/en/feedback`);
    await hydrated(page);
    const topics = await page.locator('main form select option').count();
    expect(topics).toBeGreaterThan(1);
    expect(await page.locator('#offline-pages').count()).toBe(0);
  });

  it('keeps the WGMS page, every glacier, its data, its CSV files and the region’s with "Save for offline"', async () => {
    const wgms = '/en/resources/tools/wgms';
    const texts = resourcesTexts.en;
    const { context, page } = await reader('en');
    await page.goto(`${site.origin}${wgms}`);
    await page.reload();
    await hydrated(page);
    const save = page.getByRole('button', { name: texts['wgms.offline.save'] });
    await save.click();
    // every glacier's page, payload and files (some seventy answers): on a busy machine longer than a poll's default
    await expect
      .poll(() => page.locator('#save-offline-status').getAttribute('class'), { timeout: 45_000 })
      .toContain('--saved');
    expect(await page.locator('#save-offline-status').textContent()).toMatch(/^Saved on this device: \d+ files\./);
    // the block passes axe's WCAG A/AA rules (the a11y suite runs without the worker, so never sees it)
    expect(await axeViolations(page, { context: '.save-offline' })).toEqual([]);
    // a second visit says so
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.getByRole('button', { name: texts['wgms.offline.again'] }).count()).toBe(1);

    const glacier = (await page.locator('.wgms__glaciers a[href*="glacier="]').first().getAttribute('href')) ?? '';
    const slug = new URL(glacier, site.origin).searchParams.get('glacier') ?? '';
    await goOffline(context, site.origin);
    // a glacier's page loaded as a document, then another chosen in the page (its payload)
    await page.goto(`${site.origin}${glacier}`);
    await hydrated(page);
    expect(await page.title()).not.toBe(`${offlineTexts.en['offline.title']}`);
    const other = page.locator(`.wgms__glaciers a[href*="glacier="]:not([href$="=${slug}"])`).first();
    const otherHref = (await other.getAttribute('href')) ?? '';
    await other.click();
    await page.waitForURL(`${site.origin}${otherHref}`);
    await expect.poll(() => page.locator('#glacier-panel h3').first().textContent()).toBeTruthy();
    const csv = await page.evaluate(async (slug) => {
      const res = await fetch(`/en/data/glaciers/${slug}.csv`);
      return { status: res.status, type: res.headers.get('content-type'), text: (await res.text()).slice(0, 2) };
    }, slug);
    expect(csv).toEqual({ status: 200, type: expect.stringContaining('text/csv'), text: '# ' });
    const list = await page.evaluate(async () => (await fetch('/en/data/glaciers.json')).status);
    expect(list).toBe(200);
    // and the comparison of the reference glaciers
    const region = await page.evaluate(async () => {
      const res = await fetch('/en/data/region/reference-cumulative.csv');
      return { status: res.status, text: (await res.text()).slice(0, 2) };
    });
    expect(region).toEqual({ status: 200, text: '# ' });
    // the offline page lists the WGMS page once, not once per glacier (their documents share its title)
    await page.goto(`${site.origin}/en/about`);
    const listed = await page
      .locator('#offline-pages a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(listed.filter((href) => href?.startsWith(wgms))).toEqual([wgms]);
  }, 120_000);

  it('tells the reader of kept feedback the server refused for good, with the text back', async () => {
    // the content API refuses every submission for a while: the BFF answers 502, a refusal for good
    counting.upstream.handler = (req, res) =>
      req.method === 'POST' ? json(res, 422, { message: 'refused' }) : forwardTo(counting.content.url)(req, res);
    try {
      const { context, page } = await reader('en');
      const message = `Refused note ${Math.random().toString(36).slice(2)}`;
      await sendOffline('en', message);

      await context.setOffline(false);
      await page.reload();
      await hydrated(page);
      const notice = page.getByRole('region', { name: REFUSED_FEEDBACK_TEXT.en.title });
      await notice.waitFor({ timeout: 30_000 });
      expect(await notice.getByLabel(REFUSED_FEEDBACK_TEXT.en.label).inputValue()).toBe(message);
      expect(await notice.getByRole('link', { name: REFUSED_FEEDBACK_TEXT.en.again }).getAttribute('href')).toBe(
        '/en/feedback',
      );
      expect(await axeViolations(page, { context: '.refused-feedback' })).toEqual([]);
      // closed: the worker forgets it, and the next page view shows nothing
      await notice.getByRole('button', { name: REFUSED_FEEDBACK_TEXT.en.close }).click();
      expect(await notice.count()).toBe(0);
      const kept = () =>
        page.evaluate(async (name) => (await (await caches.open(name)).keys()).length, REFUSED_FEEDBACK_CACHE);
      await expect.poll(kept).toBe(0);
      await page.reload();
      await hydrated(page);
      expect(await page.locator('.refused-feedback').count()).toBe(0);
    } finally {
      counting.upstream.handler = forwardTo(counting.content.url);
    }
  });

  it('never lets an older build’s worker take over from a newer one (a rolling deploy)', async () => {
    const { newer, older } = builds;
    const { port, origin } = await newer.listen();
    const { page } = keep(await visitControlled(browser, `${origin}/news`));
    const newerId = `${loadClientBuild().build.id}-newer`;
    await cached(page, 'portal-kit-', '/offline');
    expect((await cacheNames(page)).some((name) => name.endsWith(newerId))).toBe(true);

    // a replica still on the old build answers the browser's update check
    await newer.app.close();
    await older.listen(port);
    const outcome = await page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.getRegistration())!;
      return new Promise<string>((resolve) => {
        registration.addEventListener('updatefound', () => {
          const worker = registration.installing!;
          worker.addEventListener('statechange', () => {
            if (worker.state === 'redundant' || worker.state === 'activated') resolve(worker.state);
          });
        });
        void registration.update();
      });
    });
    expect(outcome).toBe('redundant');
    // the newer worker still controls the page, with its caches
    const controllerBuild = await page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(event.data);
          navigator.serviceWorker.controller!.postMessage({ type: 'build?' }, [channel.port2]);
        }),
    );
    expect(controllerBuild).toEqual({ buildTimestamp: loadClientBuild().build.timestamp + 1 });
    expect((await cacheNames(page)).some((name) => name.endsWith(newerId))).toBe(true);
  });

  it('keeps only the offline page on a metered connection, and asks image renditions at density 1', async () => {
    const metered = {
      deviceScaleFactor: 2,
      viewport: { width: 1280, height: 900 },
    };
    const { context } = keep({ context: await browser.newContext({ locale: 'ru-RU', ...metered }) });
    await context.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } });
    });
    const page = await context.newPage();
    await page.goto(`${site.origin}/news`);
    await workerInControl(page);
    await cached(page, 'portal-kit-', '/offline');
    await cached(page, 'portal-kit-', '/sw-conditions.json');
    // an idle worker is stopped: the one that starts again must still know the page's conditions
    const devtools = await context.newCDPSession(page);
    await devtools.send('ServiceWorker.enable');
    await devtools.send('ServiceWorker.stopAllWorkers');
    await page.reload();
    await hydrated(page);
    const shown = await shownRenditions(page);
    expect(shown.length).toBeGreaterThan(0);
    const lighter = shown.map((path) =>
      path.replace(/\/w_(\d+),/, (_m, w: string) => `/w_${snapWidth(Math.ceil(Number(w) / 2))},`),
    );
    for (const path of lighter) await cached(page, 'portal-images-', path);
    // asked with the browser's Accept, so that `f_auto` answers a format the browser takes (AVIF, WebP)
    const asked = await page.evaluate(async () => {
      const name = (await caches.keys()).find((n) => n.startsWith('portal-images-')) ?? '';
      const cache = await caches.open(name);
      return Promise.all(
        (await cache.keys()).map(async (request) => ({
          accept: request.headers.get('accept') ?? '',
          type: (await cache.match(request))?.headers.get('content-type') ?? '',
        })),
      );
    });
    for (const { accept, type } of asked) {
      expect(accept).toContain('image/avif');
      expect(['image/avif', 'image/webp']).toContain(type);
    }
    const images = await cacheUrls(page, 'portal-images-');
    for (const [asked, kept] of shown.map((path, i) => [path, lighter[i]] as const))
      if (asked !== kept) expect(images).not.toContain(asked);
    expect((await cacheUrls(page, 'portal-kit-')).sort()).toEqual(['/offline', '/sw-conditions.json']);
    expect((await cacheUrls(page, 'portal-assets-')).some((url) => url.includes('FeedbackDialog'))).toBe(false);
  });

  it('drops every cache of the old build when a new build is out', async () => {
    const { old, next } = builds;
    const { port, origin } = await old.listen();
    const { page } = keep(await visitControlled(browser, `${origin}/news`));
    await page.reload();
    await cached(page, 'portal-documents-', '/news');
    const oldId = loadClientBuild().build.id;
    expect(await cacheNames(page)).toEqual(expect.arrayContaining([`portal-documents-${oldId}`]));
    expect((await cacheNames(page)).filter((name) => !name.endsWith(`-${oldId}`))).toEqual([]);

    await old.app.close();
    await next.listen(port);
    await page.goto(`${origin}/news`);

    // the page of the new build tells the old worker its build id: the worker updates, the new one drops the old caches
    await expect
      .poll(async () => (await cacheNames(page)).filter((name) => name.endsWith(`-${oldId}`)), { timeout: 30_000 })
      .toEqual([]);
    await cached(page, 'portal-kit-', '/offline');
    expect((await cacheNames(page)).filter((name) => !name.endsWith(`-${oldId}-next`))).toEqual([]);
  });

  it('removes itself and its caches with SERVICE_WORKER=off', async () => {
    const { on, off } = builds;
    const { port, origin } = await on.listen();
    const { page } = keep(await visitControlled(browser, `${origin}/news`));
    expect((await cacheNames(page)).length).toBeGreaterThan(0);

    await on.app.close();
    await off.listen(port);
    await page.goto(`${origin}/news`);
    await expect
      .poll(
        () =>
          page.evaluate(async () => ({
            registrations: (await navigator.serviceWorker.getRegistrations()).length,
            caches: (await caches.keys()).filter((name) => name.startsWith('portal-')),
          })),
        { timeout: 30_000 },
      )
      .toEqual({ registrations: 0, caches: [] });
    // the worker reloads the pages it controlled: from then on no page is controlled
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller === null)).toBe(true);
  });
});
