/**
 * Docs stay true: every path a README, a docs/ page, a current decision record or a code comment names exists. A path
 * is a token that starts at a top folder of the project (`server/ssr/cache-key.ts`, `tests/browser/`) or a relative
 * Markdown link; tokens with placeholders (`*`, `<name>`, `{…}`, `…`) are patterns, not paths. A superseded record
 * keeps its text as history and links to the current record that replaced it. A folder tree drawn in a fenced block
 * (`├──`, `└──`, `│`) names only folders and files that exist.
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

/** The decision records by number: `0040` → `0040-rendered-page-cache.md`. */
const recordNumbers = new Set(readdirSync(join(root, 'docs/decisions')).map((name) => name.slice(0, 4)));

/** The records a text names as `ADR 0040`, `ADRs 0076, 0078 and 0083` or `ADRs 0020–0024`: their numbers. */
const namedRecords = (text: string) =>
  [...text.matchAll(/\bADRs?\s+(\d{4}(?:(?:,\s+|,?\s+and\s+|–)\d{4})*)/g)].flatMap((m) => m[1]!.match(/\d{4}/g)!);

function missing(file: string, text: string): string[] {
  const where = relative(root, file);
  const wrong: string[] = [];
  for (const path of namedPaths(text)) if (!exists(path, file)) wrong.push(`${where}: ${path}`);
  for (const number of namedRecords(text)) if (!recordNumbers.has(number)) wrong.push(`${where}: ADR ${number}`);
  if (file.endsWith('.md'))
    for (const [, link] of text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g))
      // relative links only: a URL or a site path is not a file here
      if (!/^[a-z]+:/i.test(link!) && !link!.startsWith('/') && !existsSync(join(dirname(file), link!)))
        wrong.push(`${where}: (${link})`);
  return wrong;
}

/** The READMEs and the docs/ pages (the decision records have tests of their own). */
const docs = [
  ...walk(root, (f) => f.endsWith('README.md')),
  ...walk(join(root, 'docs'), (f) => f.endsWith('.md') && !f.includes('/decisions/')),
];

/** A decision record (`docs/decisions/<number>-<title>.md`) and its `Status:` line. */
interface DecisionRecord {
  name: string;
  file: string;
  text: string;
  status: string;
}

const records: DecisionRecord[] = readdirSync(join(root, 'docs/decisions'))
  .filter((name) => /^\d{4}-[\w-]+\.md$/.test(name))
  .map((name) => {
    const file = join(root, 'docs/decisions', name);
    const text = readFileSync(file, 'utf8');
    return { name, file, text, status: /^Status: (.*)$/m.exec(text)?.[1] ?? '' };
  });
const current = records.filter((r) => !r.status.startsWith('Superseded'));
const superseded = records.filter((r) => r.status.startsWith('Superseded'));
/** `Superseded by [0122](0122-nginx-keeps-no-pages.md)`, maybe followed by a short note */
const SUPERSEDED_BY = /^Superseded by \[(\d{4})\]\(((\d{4})-[\w-]+\.md)\)/;

/** One line of a folder tree: its level (0 for a root line such as `server/` or `.`) and the name it draws. */
function treeLine(line: string): { level: number; name: string } | undefined {
  // `├── name` or `└── name`, one level deeper for each `│   ` (or four spaces) before it
  const drawn = /^((?:│ {3}| {4})*)[├└]── (\S+)/.exec(line);
  if (drawn) return { level: drawn[1]!.length / 4 + 1, name: drawn[2]! };
  const top = /^[^\s│├└]\S*/.exec(line)?.[0];
  return top === undefined ? undefined : { level: 0, name: top === '.' ? '' : top };
}

/** The paths a folder tree names, each from its root line; what follows a name on its line describes it. */
function treePaths(tree: string): string[] {
  const trail: string[] = [];
  const entries = tree
    .split('\n')
    .map(treeLine)
    .filter((entry) => entry !== undefined);
  const paths = entries.map((entry) => {
    trail.length = entry.level;
    trail.push(entry.name);
    return trail.filter(Boolean).join('/').replace(/\/+/g, '/');
  });
  return paths.filter(Boolean);
}

/** The folder trees of a Markdown text: its fenced blocks drawn with `├──` or `└──`. */
const treesOf = (text: string) =>
  [...text.matchAll(/^```[^\n]*\n([\s\S]*?)^```/gm)].map((m) => m[1]!).filter((block) => /[├└]── /.test(block));

describe('docs stay true', () => {
  it('every path a README or a docs/ page names exists', () => {
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

  it('every record has a status: accepted, or superseded by a record', () => {
    expect(records.length).toBeGreaterThan(30);
    const unknown = records.filter((r) => r.status !== 'Accepted.' && !SUPERSEDED_BY.test(r.status));
    expect(unknown.map((r) => `${r.name}: Status: ${r.status}`)).toEqual([]);
  });

  it.each(current)('current record $name names only paths and records that exist', ({ file, text }) => {
    expect(missing(file, text)).toEqual([]);
  });

  it.each(superseded)('superseded record $name links to the current record that replaced it', ({ name, status }) => {
    expect(status, `${name}: Status`).toMatch(SUPERSEDED_BY);
    const [, number, target, linkedNumber] = SUPERSEDED_BY.exec(status)!;
    expect(linkedNumber, `${name}: "Superseded by [${number}]" links to ${target}`).toBe(number);
    expect(
      current.map((r) => r.name),
      `${name}: ${target} is no current record`,
    ).toContain(target);
  });

  it('every folder tree in the docs names only folders and files that exist', () => {
    const trees = docs.flatMap((file) => treesOf(readFileSync(file, 'utf8')).map((tree) => ({ file, tree })));
    expect(trees.length).toBeGreaterThan(0);
    const named = trees.flatMap(({ file, tree }) => treePaths(tree).map((path) => ({ file, path })));
    // a name with a placeholder (`<name>/`, `*.ts`) is a pattern, not a path
    const wrong = named.filter(({ path }) => !/[*<>{}…]/.test(path) && !existsSync(join(root, path)));
    expect(wrong.map(({ file, path }) => `${relative(root, file)}: ${path}`)).toEqual([]);
  });
});
