import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../server/paths.ts';

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
    const sources = scripts.flatMap((f) => {
      const code = readFileSync(join(serverDist, f), 'utf8');
      // a facade that only re-exports another chunk has no map and bundles nothing
      if (/^export\s*\{[^}]*\}\s*from\s*"\.\/[^"]+";?\s*$/.test(code)) return [];
      const map = JSON.parse(readFileSync(join(serverDist, `${f}.map`), 'utf8')) as { sources: string[] };
      return map.sources.filter((s) => s.includes('node_modules/react-router/'));
    });
    expect(sources.some((s) => s.includes('/react-router/dist/production/'))).toBe(true);
    expect(sources.filter((s) => s.includes('/react-router/dist/development/'))).toEqual([]);
  });
});
