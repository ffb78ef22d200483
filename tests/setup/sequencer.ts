import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest files of each project start first, so the two workers finish together on short files. Vitest orders
 * by the durations it cached from the last run, and a fresh clone (CI) has none: it would order by file size, which
 * puts the short but slow walk through every section near the end. These files go first in this order, the rest as
 * Vitest decides.
 */
const SLOWEST_FIRST = [
  // one single-threaded compiler process: started at once, it never makes the tail
  'tests/types/compile.test.ts',
  'tests/browser/walk.test.ts',
  'tests/integration/server/editor-loop.test.ts',
  'tests/browser/offline.test.ts',
  'tests/browser/runtime.test.ts',
  'tests/browser/chrome.test.ts',
  'tests/integration/content-api/live-reload.test.ts',
  'tests/integration/server/main.test.ts',
  'tests/browser/glacier-map.test.ts',
  'tests/browser/dev-hydration.test.ts',
  'tests/integration/sections/research-data.test.ts',
  'tests/browser/payload-requests.test.ts',
  'tests/browser/hydration.test.ts',
  'tests/browser/page-cache.test.ts',
  'tests/browser/long-pages.test.ts',
  'tests/browser/lean-client.test.ts',
  'tests/integration/deploy/nginx-stack.test.ts',
  'tests/integration/server/upstream/breaker.test.ts',
  'tests/browser/keyboard-and-no-js.test.ts',
  'tests/integration/server/purge-replicas.test.ts',
  'tests/integration/server/routes/share-images.test.ts',
  'tests/integration/sections/visitor-paths.test.ts',
  'tests/integration/server/workers.test.ts',
  'tests/browser/long-open-tab.test.ts',
  // `npm run test:visual`
  'tests/visual/axe-sweep.test.ts',
  'tests/visual/back-to-top-placement.test.ts',
  'tests/visual/what-visitors-see.test.ts',
  'tests/visual/overviews-and-dates.test.ts',
];

/**
 * Projects in this order, each as one run of files. A worker keeps its process (and the modules it imported) for
 * the next file only when that file is of the same project (`isolate: false`); a queue that mixed the projects
 * started a new worker process every few files.
 */
const PROJECTS = ['types', 'browser-dev', 'browser', 'integration', 'unit'];

export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const project = (spec: TestSpecification) => {
      const index = PROJECTS.indexOf(spec.project.name);
      return index === -1 ? PROJECTS.length : index;
    };
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST_FIRST.findIndex((path) => spec.moduleId.endsWith(path));
      return index === -1 ? SLOWEST_FIRST.length : index;
    };
    // a stable sort: files outside the list keep Vitest's order within their project
    return sorted.sort((a, b) => project(a) - project(b) || rank(a) - rank(b));
  }
}
