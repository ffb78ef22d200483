// `npm run screenshots`: full-page screenshots of the home page and of a list and a detail page of every section,
// in both locales, at 360 px and 1280 px, saved to test-results/screenshots/. A review aid, not a test: it fails only
// when a page answers with an error or the browser reports a problem. Needs the built client (npm run build).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { matchRoutes } from 'react-router';
import { paths } from '../server/paths.ts';
import { startServer } from './local-server.mjs';
import { routeNodes, toRouteObjects } from '../shared/router/route-tree.ts';
import { sections } from '../shared/sections/registry.ts';
import { hydrated, launchChromium } from '../tests/helpers/browser.ts';
import { watchPage } from '../tests/helpers/page-watch.ts';

const out = join(paths().root, 'test-results', 'screenshots');
mkdirSync(out, { recursive: true });

// the compiled server, as `npm start` runs it (with its embedded content API)
const server = await startServer();
const { origin } = server;
const browser = await launchChromium();

/** The pages of a section to show: its first page without parameters, and the first card it links to. */
const listPaths = sections.flatMap((section) => {
  const list = [...routeNodes.values()].find(
    (node) => node.section === section.name && node.path !== undefined && !node.path.includes(':'),
  );
  return list ? [{ name: section.name, path: `/${list.path}` }] : [];
});
/** Sections whose every page has a parameter (a country, a cryosphere product): the first page the home page links
 * to that the router matches to the section (react-router ranks `/news` above `/:product`). */
const paramSections = sections
  .map((section) => section.name)
  .filter((name) => name !== 'home' && !listPaths.some((list) => list.name === name));
const routes = [toRouteObjects(() => ({}))];
const sectionOf = (href: string, basename: string) =>
  routeNodes.get(matchRoutes(routes, href.split(/[?#]/)[0]!, basename)?.at(-1)?.route.id ?? '')?.section;
/** Pages no list links to: the glacier map (its data panel, a glacier selected) and the not-found page. */
const extraPages = [
  { name: 'wgms-map', path: '/resources/tools/wgms?glacier=abramova', status: 200 },
  { name: 'not-found', path: '/no/such/page', status: 404 },
];

const problems: string[] = [];
let saved = 0;
try {
  for (const locale of ['ru', 'en'] as const) {
    const base = locale === 'en' ? '/en' : '';
    for (const width of [360, 1280]) {
      const context = await browser.newContext({
        locale: locale === 'en' ? 'en-GB' : 'ru-RU',
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      const shoot = async (name: string, path: string, status = 200) => {
        const watch = watchPage(page);
        const res = await page.goto(origin + path);
        if (res?.status() !== status) problems.push(`${path}: HTTP ${res?.status() ?? 'no answer'}, not ${status}`);
        // the offline page is a document without the client app: nothing hydrates
        if ((await page.locator('script[type="module"]').count()) > 0) await hydrated(page);
        // lazy images below the fold: scroll through once, a frame at each step so the browser sees each position and
        // starts their loads, then give them a moment to arrive (a review aid: an image that never loads shows as
        // missing rather than stopping the run)
        await page.evaluate(async () => {
          // (no named function in here: tsx would wrap it in a helper the page does not have)
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((resolve) => requestAnimationFrame(resolve));
          }
          window.scrollTo(0, 0);
        });
        await page
          .waitForFunction(() => [...document.images].every((img) => img.complete), undefined, { timeout: 5000 })
          .catch(() => undefined);
        await page.screenshot({ path: join(out, `${locale}-${name}-${width}.png`), fullPage: true });
        saved += 1;
        // a page sent with an error status is reported in the console as a resource that failed: expected here
        const expected = `the server responded with a status of ${status}`;
        problems.push(
          ...watch.problems
            .filter((p) => status === 200 || !p.includes(expected))
            .map((p) => `${locale} ${width}px ${path}: ${p}`),
        );
        watch.stop();
      };
      await shoot('home', base || '/');
      const homeLinks = await page
        .locator('a[href^="/"]')
        .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
      for (const name of paramSections) {
        const path = homeLinks.find((href) => sectionOf(href, base || '/') === name);
        if (path) await shoot(`${name}-page`, path);
        else problems.push(`${locale}: the home page links to no ${name} page`);
      }
      for (const { name, path, status } of extraPages) await shoot(name, base + path, status);
      for (const { name, path } of listPaths) {
        await shoot(`${name}-list`, base + path);
        const card = page.locator('main a.card__link[href^="/"]').first();
        const detail = (await card.count()) > 0 ? await card.getAttribute('href') : null;
        if (detail && !detail.includes('#')) await shoot(`${name}-detail`, detail);
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
process.stdout.write(`${saved} screenshots in ${out}\n`);
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exitCode = 1;
}
