import { cruise, type ICruiseResult, type IFlattenedRuleSet } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * No import cycle that carries values in server/, shared/, client/ or content-api/: static imports, re-exports and dynamic
 * `import()` all count, `import type` does not. dependency-cruiser reads each module as the compiler emits it
 * (`tsPreCompilationDeps: false`: with `verbatimModuleSyntax` exactly the type-only imports are erased), so the
 * graph it checks is the one the runtime loads, lazy `import()`s included.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

const ruleSet: IFlattenedRuleSet = {
  forbidden: [{ name: 'no-value-cycle', severity: 'error', from: {}, to: { circular: true } }],
};

let result: ICruiseResult;

beforeAll(async () => {
  const { output } = await cruise(
    ['server', 'shared', 'client', 'content-api'],
    {
      baseDir: root,
      ruleSet,
      validate: true,
      tsPreCompilationDeps: false,
      doNotFollow: { path: 'node_modules' },
      tsConfig: { fileName: 'tsconfig.json' },
    },
    undefined,
    { tsConfig: extractTSConfig(`${root}/tsconfig.json`) },
  );
  if (typeof output === 'string') throw new Error('dependency-cruiser answered a report instead of a cruise result');
  result = output;
}, 60_000);

const dependenciesOf = (source: string) => result.modules.find((m) => m.source === source)?.dependencies ?? [];

describe('import cycles', () => {
  it('sees the lazy imports: a section reaches its pages through `import()`', () => {
    const pages = dependenciesOf('shared/sections/about/section.ts').find(
      (d) => d.resolved === 'shared/sections/about/pages.ts',
    );
    expect(pages?.dynamic).toBe(true);
  });

  it('ignores type-only imports: a route reaches the page cache only for its types', () => {
    expect(dependenciesOf('server/routes/pages.ts').map((d) => d.resolved)).not.toContain('server/ssr/page-cache.ts');
  });

  it('finds no cycle that carries values', () => {
    const cycles = (result.summary.violations ?? []).map((v) =>
      [v.from, ...(v.cycle ?? []).map((step) => step.name)].join(' → '),
    );
    expect(cycles).toEqual([]);
  });
});
