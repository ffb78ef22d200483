import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { createDevClientBuild } from '../../server/ssr/dev.ts';
import { browserAvailable, hydrated, launchChromium } from '../helpers/browser.ts';
import { startServedApp } from '../helpers/served-app.ts';

const run = browserAvailable();

/**
 * React's development build reports every hydration mismatch (text, attributes, useId values), which the
 * production build silently leaves in place. Pages with generated ids and dates are hydrated here under `npm run
 * dev`'s wiring (Vite middleware) and must hydrate without a word in the console.
 */
describe.runIf(run)('hydration in development mode (Chromium)', () => {
  let browser: Browser;
  let origin: string;

  beforeAll(async () => {
    ({ origin } = await startServedApp({ clientBuild: await createDevClientBuild({ logLevel: 'silent' }), dev: true }));
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => browser?.close());

  it('hydrates pages of every kind without mismatch warnings', async () => {
    const context = await browser.newContext({ locale: 'ru-RU' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(m.text().slice(0, 500));
    });
    page.on('pageerror', (e) => problems.push(e.message));
    // Vite's dependency scan covers every section (vite.config.ts optimizeDeps.entries): the first visit already finds
    // them prebundled, so it is checked like the others (a reload for new dependencies would show up here)
    for (const path of ['/study/webinars', '/resources/tools/wgms?glacier=abramova', '/en/news/events', '/feedback']) {
      await page.goto(origin + path, { waitUntil: 'load' });
      // React reports a mismatch while it hydrates, before the effect that marks the document; the console
      // events of the page reach the test before the answer to this wait does
      await hydrated(page, 60_000);
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
