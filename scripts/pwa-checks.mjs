// The checks of Lighthouse's former PWA category (removed in Lighthouse 12), made with Playwright in Debian's
// Chromium against a running server: the manifest and the head tags installing needs, a service worker that controls
// the page and the start URL, and answers of 200 offline for a visited page, the start URL and a page never visited.
// Used by `npm run lighthouse`; prints one row per check.
import { chromium } from 'playwright-core';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** Runs the checks on `path` of `origin`; returns rows `{ check, result }` (result: `pass`, or why not). */
export async function pwaChecks(origin, path, executablePath = process.env.CHROME_PATH ?? HEADLESS_SHELL) {
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox'] });
  const rows = [];
  const check = (name, failure) => rows.push({ check: name, result: failure ? `fail: ${failure}` : 'pass' });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 });
    const page = await context.newPage();
    await page.goto(origin + path);

    const head = await page.evaluate(() => ({
      manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href') ?? null,
      theme: document.querySelector('meta[name="theme-color"]')?.getAttribute('content') ?? null,
      viewport: document.querySelector('meta[name="viewport"]')?.getAttribute('content') ?? '',
      touchIcon: document.querySelector('link[rel="apple-touch-icon"]')?.getAttribute('href') ?? null,
    }));
    check('viewport meta with width=device-width', !/width=device-width/.test(head.viewport) && head.viewport);
    check('theme-color meta', !head.theme && 'missing');
    check('apple-touch-icon', !head.touchIcon && 'missing');
    check('manifest linked', !head.manifest && 'missing');
    const manifest = head.manifest ? await (await fetch(new URL(head.manifest, origin))).json() : {};
    const icons = Array.isArray(manifest.icons) ? manifest.icons : [];
    const missing = ['name', 'short_name', 'start_url', 'display', 'theme_color', 'background_color'].filter(
      (field) => !manifest[field],
    );
    check('manifest fields (name, short_name, start_url, display, colours)', missing.join(', '));
    check(
      'manifest icons of 192 and 512 px',
      !['192x192', '512x512'].every((s) => icons.some((i) => i.sizes === s)) && 'missing',
    );
    check('maskable icon', !icons.some((i) => i.purpose === 'maskable') && 'missing');

    const controlled = await page
      .waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 20_000 })
      .then(
        () => null,
        () => 'no worker controls the page',
      );
    check('a service worker controls the page', controlled);
    const startUrl = new URL(manifest.start_url ?? '/', origin).href;
    const scope = await page.evaluate(async () => (await navigator.serviceWorker?.getRegistration())?.scope ?? null);
    check('its scope covers the start URL', !(scope && startUrl.startsWith(scope)) && `scope ${scope}`);

    // the worker keeps a document it answered: load the page (and the start URL) once more through it
    await page.reload();
    await page.goto(startUrl);
    await page.goto(origin + path);
    await context.setOffline(true);
    for (const [name, url] of [
      ['a visited page answers 200 offline', origin + path],
      ['the start URL answers 200 offline', startUrl],
      ['a page never visited answers 200 offline (the offline page)', `${origin}/en/about/partners-never-visited`],
    ]) {
      const res = await page.goto(url).catch((err) => err);
      // a page kept must be itself, a page never visited the offline page
      const offlinePage = !(res instanceof Error) && (await page.locator('#offline-pages').count()) > 0;
      const wantOffline = name.includes('never visited');
      check(
        name,
        res instanceof Error
          ? res.message.split('\n')[0]
          : res?.status() !== 200
            ? `status ${res?.status()}`
            : offlinePage !== wantOffline && (offlinePage ? 'the offline page answered' : 'not the offline page'),
      );
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return rows;
}
