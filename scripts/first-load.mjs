// The JavaScript a first visit loads before the load event, per page type, measured as Chromium loads it: every
// script response up to `load` (link prefetching kept out, as on Save-Data), each body gzip -9 (what a static server compresses it to). Used by `npm run bench`
// and runnable alone: `node scripts/first-load.mjs [origin] [--scripts]` (a running server; without one, the compiled
// server is started here; `--scripts` lists each page's scripts and their sizes).
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { firstNewsSlug, startServer } from './local-server.mjs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/** The page types the budget names, in the default locale: home, a list, an article, the glacier map. */
export const FIRST_LOAD_PAGES = (slug) => [
  { type: 'home', path: '/' },
  { type: 'list (news)', path: '/news' },
  { type: 'article (news item)', path: `/news/${slug}` },
  { type: 'glacier map (WGMS page)', path: '/resources/tools/wgms' },
];

/** Bytes of JavaScript (gzip -9) a fresh visit of each page loads before its load event. */
export async function firstLoad(origin, executablePath = process.env.CHROME_PATH ?? HEADLESS_SHELL) {
  const browser = await chromium.launch({ executablePath, args: ['--headless', '--no-sandbox'] });
  try {
    const rows = [];
    for (const { type, path } of FIRST_LOAD_PAGES(await firstNewsSlug(origin))) {
      // a new context: no cache, no service worker, a first visit
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
      const page = await context.newPage();
      // the page's own code only: link prefetching (after hydration, when the browser is idle) is off on Save-Data
      await page.addInitScript(() =>
        Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }),
      );
      const scripts = [];
      let loaded = false;
      page.on('response', (res) => {
        if (!loaded && res.request().resourceType() === 'script') scripts.push(res);
      });
      await page.goto(origin + path, { waitUntil: 'load' });
      loaded = true;
      const files = [];
      for (const res of scripts)
        files.push({ url: new URL(res.url()).pathname, bytes: gzipSync(await res.body(), { level: 9 }).length });
      const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
      rows.push({ type, path, scripts: scripts.length, bytes, files });
      await context.close();
    }
    return rows;
  } finally {
    await browser.close();
  }
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

export const formatFirstLoad = (rows) =>
  '\n| first load (Chromium, before `load`) | scripts | JS gzip -9 |\n|---|---|---|\n' +
  rows.map((r) => `| ${r.type} \`${r.path}\` | ${r.scripts} | ${kb(r.bytes)} |`).join('\n') +
  '\n';

/** Each page's scripts, one a line, largest first (`--scripts`): which chunks a page type loads before `load`. */
export const formatFirstLoadScripts = (rows) =>
  rows
    .map(
      (r) =>
        `\n${r.type} \`${r.path}\`\n` +
        [...r.files]
          .sort((a, b) => b.bytes - a.bytes)
          .map((file) => `  ${kb(file.bytes).padStart(9)}  ${file.url}`)
          .join('\n'),
    )
    .join('\n') + '\n';

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const given = args.find((arg) => !arg.startsWith('--'));
  const server = given ? undefined : await startServer();
  try {
    const rows = await firstLoad(given ?? server.origin);
    process.stdout.write(formatFirstLoad(rows) + (args.includes('--scripts') ? formatFirstLoadScripts(rows) : ''));
  } finally {
    await server?.stop();
  }
}
