// The main thread's work of a first visit, per page type, with the first-load chunk as built (V8's compile hint on
// its first line, ADR 0117) and with that line taken out, in alternating fresh contexts of one Chromium (a phone's
// viewport, Lighthouse's moto g power). Reports the median over `START_UP_RUNS` (10) visits of each: the first
// contentful paint, and from the renderer's own counters the main thread's task and script time, the renderer's CPU
// time and the blocking time of its long tasks (what each task over 50 ms lasts beyond 50 ms), up to the page's
// hydration (header and footer included). `node scripts/start-up.mjs [origin]`: a running server, or the compiled
// server started here.
import { chromium } from 'playwright-core';
import { firstNewsSlug, startServer } from './local-server.mjs';
import { COMPILE_HINT_LINE } from './compile-hint.mjs';
import { FIRST_LOAD_PAGES } from './first-load.mjs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const RUNS = Math.max(1, Number(process.env.START_UP_RUNS ?? 10));
const VARIANTS = ['as built', 'without the hint'];

/** One first visit: the renderer's counters (ms) once the page has hydrated. */
async function visit(browser, url, variant) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    if (variant === 'without the hint')
      await page.route(
        (target) => /\/first-load-[\w-]+\.js$/.test(target.pathname),
        async (route) => {
          const response = await route.fetch();
          const code = await response.text();
          if (!code.startsWith(COMPILE_HINT_LINE))
            throw new Error(`${route.request().url()} does not start with the hint`);
          await route.fulfill({ response, body: code.slice(COMPILE_HINT_LINE.length) });
        },
      );
    await page.addInitScript(() => {
      window.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(url);
    await page.waitForSelector('html[data-hydrated="true"]', { state: 'attached' });
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name) => (metrics.find((m) => m.name === name)?.value ?? NaN) * 1000;
    const longTasks = await page.evaluate(() => window.__longTasks);
    const paint = await page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime);
    return {
      'first contentful paint': paint ?? NaN,
      'main thread tasks': metric('TaskDuration'),
      'of it, script': metric('ScriptDuration'),
      'renderer CPU': metric('ProcessTime'),
      'long-task blocking': longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0),
    };
  } finally {
    await context.close();
  }
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function startUp(origin, executablePath = process.env.CHROME_PATH ?? HEADLESS_SHELL) {
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox'] });
  try {
    const rows = [];
    for (const { type, path } of FIRST_LOAD_PAGES(await firstNewsSlug(origin))) {
      const samples = Object.fromEntries(VARIANTS.map((v) => [v, []]));
      for (let i = 0; i < RUNS; i++)
        for (const variant of VARIANTS) samples[variant].push(await visit(browser, origin + path, variant));
      for (const variant of VARIANTS) {
        const row = { page: `${type} ${path}`, 'first-load chunk': variant };
        for (const key of Object.keys(samples[variant][0]))
          row[`${key} ms`] = median(samples[variant].map((s) => s[key])).toFixed(0);
        rows.push(row);
      }
    }
    return rows;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const given = process.argv[2];
  const server = given ? undefined : await startServer();
  try {
    console.table(await startUp(given ?? server.origin));
  } finally {
    await server?.stop();
  }
}
