/**
 * Docs stay true: every path a README, a docs/ page (decision records aside, they speak of their time) or a code
 * comment names exists. A path is a token that starts at a top folder of the project (`server/ssr/cache-key.ts`,
 * `tests/browser/`) or a relative Markdown link; tokens with placeholders (`*`, `<name>`, `{…}`, `…`) are patterns,
 * not paths.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../server/paths.ts';

const root = paths().root;
const TOP = ['server', 'client', 'shared', 'content-api', 'tests', 'scripts', 'docs', 'deploy', 'public', '.ci'];
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git', 'data', 'test-results', 'content', 'react-router-7']);

function walk(dir: string, keep: (file: string) => boolean, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      if (!SKIP_DIRS.has(name)) walk(path, keep, out);
    } else if (keep(path)) out.push(path);
  }
  return out;
}

/**
 * Paths inside a text: from a top folder of the project (`server/ssr/cache-key.ts`, `tests/browser/`), or a file under
 * a folder (`helpers/app.ts`), which may be relative to the text's own folder or its top folder. A token followed by
 * a placeholder is a pattern; one that starts with an installed package's name is the package's file.
 */
const FROM_TOP = new RegExp(`(?<![\\w./@-])(?:${TOP.map((t) => t.replace('.', '\\.')).join('|')})/[\\w./@-]*`, 'g');
const IN_FOLDER = /(?<![\w./@,-])(?:[\w-]+\/)+[\w.-]+\.(?:tsx?|mjs|js|md|json|css|svg)\b/g;
const placeholder = /^[*<>{}…]|^\.\.\./;

function namedPaths(text: string): string[] {
  const found = new Set<string>();
  for (const pattern of [FROM_TOP, IN_FOLDER])
    for (const match of text.matchAll(pattern))
      // a path followed by a placeholder (`…`, `<name>`) is a pattern, not a file; a sentence's full stop or comma
      // is not part of the path
      if (!placeholder.test(text.slice(match.index + match[0].length, match.index + match[0].length + 3)))
        found.add(match[0].replace(/[.,:;]+$/, ''));
  return [...found];
}

/** Whether a named path exists: from the root, the text's folder or its top folder (an ADR by its number too). */
function exists(path: string, file: string): boolean {
  const adr = /^docs\/decisions\/(\d{4})$/.exec(path);
  if (adr) return readdirSync(join(root, 'docs/decisions')).some((name) => name.startsWith(adr[1]!));
  const top = relative(root, file).split('/')[0]!;
  if (existsSync(join(root, 'node_modules', path.split('/')[0]!))) return true;
  return [join(root, path), join(dirname(file), path), join(root, top, path)].some((p) => existsSync(p));
}

/** The comments of a source file: `//` lines and block comments. */
const commentsOf = (source: string) =>
  [...source.matchAll(/\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*/g)].map((m) => m[0]).join('\n');

function missing(file: string, text: string): string[] {
  const where = relative(root, file);
  const wrong: string[] = [];
  for (const path of namedPaths(text)) if (!exists(path, file)) wrong.push(`${where}: ${path}`);
  if (file.endsWith('.md'))
    for (const [, link] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g))
      // relative links only: a URL or a site path is not a file here
      if (!/^[a-z]+:/i.test(link!) && !link!.startsWith('/') && !existsSync(join(dirname(file), link!)))
        wrong.push(`${where}: (${link})`);
  return wrong;
}

describe('docs stay true', () => {
  it('every path a README or a docs/ page names exists', () => {
    const docs = [
      ...walk(root, (f) => f.endsWith('README.md')),
      ...walk(join(root, 'docs'), (f) => f.endsWith('.md') && !f.includes('/decisions/')),
    ];
    expect(docs.length).toBeGreaterThan(5);
    expect(docs.flatMap((file) => missing(file, readFileSync(file, 'utf8')))).toEqual([]);
  });

  it('every path a comment in the code names exists', () => {
    const sources = ['server', 'client', 'shared', 'content-api', 'scripts', 'tests'].flatMap((dir) =>
      walk(join(root, dir), (f) => /\.(ts|tsx|mjs|js|css)$/.test(f)),
    );
    expect(sources.length).toBeGreaterThan(100);
    expect(sources.flatMap((file) => missing(file, commentsOf(readFileSync(file, 'utf8'))))).toEqual([]);
  });
});
