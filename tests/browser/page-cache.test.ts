import { describe, expect, it } from 'vitest';
import { browserAvailable, hydrated } from '../helpers/browser.ts';
import { watchPage } from '../helpers/page-watch.ts';
import { servedSite } from '../helpers/served-app.ts';

const run = browserAvailable();

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

describe.runIf(run)('cached documents under the CSP (Chromium)', () => {
  const site = servedSite();

  it('runs the scripts of a page with no CSP violation, whether rendered or served from the cache', async () => {
    const outcomes: string[] = [];
    // the podcasts list (rendered, then a hit), and home, whose map loads lazily (its first render streams a
    // Suspense boundary + script)
    const visits = ['/en/multimedia/podcasts', '/en/multimedia/podcasts', '/en', '/en'];
    for (const path of visits) {
      const context = await site.browser.newContext();
      const page = await context.newPage();
      const watch = watchPage(page);
      // installed through the DevTools protocol, so the page's CSP does not apply to it
      await page.addInitScript(() => {
        window.__cspViolations = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          window.__cspViolations?.push(`${e.violatedDirective} ${e.sourceFile}:${e.lineNumber} ${location.pathname}`),
        );
      });
      const response = await page.goto(site.origin + path);
      outcomes.push(String(response?.headers()['x-cache']));
      // hydration ran: the inline bootstrap script and the entry module both executed
      await hydrated(page);
      expect(await page.evaluate(() => window.__cspViolations)).toEqual([]);
      expect(watch.problems).toEqual([]);
      await context.close();
    }
    expect(outcomes).toEqual(['miss', 'hit', 'miss', 'hit']);
  });
});
