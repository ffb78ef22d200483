import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { paths } from '../../../server/paths.ts';
import { privacyPolicy } from '../../../shared/sections/legal/privacy-policy.server.ts';
import { termsAndConditions } from '../../../shared/sections/legal/terms-and-conditions.server.ts';
import { isServerOnly, serverOnly } from '../../../scripts/server-only.ts';
import { hasSourceMap, mayLackSourceMap, sourceMapOf } from '../../helpers/source-maps.ts';

/**
 * The browser build carries no server-only module (loaders, legal texts, upstream schemas): checked on the real
 * build output (dist/client, made by `npm test` before the suite), and the build guard itself on tiny fixtures.
 */
const assets = join(paths().clientDist, 'assets');
const scripts = readdirSync(assets).filter((file) => file.endsWith('.js'));
const code = scripts.map((file) => readFileSync(join(assets, file), 'utf8')).join('\n');
/** a text as it can appear in minified JavaScript: as is, or with non-ASCII characters as \u escapes */
const forms = (text: string) => [
  text,
  JSON.stringify(text).slice(1, -1),
  text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
];
const firstSentence = (html: string) => /<p>([^<.]+\.)/.exec(html)![1]!;

describe('the client build output', () => {
  it('serves no source maps', () => {
    expect(readdirSync(assets).filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  it('has source maps for every chunk that bundles code, naming its modules, none of them server-only', () => {
    // the build keeps source maps out of dist/client (never served): dist/sourcemaps; only rolldown's runtime and a
    // chunk that only re-exports another have none
    const mapless = scripts.filter((file) => !hasSourceMap(file));
    for (const file of mapless) expect(mayLackSourceMap(file), `${file} has no source map and bundles code`).toBe(true);
    const maps = scripts.filter((file) => hasSourceMap(file)).map(sourceMapOf);
    expect(maps.length).toBeGreaterThan(scripts.length / 2);
    const sources = maps.flatMap((file) => {
      const map = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[] };
      // sources are relative to the chunk's folder (dist/client/assets)
      return map.sources.map((source) => join('dist/client/assets', source).replace(/^(\.\.\/)+/, ''));
    });
    const own = sources.filter((source) => /^(client|shared|server|scripts)\//.test(source));
    expect(own.length).toBeGreaterThan(20);
    expect(own.some((source) => source.startsWith('shared/sections/'))).toBe(true);
    expect(own.filter(isServerOnly)).toEqual([]);
  });

  it('contains no server-only text (loader code, legal texts)', () => {
    const needles = [
      'Unknown route middleware',
      ...[privacyPolicy, termsAndConditions].flatMap((doc) => [firstSentence(doc.ru.html), firstSentence(doc.en.html)]),
    ];
    for (const needle of needles) for (const form of forms(needle)) expect(code).not.toContain(form);
    // the check would see them: the server build has them
    expect(readFileSync(join(paths().root, 'shared/router/middleware.server.ts'), 'utf8')).toContain(needles[0]);
  });
});

describe('the server-only build guard (scripts/server-only.ts)', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** A throwaway project with these files; builds it for the browser with the guard, in memory. */
  async function buildFixture(files: Record<string, string>) {
    const root = mkdtempSync(join(tmpdir(), 'server-only-'));
    dirs.push(root);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, file)), { recursive: true });
      writeFileSync(join(root, file), text);
    }
    const output = await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [serverOnly({ root })],
      build: { write: false, minify: false, rollupOptions: { input: join(root, 'entry.ts') } },
    });
    const results = Array.isArray(output) ? output : [output];
    return results
      .flatMap((result) => ('output' in result ? result.output : []))
      .map((chunk) => (chunk.type === 'chunk' ? chunk.code : ''))
      .join('\n');
  }

  it('fails the build when a page imports a *.server.ts module', async () => {
    await expect(
      buildFixture({
        'entry.ts': "import { page } from './shared/sections/demo/Page.ts';\nconsole.log(page());\n",
        'shared/sections/demo/Page.ts':
          "import { secret } from './data.server.ts';\nexport const page = () => `page ${secret}`;\n",
        'shared/sections/demo/data.server.ts': "export const secret = 'SERVER ONLY TEXT';\n",
      }),
    ).rejects.toThrow(/server-only modules in the browser build:[\s\S]*shared\/sections\/demo\/data\.server\.ts/);
  });

  it('fails the build when the browser reaches server/ code', async () => {
    await expect(
      buildFixture({
        'entry.ts': "import { port } from './server/config.ts';\nconsole.log(port);\n",
        'server/config.ts': 'export const port = 3000;\n',
      }),
    ).rejects.toThrow(/server\/config\.ts/);
  });

  it("lets a section's lazy loaders import stay out of the bundle (the browser gets a rejecting stub)", async () => {
    const code = await buildFixture({
      'entry.ts': "import section from './shared/sections/demo/section.ts';\nconsole.log(section);\n",
      'shared/sections/demo/section.ts':
        "export default { name: 'demo', loaders: () => import('./loaders.server.ts') };\n",
      'shared/sections/demo/loaders.server.ts': "export const loaders = { demo: () => 'LOADER ONLY TEXT' };\n",
    });
    expect(code).toContain('loaders run on the server only');
    expect(code).not.toContain('LOADER ONLY TEXT');
  });
});
