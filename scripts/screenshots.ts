// `npm run screenshots`: full-page screenshots of the home page and of a list and a detail page of every section,
// in both locales, at 360 px and 1280 px, saved to test-results/screenshots/. A review aid, not a test: it fails only
// when a page answers with an error or the browser reports a problem. Needs the built client (npm run build).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pino } from 'pino';
import { buildApp } from '../server/app.ts';
import { configWith } from '../server/config.ts';
import { startContentApi } from '../server/content-api/app.ts';
import { paths } from '../server/paths.ts';
import { createProdRenderer } from '../server/ssr/prod.ts';
import { sections } from '../shared/sections/registry.ts';
import { hydrated, launchChromium } from '../tests/helpers/browser.ts';
import { watchPage } from '../tests/helpers/page-watch.ts';

const out = join(paths().root, 'test-results', 'screenshots');
mkdirSync(out, { recursive: true });

const upstream = await startContentApi(0);
const app = await buildApp(configWith({ LOG_LEVEL: 'silent' }), {
  renderer: createProdRenderer(),
  upstreamUrl: upstream.url,
  logger: pino({ level: 'silent' }),
});
const origin = await app.listen({ port: 0, host: '127.0.0.1' });
const browser = await launchChromium();

/** The pages of a section to show: its first page without parameters, and the first card it links to. */
const listPaths = sections.flatMap((section) => {
  const list = section.routes.find((r) => r.path !== undefined && !r.path.includes(':'));
  return list ? [{ name: section.name, path: `/${list.path}` }] : [];
});

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
      const watch = watchPage(page);
      const shoot = async (name: string, path: string) => {
        const res = await page.goto(origin + path);
        if (!res || res.status() >= 400) problems.push(`${path}: HTTP ${res?.status() ?? 'no answer'}`);
        await hydrated(page);
        // lazy images below the fold: scroll through once (each step waits for the images it reveals)
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await Promise.all(
              [...document.images].filter((img) => !img.complete).map((img) => img.decode().catch(() => undefined)),
            );
          }
          window.scrollTo(0, 0);
        });
        await page.screenshot({ path: join(out, `${locale}-${name}-${width}.png`), fullPage: true });
        saved += 1;
      };
      await shoot('home', base || '/');
      for (const { name, path } of listPaths) {
        await shoot(`${name}-list`, base + path);
        const card = page.locator('main a.card__link[href^="/"]').first();
        const detail = (await card.count()) > 0 ? await card.getAttribute('href') : null;
        if (detail && !detail.includes('#')) await shoot(`${name}-detail`, detail);
      }
      problems.push(...watch.problems.map((p) => `${locale} ${width}px: ${p}`));
      await context.close();
    }
  }
} finally {
  await browser.close();
  await app.close();
  await upstream.app.close();
}
process.stdout.write(`${saved} screenshots in ${out}\n`);
if (problems.length > 0) {
  process.stderr.write(`${problems.join('\n')}\n`);
  process.exitCode = 1;
}
