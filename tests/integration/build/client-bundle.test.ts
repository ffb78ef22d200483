import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { serverOnly } from '../../../scripts/server-only.ts';

/**
 * The build guard that keeps server-only modules (loaders, legal texts, upstream schemas) out of the browser build,
 * on tiny fixtures; the real build output: tests/unit/build/client-bundle.test.ts.
 */
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
