import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMPILE_HINT_LINE } from '../../../scripts/compile-hint.mjs';
import { paths } from '../../../server/paths.ts';
import { isServerOnly } from '../../../scripts/server-only.ts';
import { privacyPolicy } from '../../../shared/sections/legal/privacy-policy.server.ts';
import { termsAndConditions } from '../../../shared/sections/legal/terms-and-conditions.server.ts';
import { hasSourceMap, mayLackSourceMap, sourceMapOf } from '../../helpers/source-maps.ts';

// reads the client build (`npm test` builds when stale)
const dist = paths().clientDist;
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[] }
>;
const source = (file: string) => readFileSync(join(dist, file), 'utf8');
const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry)!;
/** The manifest's JavaScript chunks (it also lists the stylesheet and assets such as the map's outlines). */
const scriptKeys = Object.keys(manifest).filter((k) => manifest[k]!.file.endsWith('.js'));

/** The modules bundled into a JS chunk, from its source map. A chunk without a map fails the test unless it may lack
 * one (rolldown's runtime, a re-export facade): a missing map never reads as "no modules". */
function modulesOf(file: string): string[] {
  expect(file, 'modulesOf reads JavaScript chunks only').toMatch(/\.js$/);
  if (!hasSourceMap(file)) {
    expect(mayLackSourceMap(file), `${file} has no source map and bundles code`).toBe(true);
    return [];
  }
  const mapFile = sourceMapOf(file);
  const map = JSON.parse(readFileSync(mapFile, 'utf8')) as { sources: string[] };
  return map.sources.map((s) => s.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/'));
}

/** Manifest entries' chunks and every chunk they import statically, as files. */
function closureOf(...starts: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    // every chunk a chunk imports is in the manifest: one missing is a broken build, not a chunk to leave out
    expect(manifest[key], `${key} in the manifest`).toBeDefined();
    if (!seen.has(key)) {
      seen.add(key);
      manifest[key]?.imports?.forEach(visit);
    }
  };
  starts.forEach(visit);
  return [...seen].map((k) => manifest[k]!.file);
}

/** The entry and every chunk it imports statically: what every page loads. */
const firstLoad = (): string[] => closureOf(...Object.keys(manifest).filter((k) => manifest[k]?.isEntry));
/** The JavaScript files of the first load. */
const firstLoadScripts = () => firstLoad().filter((f) => f.endsWith('.js'));
/** The JavaScript of the first load, as one text. */
const firstLoadCode = () => firstLoadScripts().map(source).join('\n');
/** The modules of every JavaScript chunk the manifest lists. */
const builtModules = () => scriptKeys.flatMap((k) => modulesOf(manifest[k]!.file));
/** Every JavaScript chunk of the build, as files in assets/. */
const chunks = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));

// markers that survive minification: zod's internal property and class names, and server-only modules
const ZOD = ['_zod', '$ZodType'];
const SERVER = ['node:fs', 'node:crypto', 'node:zlib', 'fastify', 'undici', 'pino', 'prom-client', 'sanitize-html'];
/** a text as it can appear in minified JavaScript: as is, or with non-ASCII characters as \u escapes */
const forms = (text: string) => [
  text,
  JSON.stringify(text).slice(1, -1),
  text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
];
const firstSentence = (html: string) => /<p>([^<.]+\.)/.exec(html)![1]!;

describe('client bundle', () => {
  it("reads the glacier sources' citations on the server: no chunk carries the citation rules", () => {
    // citeSource's texts (shared/glacier-data.ts): the WGMS loader sends the panel its citations ready to show
    for (const file of chunks)
      for (const marker of ['Randolph Glacier Inventory 6.0', 'Fluctuations of Glaciers Database, release'])
        expect(source(`assets/${file}`).includes(marker), `${marker} in ${file}`).toBe(false);
  });

  it('contains no server module and no server-only text (loader code, legal texts) in any chunk', () => {
    expect(chunks.length).toBeGreaterThan(1);
    for (const file of chunks)
      for (const marker of SERVER) expect(source(`assets/${file}`), `${marker} in ${file}`).not.toContain(marker);
    const needles = [
      'Unknown route middleware',
      ...[privacyPolicy, termsAndConditions].flatMap((doc) => [firstSentence(doc.ru.html), firstSentence(doc.en.html)]),
    ];
    const code = chunks.map((file) => source(`assets/${file}`)).join('\n');
    for (const needle of needles) for (const form of forms(needle)) expect(code).not.toContain(form);
    // the check would see them: the server build has them
    expect(readFileSync(join(paths().root, 'shared/router/middleware.server.ts'), 'utf8')).toContain(needles[0]);
  });

  it('keeps its source maps out of what it serves; they name its modules, none of them server-only', () => {
    // the build keeps source maps in dist/sourcemaps (never served); modulesOf fails a chunk that bundles code
    // and has none (only rolldown's runtime and a chunk that only re-exports another have none)
    expect(readdirSync(join(dist, 'assets')).filter((file) => file.endsWith('.map'))).toEqual([]);
    expect(chunks.filter((file) => hasSourceMap(file)).length).toBeGreaterThan(chunks.length / 2);
    const own = builtModules().filter((module) => /^(client|shared|server|scripts)\//.test(module));
    expect(own.length).toBeGreaterThan(20);
    expect(own.some((module) => module.startsWith('shared/sections/'))).toBe(true);
    expect(own.filter(isServerOnly)).toEqual([]);
  });

  it('first load is the entry and one chunk of what it imports statically: the layout, React, react-router', () => {
    const files = firstLoadScripts();
    // entry, the first-load chunk and rolldown's tiny runtime: not nine small chunks (ADR 0075)
    expect(files.length).toBeLessThanOrEqual(3);
    const modules = files.flatMap(modulesOf);
    for (const needed of [
      'client/entry.client.tsx',
      'shared/ui/Layout.tsx',
      'node_modules/react-dom/cjs/react-dom-client.production.js',
    ])
      expect(modules).toContain(needed);
    // react-router's production build (its package exports name the development one: vite.config.ts aliases it)
    expect(modules.some((m) => m.startsWith('node_modules/react-router/dist/production/'))).toBe(true);
    expect(modules.filter((m) => m.startsWith('node_modules/react-router/dist/development/'))).toEqual([]);
    // what the first page does not need before it is interactive: the pages of sections (their own chunks), the
    // link prefetcher (loaded once hydrated: the deferred modules below), the map, the feedback rules, zod (the
    // feedback rules and the map load it with themselves)
    const late = modules.filter(
      (m) =>
        /^shared\/sections\/[^/]+\/(pages\.ts|[A-Za-z]+Page\.tsx)$/.test(m) ||
        m.startsWith('shared/ui/map/') ||
        m === 'shared/ui/feedback/validation.ts' ||
        m.startsWith('node_modules/zod/'),
    );
    expect(late).toEqual([]);
    const code = files.map(source).join('\n');
    for (const marker of ZOD) expect(code, marker).not.toContain(marker);
  });

  it('leaves the server-rendered JSON-LD out of the first load (ADR 0076)', () => {
    const code = firstLoadCode();
    // the JSON-LD builders (and the WGMS citation only they and the map use) run on the server only
    for (const marker of ['https://schema.org', 'SearchAction', 'DataDownload', 'Fluctuations of Glaciers Database'])
      expect(code, marker).not.toContain(marker);
  });

  it("leaves the footer's feedback dialog out of the first load, in a chunk of its own (ADR 0076)", () => {
    const code = firstLoadCode();
    // the modal and the form load when the visitor reaches for the button
    for (const marker of ['modal__dialog', 'form.topicPlaceholder']) expect(code, marker).not.toContain(marker);
    const dialog = Object.keys(manifest).find((k) => k.endsWith('shared/ui/feedback/FeedbackDialog.tsx'));
    expect(dialog && source(manifest[dialog]!.file)).toContain('modal__dialog');
  });

  it("leaves the header's code out of the first load: it hydrates on its own, after the page (ADR 0078)", () => {
    // Header.tsx and SiteMenu.tsx are among the deferred modules below
    expect(firstLoadScripts().flatMap(modulesOf)).toContain('shared/ui/header/DeferredHeader.tsx');
    const code = firstLoadCode();
    for (const marker of ['main-nav__trigger', 'lang-dropdown__toggle']) expect(code, marker).not.toContain(marker);
    const header = Object.keys(manifest).find((k) => k.endsWith('shared/ui/Header.tsx'));
    expect(header && closureOf(header).map(source).join('\n')).toContain('main-nav__trigger');
  });

  it('the field vitals chunk builds no zod schema (its JIT probe would be a CSP violation before zod-jitless runs)', () => {
    const key = Object.keys(manifest).find((k) => k.endsWith('client/runtime/web-vitals.ts'));
    expect(key).toBeDefined();
    const modules = closureOf(key!).flatMap(modulesOf);
    expect(modules).toContain('shared/web-vitals.ts');
    expect(modules.filter((m) => m.startsWith('node_modules/zod/'))).toEqual([]);
  });

  it('leaves what waits for the load event out of what a page loads before it (ADR 0102)', () => {
    // the modules imported only after `load` (or on demand): the header and the footer, the build checks, the payload
    // client, the service worker, link prefetching, the error page, the back-to-top focus, the field Web Vitals
    const deferred = [
      'shared/ui/Header.tsx',
      'shared/ui/Footer.tsx',
      'shared/ui/header/SiteMenu.tsx',
      'shared/ui/header/use-desktop-dropdowns.ts',
      'shared/ui/feedback/FeedbackButton.tsx',
      'shared/ui/Tooltip.tsx',
      'shared/ui/ErrorPage.tsx',
      'client/runtime/app-manifest.ts',
      'shared/router/route-rules.ts',
      'client/runtime/payload-client.ts',
      'client/runtime/service-worker.ts',
      'client/runtime/refused-feedback.ts',
      'client/runtime/prefetch.ts',
      'client/runtime/connection.ts',
      'client/runtime/back-to-top.ts',
      'client/runtime/web-vitals.ts',
      'node_modules/web-vitals/dist/web-vitals.js',
    ];
    // each is in the build, in a chunk of its own or a late one
    const built = builtModules();
    for (const module of deferred) expect(built, module).toContain(module);
    // and none is in the first load or in the static imports of a section's pages (home, lists, articles, the map)
    const sections = Object.keys(manifest).filter((k) => /^shared\/sections\/[^/]+\/pages\.ts$/.test(k));
    expect(sections.length).toBeGreaterThan(5);
    for (const start of [entryKey, ...sections]) {
      const early = closureOf(start).flatMap(modulesOf);
      expect(
        early.filter((m) => deferred.includes(m)),
        start,
      ).toEqual([]);
    }
    // react-router's <Link> brings framework-mode code (prefetch links, HydratedRouter's context) that the site never
    // runs: the browser's link is shared/ui/fast-paths/AppLink.tsx's ClientLink
    expect(firstLoadCode()).not.toContain('HydratedRouter');
  });

  it("has one stylesheet, the first load's: no section page waits for a second render-blocking one (ADR 0077)", () => {
    const withCss = Object.values(manifest as Record<string, { file: string; css?: string[] }>).filter(
      (chunk) => (chunk.css ?? []).length > 0,
    );
    expect(withCss.map((chunk) => chunk.file)).toEqual(firstLoad().filter((f) => /\/first-load-[^/]+\.js$/.test(f)));
    expect(readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.css'))).toHaveLength(1);
  });

  it('asks V8 to compile the first-load chunk while it streams in, and no other chunk (ADR 0117)', () => {
    // V8's explicit compile hint is honoured only as the file's first line
    const hint = COMPILE_HINT_LINE;
    const hinted = chunks.filter((f) => source(`assets/${f}`).startsWith(hint));
    expect(hinted).toEqual([expect.stringMatching(/^first-load-[\w-]+\.js$/)]);
    expect(firstLoad()).toContain(`assets/${hinted[0]}`);
    for (const file of chunks)
      expect(source(`assets/${file}`).slice(hint.length)).not.toContain('allFunctionsCalledOnLoad');
  });

  it('keeps the entry module out of every chunk a section imports (its top-level await would never finish)', () => {
    // the entry awaits the first page's section chunk before hydrating; a section chunk that imported the chunk
    // holding the entry module would wait for that module in turn: nothing would ever hydrate
    const holders = scriptKeys.filter((k) => modulesOf(manifest[k]!.file).includes(entryKey));
    expect(holders).toEqual([entryKey]);
    const importers = Object.keys(manifest).filter((k) => manifest[k]!.imports?.includes(entryKey));
    expect(importers).toEqual([]);
  });

  it("loads with a section's pages the page kit and only components its pages show (ADR 0102)", () => {
    // the page kit holds what most pages show; a component only some sections use (the file list, the filters, media)
    // is a chunk of its own, loaded by those sections only: the news list loads neither
    const news = closureOf('shared/sections/news/pages.ts').flatMap(modulesOf);
    expect(news).toContain('shared/ui/Pagination.tsx');
    for (const other of ['shared/ui/files/FileList.tsx', 'shared/ui/FilterForm.tsx', 'shared/ui/media/Duration.tsx'])
      expect(news).not.toContain(other);
    expect(closureOf('shared/sections/resources/pages.ts').flatMap(modulesOf)).toContain(
      'shared/ui/files/FileList.tsx',
    );
  });

  it('loads neither zod nor the Yandex loader with the map page until a maps key asks for them', () => {
    // what the WGMS page loads statically: its section's chunk and everything that chunk imports
    const modules = closureOf('shared/sections/resources/pages.ts').flatMap(modulesOf);
    expect(modules).toContain('shared/ui/map/GlacierMap.tsx');
    const late = modules.filter(
      (m) =>
        m === 'shared/ui/map/yandex-maps.ts' ||
        m === 'shared/ui/map/InteractiveMap.tsx' ||
        m.startsWith('node_modules/zod/'),
    );
    expect(late).toEqual([]);
  });
});
