import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest files start first, so the three workers finish together. Vitest orders by the durations it cached
 * from the last run, and a fresh clone (CI) has none: it would order by file size, which puts the short but slow
 * walk through every section near the end. These files go first in this order, the rest as Vitest decides.
 */
const SLOWEST_FIRST = [
  'tests/browser/walk.test.ts',
  'tests/browser/runtime.test.ts',
  'tests/browser/chrome.test.ts',
  'tests/browser/a11y.test.ts',
  'tests/browser/glacier-map.test.ts',
  'tests/browser/dev-hydration.test.ts',
  'tests/browser/hydration.test.ts',
  'tests/browser/page-cache.test.ts',
];

export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST_FIRST.findIndex((path) => spec.moduleId.endsWith(path));
      return index === -1 ? SLOWEST_FIRST.length : index;
    };
    // a stable sort: files outside the list keep Vitest's order
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
