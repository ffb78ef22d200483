import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
  type Request,
} from 'playwright-core';
import { expect, inject } from 'vitest';
import { watchPage } from './page-watch.ts';

/**
 * Debian's Chromium headless shell (package chromium-headless-shell: Chromium's engine without the browser's UI
 * layer, the build Playwright itself runs headless; about 60 % less CPU per page view here than the full browser in
 * headless mode), else Debian's Chromium. `CHROMIUM_PATH` chooses another.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/** Flags for Debian's Chromium on a machine with no network beyond loopback. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Whether browser tests can run; with REQUIRE_BROWSER=1 a missing Chromium is a failure, not a skip. */
export function browserAvailable(): boolean {
  const present = existsSync(CHROMIUM_PATH);
  if (!present && process.env.REQUIRE_BROWSER === '1') {
    throw new Error(
      `REQUIRE_BROWSER=1 but no Chromium at ${CHROMIUM_PATH} (apt-get install -y chromium-headless-shell, or chromium)`,
    );
  }
  return present;
}

/**
 * A browser for a test file: a connection to the Chromium the browser project shares (tests/setup/chromium-server.ts;
 * `close()` only disconnects), or a Chromium of its own outside the suite (scripts/screenshots.ts).
 */
export function launchChromium(): Promise<Browser> {
  const endpoint = sharedEndpoint();
  return endpoint
    ? chromium.connect(endpoint)
    : chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

function sharedEndpoint(): string {
  try {
    return inject('chromiumEndpoint');
  } catch {
    return ''; // not inside a Vitest test file
  }
}

/**
 * How often a wait in the page checks its state. Playwright's default checks at every animation frame, which keeps
 * the page producing frames (renderer, compositor and GPU process) for as long as the wait lasts.
 */
export const STATE_POLL_MS = 50;

/** The page's service worker controls it (it registers once the first page view has loaded and is idle). */
export const workerInControl = (page: Page) =>
  page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 30_000,
    polling: STATE_POLL_MS,
  });

/** Waits until React has hydrated the document (client/entry.client.tsx sets `data-hydrated`). */
export const hydrated = (page: Page, timeout?: number) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', undefined, {
    timeout,
    polling: STATE_POLL_MS,
  });

/**
 * Lets a test wait until a page view's link prefetching is over, seen from outside (client/runtime/prefetch.ts keeps no
 * state for tests): `const prefetched = watchPrefetching(page)` before the page loads, then `await prefetched()` once
 * the page view is shown. Over means that no payload or script request of the page is in flight, and that two rounds
 * pass without a new one. A round is two animation frames (the prefetcher's link observer reports in a frame), then
 * idle callbacks until two in a row had 10 ms or more to spare: the prefetcher starts one prefetch per idle callback
 * and puts it off to the next one when it has under 2 ms, so every one it asked for before ours has had its time. The
 * second round sees what the links the prefetcher started watching in the first one (its chunk just loaded) lead to.
 */
export function watchPrefetching(page: Page) {
  const open = new Set<Request>();
  let sent = 0;
  const prefetchable = (req: Request) => req.url().includes('/_payload.json') || req.resourceType() === 'script';
  page.on('request', (req) => {
    const counted = prefetchable(req);
    sent += Number(counted);
    if (counted) open.add(req);
  });
  const end = (req: Request) => open.delete(req);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  const round = () =>
    page.evaluate(async () => {
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      const spare = () =>
        new Promise<number>((resolve) => requestIdleCallback((idle) => resolve(idle.timeRemaining())));
      await frame();
      await frame();
      for (let ample = 0; ample < 2;) ample = (await spare()) >= 10 ? ample + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve));
    });
  return async () => {
    for (let quiet = 0; quiet < 2;) {
      await expect.poll(() => open.size, { timeout: 15_000 }).toBe(0);
      const before = sent;
      await round();
      quiet = sent === before && open.size === 0 ? quiet + 1 : 0;
    }
  };
}

export interface OpenOptions {
  locale?: 'ru' | 'en';
  width?: number;
  height?: number;
}

/**
 * A fresh context and page, the page loaded and hydrated (no wait for the network to go quiet: the app prefetches).
 * `context` adds options of a context of its own (JavaScript off, no CSP for axe, reduced motion): with JavaScript
 * off nothing hydrates, and the page is returned once loaded.
 */
export async function openPage(
  browser: Browser,
  url: string,
  options: OpenOptions & { context?: BrowserContextOptions } = {},
) {
  const context = await browser.newContext({
    locale: options.locale === 'en' ? 'en-GB' : 'ru-RU',
    viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
    ...options.context,
  });
  await trackAppJson(context);
  const page = await context.newPage();
  const watch = watchPage(page);
  await page.goto(url);
  if (options.context?.javaScriptEnabled !== false) await hydrated(page);
  return { page, context, watch };
}

/** Opens the feedback dialog from the footer's button; resolves with the dialog once it is shown. */
export async function openFeedback(page: Page) {
  await page.locator('.feedback-button').click();
  const dialog = page.locator('[role="dialog"][aria-modal="true"]');
  await dialog.waitFor();
  return dialog;
}

/** Fills the feedback form in `form` (the dialog or the feedback page) with a visitor's name, address, the first topic and `message`. */
export async function fillFeedback(form: Locator, message: string, name = 'Nurlan') {
  await form.locator('[name="name"]').fill(name);
  await form.locator('[name="email"]').fill('nurlan@example.org');
  await form.locator('[name="feedback_type_id"]').selectOption({ index: 1 });
  await form.locator('[name="message"]').fill(message);
}

/** Marks the page's document: `sameDocument` is true until a document load replaces it (a client navigation keeps it). */
export const markDocument = (page: Page) => page.evaluate(() => Object.assign(window, { __sameDocument: true }));
export const sameDocument = (page: Page) => page.evaluate(() => Reflect.get(window, '__sameDocument') === true);

/**
 * Tabs a test file reuses: `open(url, options)` loads the page into the tab kept for those options (locale, width,
 * height), a document load in an open tab, instead of a new context and tab per test. A new tab starts a renderer
 * that compiles the app's JavaScript with no code cache: about a CPU-second more than a load in an open tab.
 * `context.close()` of what `open` returns hands the tab back: the test's listeners and routes are dropped, and the
 * cookies and storage it left are cleared, so the next test starts as in a fresh context (the HTTP cache stays, as
 * for a returning visitor). Each tab has the `appRead` tracking of `trackAppJson`.
 */
export function tabPool(browser: () => Browser) {
  const tabs = new Map<string, Promise<{ context: BrowserContext; page: Page }>>();
  const tab = (options: OpenOptions) => {
    const key = `${options.locale ?? 'ru'} ${options.width ?? 1280}x${options.height ?? 900}`;
    let made = tabs.get(key);
    if (!made) {
      made = (async () => {
        const context = await browser().newContext({
          locale: options.locale === 'en' ? 'en-GB' : 'ru-RU',
          viewport: { width: options.width ?? 1280, height: options.height ?? 900 },
        });
        await trackAppJson(context);
        return { context, page: await context.newPage() };
      })();
      tabs.set(key, made);
    }
    return made;
  };
  /** The tab for `options`, as the last test left it, recording afresh; for tests that set it up before loading. */
  const take = async (options: OpenOptions = {}) => {
    const { context, page } = await tab(options);
    // a new tab's pointer is at the origin too
    await page.mouse.move(0, 0);
    const watch = watchPage(page);
    const release = async () => {
      watch.stop();
      await page.removeAllListeners();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.emulateMedia({ media: null, colorScheme: null, reducedMotion: null });
      await context.clearCookies();
      await page.setViewportSize({ width: options.width ?? 1280, height: options.height ?? 900 });
      await page.evaluate(() => {
        sessionStorage.clear();
        localStorage.clear();
      });
      // nothing of this test's page runs on into the next test (a prefetch, a poll, a lazy image)
      await page.goto('about:blank');
    };
    return { page, watch, context: { close: release, cookies: () => context.cookies() } };
  };
  /** `url` loaded and hydrated in the tab for `options`. */
  const open = async (url: string, options: OpenOptions = {}) => {
    const opened = await take(options);
    await opened.page.goto(url);
    await hydrated(opened.page);
    return opened;
  };
  return { open, take };
}

/**
 * Lets a test wait until the app has *read* one of its JSON files (the build manifest with the route rules, the
 * latest build id), not just received it: `await appRead(page, 'meta')`. The app's own code runs in the microtasks
 * right after `json()` resolves, before the mark set here in the next task.
 */
export async function trackAppJson(context: BrowserContext) {
  await context.addInitScript(() => {
    const seen: Record<string, number> = {};
    const last: Record<string, unknown> = {};
    Object.assign(window, { __appJson: seen, __appJsonLast: last });
    const kinds: [RegExp, string][] = [
      [/\/builds\/meta\//, 'meta'],
      [/\/builds\/latest\.json/, 'latest'],
    ];
    const original = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const res = await original(...args);
      const input = args[0];
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const kind = kinds.find(([pattern]) => pattern.test(url))?.[1];
      if (kind) {
        const json = res.json.bind(res);
        res.json = async () => {
          const value: unknown = await json();
          setTimeout(() => {
            seen[kind] = (seen[kind] ?? 0) + 1;
            last[kind] = value;
          });
          return value;
        };
      }
      return res;
    };
  });
}

/** Resolves once the app has read its build manifest (`meta`) or a latest-build answer (`latest`) `times` times. */
export const appRead = (page: Page, kind: 'meta' | 'latest', times = 1) =>
  page.waitForFunction(
    ([k, n]) => ((window as unknown as { __appJson?: Record<string, number> }).__appJson?.[k] ?? 0) >= n,
    [kind, times] as const,
    { polling: STATE_POLL_MS },
  );

/** Resolves once the app has read a latest-build answer naming build `id`. */
export const appReadLatestBuild = (page: Page, id: string) =>
  page.waitForFunction(
    (want) =>
      (window as unknown as { __appJsonLast?: { latest?: { id?: string } } }).__appJsonLast?.latest?.id === want,
    id,
    { polling: STATE_POLL_MS },
  );
