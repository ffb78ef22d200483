import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { COMPILE_HINT_LINE } from './scripts/compile-hint.mjs';
import { reactRouterProduction } from './scripts/react-router-production.mjs';
import { serverOnly } from './scripts/server-only.ts';
import { SlowestFirstSequencer } from './tests/setup/sequencer.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * react-router's production module names its components and contexts for React DevTools at its top level
 * (`NavLink.displayName = "NavLink"`) and makes them with calls not marked pure (`React.forwardRef(…)`): statements the
 * bundler must keep, and with them every component so made, used or not (`NavLink`, `unstable_HistoryRouter` and
 * what they call). The browser build drops the names and marks those calls pure: tree shaking then keeps only what
 * the app uses (ADR 0102).
 */
const reactRouterWithoutDisplayNames = (): Plugin => ({
  name: 'react-router-without-display-names',
  apply: 'build',
  transform: {
    filter: { id: /\/react-router\/dist\/production\/chunk-[^/]+\.mjs$/ },
    handler: (code) => ({
      code: code
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2'),
      map: null,
    }),
  },
});

/**
 * The tests render pages on the server from source while the browser gets the compiled client (dist/client): a
 * `?url` import of an asset gives the URL the client build serves it at (its manifest entry), as it does in the
 * compiled server, instead of the dev server's source path, which the tests' server does not serve. For the projects
 * that serve the compiled client (not browser-dev, which serves Vite's modules).
 */
const clientBuildAssetUrls = (): Plugin => ({
  name: 'client-build-asset-urls',
  apply: 'serve',
  enforce: 'pre',
  load(id) {
    if (!id.endsWith('?url')) return null;
    const manifest = JSON.parse(readFileSync(`${root}dist/client/.vite/manifest.json`, 'utf8')) as Record<
      string,
      { file: string }
    >;
    const entry = manifest[relative(root, id.slice(0, -'?url'.length))];
    return entry ? `export default ${JSON.stringify(`/${entry.file}`)};` : null;
  },
});

/**
 * Vite builds the client (dist/client, with a manifest the server reads); scripts/build.mjs runs a second,
 * SSR build of the server entries. Vitest projects: unit, integration (node + real HTTP) and browser (Chromium
 * through playwright-core, driven from node).
 */
/**
 * The integration, browser and visual projects render whole pages on the server many times over, as production does:
 * with React's production build and JSX (development React makes an Error with a stack for every element, its owner
 * stack, which was a fifth of those projects' CPU). Unit tests keep development React and its warnings.
 */
const PRODUCTION_REACT = { oxc: { jsx: { runtime: 'automatic', development: false } } } as const;
const PRODUCTION_REACT_ENV = { NODE_ENV: 'production' };
/** The projects whose server renders from source for the compiled client (dist/client): production React, its URLs. */
const COMPILED_CLIENT = { ...PRODUCTION_REACT, plugins: [clientBuildAssetUrls()] };
const DEV_SERVER_TEST = 'tests/browser/dev-hydration.test.ts';

/** The chunk of everything the entry loads statically; its file name starts with it. */
const FIRST_LOAD_CHUNK = 'first-load';

/**
 * V8's explicit compile hint (`COMPILE_HINT_LINE`) as the first line of the first-load chunk:
 * every function in it runs at start-up (React, the router, the layout), so V8 compiles them all on a background
 * thread while the file streams in, instead of one by one on the main thread as hydration first calls them
 * (ADR 0117). Added after minification, which drops comments; its source map moves down one line with the code.
 * (Rolldown's `output.postBanner` would start every other chunk with an empty line.)
 */
function compileFirstLoadOnLoad(): Plugin {
  return {
    name: 'compile-first-load-on-load',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle))
        if (file.type === 'chunk' && file.name === FIRST_LOAD_CHUNK) {
          file.code = COMPILE_HINT_LINE + file.code;
          if (file.map) file.map.mappings = `;${file.map.mappings}`;
        }
    },
  };
}

export default defineConfig(({ command }) => ({
  plugins: [react(), serverOnly({ root }), reactRouterWithoutDisplayNames(), compileFirstLoadOnLoad()],
  // react-router's production build, not the development one its package exports name (ADR 0083)
  resolve: command === 'build' ? { alias: reactRouterProduction } : {},
  publicDir: false,
  // `npm run dev` (no index.html to scan): the dependency scan starts from the client entry and every section's pages,
  // lazy ones included, so the first page views find the dependencies prebundled instead of reloading for new ones
  optimizeDeps: { entries: ['client/entry.client.tsx', 'shared/sections/*/pages.ts'] },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    // no preload helper around dynamic imports: the server preloads the first page's chunks, the rest load after the
    // load event or are prefetched, and the helper and its table of chunks were 0.8 KB of the first load (ADR 0116)
    modulePreload: false,
    rolldownOptions: {
      input: 'client/entry.client.tsx',
      // everything the entry loads statically (React, react-router, the layout, shared components) in ONE chunk:
      // gzip compresses it better than nine small ones (ADR 0075); lazy sections keep their own chunks. The entry
      // module stays out of it: its top-level await loads a section chunk, which imports this one (a cycle would
      // never finish evaluating)
      output: {
        codeSplitting: {
          groups: [
            {
              name: FIRST_LOAD_CHUNK,
              tags: ['$initial'],
              test: (id) => !id.endsWith('/client/entry.client.tsx'),
              includeDependenciesRecursively: false,
            },
            {
              // the layout's parts hydrated after the load event (ADR 0102): the header and the footer, one chunk
              name: 'chrome',
              test: (id) =>
                /\/shared\/ui\/((Header|Footer|Tooltip|LanguageSwitcher|Logo)\.tsx|header\/[^/]+|feedback\/FeedbackButton\.tsx|hooks\/use-(outside-click|media-query)\.ts)$/.test(
                  id,
                ),
              // the modules alone: what they import and a section uses too (the partner logos) stays out
              includeDependenciesRecursively: false,
            },
            {
              name: 'page-kit',
              // the components most pages show (cards, page headers, rich text, pagination), in one chunk when two
              // sections share them; the rest (file lists, filters, media, the map, the feedback form) load with the
              // sections that use them, so a page loads no component it does not show before its load event
              test: (id) =>
                /\/shared\/ui\/(Card|NewsCard|ContentImage|TagList|RichText|PageHeader|Breadcrumbs|Pagination|Seo|EmptyState)\.tsx$|\/shared\/ui\/(list-title|media\/plural)\.ts$|\/shared\/ui\/(fast-paths\/|plain-click\.ts$)/.test(
                  id,
                ),
              minShareCount: 2,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
  test: {
    setupFiles: ['tests/setup/fail-on-console.ts', 'tests/setup/file-end.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // expect.poll waits for a state (a log line, a stored entry, an attribute): on a busy machine that can take longer
    // than Vitest's 1 s default, and a poll gives up only when the state never comes
    expect: { poll: { timeout: 10_000 } },
    // two workers on two cores: the run is CPU-bound (Chromium, the servers the tests start), and a third worker only
    // added contention (428 CPU-s over 224 s with three, 374 over 204 s with two)
    maxWorkers: 2,
    // test files share their worker's modules (importing the server and React once per file was a third of the run):
    // the integration and browser files share one content API per project (tests/setup/content-api.ts), and every
    // file restores what it changes (fake timers, env, build id)
    isolate: false,
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        ...COMPILED_CLIENT,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.{ts,tsx}'],
          env: PRODUCTION_REACT_ENV,
          globalSetup: ['tests/setup/content-api.ts'],
        },
      },
      // the compiler over the whole project, the type tests of tests/types/*.test-d.ts included
      // (tests/types/compile.test.ts): a test file beside the others, where Vitest's typecheck mode would run the
      // compiler alone after every other file
      { extends: true, test: { name: 'types', include: ['tests/types/**/*.test.ts'] } },
      {
        extends: true,
        ...COMPILED_CLIENT,
        test: {
          name: 'browser',
          env: PRODUCTION_REACT_ENV,
          include: ['tests/browser/**/*.test.ts'],
          exclude: [DEV_SERVER_TEST],
          globalSetup: ['tests/setup/chromium-server.ts', 'tests/setup/content-api.ts'],
          testTimeout: 60_000,
        },
      },
      // the page through `npm run dev`'s Vite dev server, which serves development React to the browser: the server
      // renders with it too
      {
        extends: true,
        test: {
          name: 'browser-dev',
          include: [DEV_SERVER_TEST],
          globalSetup: ['tests/setup/chromium-server.ts', 'tests/setup/content-api.ts'],
          testTimeout: 60_000,
        },
      },
      // soaks: many page views to measure a share (field vitals that arrive however a page view ends), not part of
      // `npm test`, run by `npm run test:soak` and by .ci/run after it
      {
        extends: true,
        ...COMPILED_CLIENT,
        test: {
          name: 'soak',
          env: PRODUCTION_REACT_ENV,
          include: ['tests/soak/**/*.test.ts'],
          globalSetup: ['tests/setup/chromium-server.ts', 'tests/setup/content-api.ts'],
          testTimeout: 120_000,
        },
      },
      // how pages look in Chromium at phone and desktop widths (axe over every page type, layout, contrast, target
      // sizes, the back-to-top control's row): not part of `npm test` (`--project '!visual'`), run by `npm run test:visual` and by .ci/run after it
      {
        extends: true,
        ...COMPILED_CLIENT,
        test: {
          name: 'visual',
          env: PRODUCTION_REACT_ENV,
          include: ['tests/visual/**/*.test.ts'],
          globalSetup: ['tests/setup/chromium-server.ts', 'tests/setup/content-api.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
}));
