// `npm run lighthouse`: Lighthouse (mobile, the default config: emulated phone, simulated slow 4G and CPU slowdown)
// on four page types of the compiled server (dist/server/main.js, NODE_ENV=production, embedded content API) on a
// loopback port, with Debian's Chromium. Prints performance, LCP, TBT and CLS per page with the load average (TBT is
// inflated on a busy machine; so is Lighthouse's own benchmark index, printed too) and writes each full report to test-results/lighthouse/<page>.json. Not part of
// `npm test`; stops the server and Chromium and exits by itself. CHROME_PATH overrides /usr/bin/chromium; pass page
// names (home list detail map pwa) to run only those. Also prints the JavaScript transferred before the load event
// and the checks of Lighthouse's former PWA category (scripts/pwa-checks.mjs).
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pwaChecks } from './pwa-checks.mjs';
import { firstNewsSlug, root, startServer } from './stack-lib.mjs';

const outDir = join(root, 'test-results', 'lighthouse');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const only = process.argv.slice(2);

const round = (n, digits = 0) => (Number.isFinite(n) ? n.toFixed(digits) : '–');

/** KB of JavaScript transferred before the load event (the performance budget), from a Lighthouse result. */
function jsBeforeLoadKb(lhr) {
  const load = lhr.audits.metrics?.details?.items?.[0]?.observedLoad ?? Infinity;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const bytes = requests
    .filter((r) => r.resourceType === 'Script' && r.networkEndTime <= load)
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  return bytes / 1024;
}

const server = await startServer();
const chrome = await launch({
  chromePath,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const rows = [];
const pwa = [];
try {
  const slug = await firstNewsSlug(server.origin);
  const pages = [
    { name: 'home', path: '/en' },
    { name: 'list', path: '/en/news' },
    { name: 'detail', path: `/en/news/${slug}` },
    { name: 'map', path: '/resources/tools/wgms' },
  ].filter((page) => only.length === 0 || only.includes(page.name));
  mkdirSync(outDir, { recursive: true });
  for (const page of pages) {
    // warm the server's caches first: the figure is the client's, not the first upstream call's nor the first
    // encoding of an image rendition (a site in service has them on disk)
    const html = await (await fetch(server.origin + page.path)).text();
    const renditions = new Set(html.match(/\/_img\/[^\s"',]+/g) ?? []);
    for (const url of renditions)
      await (await fetch(server.origin + url, { headers: { accept: 'image/avif,image/webp,*/*' } })).arrayBuffer();
    const load = loadavg()[0];
    const result = await lighthouse(server.origin + page.path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
    });
    if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
    writeFileSync(join(outDir, `${page.name}.json`), result.report);
    const { audits, categories } = result.lhr;
    rows.push({
      page: page.path,
      performance: round(categories.performance.score * 100),
      'LCP ms': round(audits['largest-contentful-paint'].numericValue),
      'TBT ms': round(audits['total-blocking-time'].numericValue),
      CLS: round(audits['cumulative-layout-shift'].numericValue, 3),
      'FCP ms': round(audits['first-contentful-paint'].numericValue),
      'JS before load KB': round(jsBeforeLoadKb(result.lhr), 1),
      'load avg': round(load, 2),
      // Lighthouse's CPU benchmark of this machine at that moment (lower = busier; it scales the simulated CPU)
      'benchmark index': round(result.lhr.environment.benchmarkIndex),
    });
  }
  // what Lighthouse 12 no longer checks (its PWA category): installability and reading offline
  if (only.length === 0 || only.includes('pwa')) pwa.push(...(await pwaChecks(server.origin, '/en')));
} finally {
  await chrome.kill();
  await server.stop();
}
console.table(rows);
if (pwa.length > 0) console.table(pwa);
process.stdout.write(`reports: ${outDir}\n`);
