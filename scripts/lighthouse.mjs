// `npm run lighthouse`: Lighthouse (mobile, the default config: emulated phone, simulated slow 4G and CPU slowdown)
// on four page types of the compiled server (dist/server/main.js, NODE_ENV=production, embedded content API) on a
// loopback port, with Debian's Chromium. Prints performance, LCP, TBT and CLS per page with the load average (TBT is
// inflated on a busy machine; so is Lighthouse's own benchmark index, printed too) and writes each full report to
// test-results/lighthouse/<page>.json. Not part of `npm test`; stops the server and Chromium and exits by itself.
// CHROME_PATH overrides /usr/bin/chromium; LIGHTHOUSE_CHROME_FLAGS adds Chromium flags (space-separated: for a
// diagnosis such as --disable-features=PaintHolding, ADR 0110); pass page names (home list detail map pwa) to run only
// those. Also prints the JavaScript transferred before the load event and the checks of Lighthouse's former PWA
// category (scripts/pwa-checks.mjs).
// Two slowdowns: Lighthouse's default CPU slowdown (4x, meant for a high-end desktop) and the slowdown its throttling
// guide gives for this machine's benchmark index (the guide's "Calibrating the CPU slowdown": a mid-tier phone is 4x a
// high-end desktop, 2x a low-end desktop or a high-end phone), so both figures compare with reports from other
// machines (ADR 0110). LIGHTHOUSE_CPU_SLOWDOWN sets the calibrated run's multiplier instead. Each page runs
// LIGHTHOUSE_RUNS times (5) per slowdown and the median run is reported, as Lighthouse CI does (one pass here moves by
// up to 10 points; Lighthouse's variability guide: the median of five runs is about twice as stable as one); the
// table lists every run's score too.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { throttling } from 'lighthouse/core/config/constants.js';
import { computeMedianRun, filterToValidRuns } from 'lighthouse/core/lib/median-run.js';
import { pwaChecks } from './pwa-checks.mjs';
import { firstNewsSlug, root, startServer } from './local-server.mjs';

const outDir = join(root, 'test-results', 'lighthouse');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const only = process.argv.slice(2);

/**
 * The CPU slowdown that brings a machine with this benchmark index to a mid-tier phone, per Lighthouse's throttling
 * guide: high-end desktop (1500 and up) 4x, low-end desktop (1000-1500) and high-end mobile (800-1200) 2x, slower 1x.
 */
export const calibratedSlowdown = (benchmarkIndex) => (benchmarkIndex >= 1500 ? 4 : benchmarkIndex >= 800 ? 2 : 1);

/** Lighthouse's default (mobile) throttling: simulated slow 4G, CPU slowdown 4x. */
const defaultMobile = throttling.mobileSlow4G;

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

/** Lighthouse runs per page and slowdown; the median run is reported, as Lighthouse CI does (LIGHTHOUSE_RUNS). */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const runs = async (once) => {
  const results = [];
  for (let i = 0; i < RUNS; i++) results.push(await once());
  return results;
};
/** The run closest to the median FCP and TTI (Lighthouse's own choice of a representative run). */
const median = (results) => {
  const chosen = computeMedianRun(filterToValidRuns(results.map((r) => r.lhr)));
  return results.find((r) => r.lhr === chosen) ?? results[0];
};
const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const server = await startServer();
const extraFlags = (process.env.LIGHTHOUSE_CHROME_FLAGS ?? '').split(/\s+/).filter(Boolean);
const chrome = await launch({
  chromePath,
  chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', ...extraFlags],
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
    const run = async (cpuSlowdownMultiplier) => {
      const result = await lighthouse(
        server.origin + page.path,
        { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] },
        cpuSlowdownMultiplier === undefined
          ? undefined
          : { extends: 'lighthouse:default', settings: { throttling: { ...defaultMobile, cpuSlowdownMultiplier } } },
      );
      if (!result) throw new Error(`no Lighthouse result for ${page.path}`);
      return result;
    };
    const standardRuns = await runs(() => run(undefined));
    const standard = median(standardRuns);
    const slowdown =
      Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) ||
      calibratedSlowdown(middle(standardRuns.map((r) => r.lhr.environment.benchmarkIndex)));
    const calibratedRuns =
      slowdown === defaultMobile.cpuSlowdownMultiplier ? standardRuns : await runs(() => run(slowdown));
    const calibrated = median(calibratedRuns);
    writeFileSync(join(outDir, `${page.name}.json`), standard.report);
    writeFileSync(join(outDir, `${page.name}-calibrated.json`), calibrated.report);
    const row = (result, cpu, all) => ({
      page: page.path,
      'CPU slowdown': cpu,
      performance: round(result.lhr.categories.performance.score * 100),
      'all runs': all.map((r) => round(r.lhr.categories.performance.score * 100)).join(' '),
      'LCP ms': round(result.lhr.audits['largest-contentful-paint'].numericValue),
      'TBT ms': round(result.lhr.audits['total-blocking-time'].numericValue),
      CLS: round(result.lhr.audits['cumulative-layout-shift'].numericValue, 3),
      'FCP ms': round(result.lhr.audits['first-contentful-paint'].numericValue),
      // as the unthrottled trace saw it: above a second, Chromium's paint holding kept the first frame (ADR 0110)
      'observed FCP ms': round(result.lhr.audits.metrics?.details?.items?.[0]?.observedFirstContentfulPaint),
      'JS before load KB': round(jsBeforeLoadKb(result.lhr), 1),
      'load avg': round(load, 2),
      // Lighthouse's CPU benchmark of this machine at that moment (lower = busier; it scales the simulated CPU)
      'benchmark index': round(result.lhr.environment.benchmarkIndex),
    });
    // where the calibrated slowdown is the default one, the two rows would be the same runs: one row says so
    if (calibratedRuns === standardRuns) rows.push(row(standard, `${slowdown}x (default, calibrated)`, standardRuns));
    else
      rows.push(
        row(standard, `${defaultMobile.cpuSlowdownMultiplier}x`, standardRuns),
        row(calibrated, `${slowdown}x (calibrated)`, calibratedRuns),
      );
  }
  // what Lighthouse 12 no longer checks (its PWA category): installability and reading offline
  if (only.length === 0 || only.includes('pwa')) pwa.push(...(await pwaChecks(server.origin, '/en')));
} finally {
  await chrome.kill();
  await server.stop();
}
console.table(rows);
if (pwa.length > 0) console.table(pwa);
if (extraFlags.length > 0) process.stdout.write(`Chromium flags added: ${extraFlags.join(' ')}\n`);
process.stdout.write(`reports: ${outDir}\n`);
