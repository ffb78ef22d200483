import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paths } from '../../server/paths.ts';

/** Where the build keeps a client chunk's source map: dist/sourcemaps, out of dist/client (never served). */
export const sourceMapOf = (chunk: string) => join(paths().dist, 'sourcemaps', `${chunk.split('/').pop()!}.map`);

/** Whether a chunk's code only re-exports another chunk (a facade: it bundles nothing, so it has no source map). */
export const isReexportFacade = (code: string) => /^export\s*\{[^}]*\}\s*from\s*"\.\/[^"]+";?\s*$/.test(code);

/** Whether a chunk may have no source map: rolldown's runtime, or a facade that only re-exports another chunk.
 * Neither bundles a module of ours or of a package; any other chunk without a map is a broken build. */
export const mayLackSourceMap = (chunk: string) =>
  /(^|\/)rolldown-runtime-[^/]+\.js$/.test(chunk) ||
  isReexportFacade(readFileSync(join(paths().clientDist, 'assets', chunk.split('/').pop()!), 'utf8'));

export const hasSourceMap = (chunk: string) => existsSync(sourceMapOf(chunk));
