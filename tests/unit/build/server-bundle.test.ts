import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../server/paths.ts';
import { isReexportFacade } from '../../helpers/source-maps.ts';

// reads the server build (`npm test` builds when stale)
const serverDist = join(paths().dist, 'server');
const scripts = readdirSync(serverDist, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js'));

describe('server build', () => {
  it("bundles react-router's production build instead of importing it from node_modules (ADR 0083)", () => {
    expect(scripts).toContain('main.js');
    // an import Node would resolve through react-router's package exports: its development build
    const bareImports = scripts.filter((f) =>
      /\bfrom\s*["']react-router(?:\/[\w-]+)?["']|import\(["']react-router/.test(
        readFileSync(join(serverDist, f), 'utf8'),
      ),
    );
    expect(bareImports).toEqual([]);
    // every chunk has a source map but a facade that only re-exports another chunk (it bundles nothing)
    const withoutMap = scripts.filter((f) => !existsSync(join(serverDist, `${f}.map`)));
    for (const f of withoutMap) expect(isReexportFacade(readFileSync(join(serverDist, f), 'utf8')), f).toBe(true);
    const sources = scripts
      .filter((f) => !withoutMap.includes(f))
      .flatMap((f) => {
        const map = JSON.parse(readFileSync(join(serverDist, `${f}.map`), 'utf8')) as { sources: string[] };
        return map.sources.filter((s) => s.includes('node_modules/react-router/'));
      });
    expect(sources.some((s) => s.includes('/react-router/dist/production/'))).toBe(true);
    expect(sources.filter((s) => s.includes('/react-router/dist/development/'))).toEqual([]);
  });
});
