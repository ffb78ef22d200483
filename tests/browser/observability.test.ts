import type { Browser } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium, openPage } from '../helpers/browser.ts';
import { startServedApp } from '../helpers/served-app.ts';

const run = browserAvailable();

describe.runIf(run)('what operators see of a visit (Chromium)', () => {
  let browser: Browser;
  let app: FastifyInstance;
  let origin: string;
  beforeAll(async () => {
    ({ app, origin } = await startServedApp());
    browser = await launchChromium();
  });
  afterAll(async () => browser?.close());

  it("a page load's vitals reach /metrics by route", async () => {
    const { page, context } = await openPage(browser, `${origin}/en/about/team`, { locale: 'en' });
    // the vitals code starts at the load event; hiding the page (leaving it) sends the beacon
    await page.locator('html[data-vitals="reporting"]').waitFor({ state: 'attached' });
    await page.goto('about:blank');
    const counted = async () => {
      const metrics = await app.metrics.metrics();
      return ['lcp_seconds', 'fcp_seconds', 'ttfb_seconds'].filter((name) =>
        new RegExp(`^web_vitals_${name}_count\\{route="about-team",device="desktop"\\} 1$`, 'm').test(metrics),
      );
    };
    await expect.poll(counted).toEqual(['lcp_seconds', 'fcp_seconds', 'ttfb_seconds']);
    await context.close();
  });
});
