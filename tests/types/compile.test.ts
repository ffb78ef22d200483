import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../server/paths.ts';

const root = paths().root;
// TypeScript 7 (installed as `typescript-native`; `typescript` 6 stays for typescript-eslint's API, ADR 0096)
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')), 'bin/tsc');

/** One compilation of `npm run typecheck`: its exit code, its errors and the files it read. */
function compile(project: string) {
  return new Promise<{ code: number | null; errors: string[]; files: string[] }>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [tsc, '--noEmit', '--singleThreaded', '--pretty', 'false', '--listFiles', '-p', project],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const lines = out.split('\n').filter(Boolean);
      resolve({
        code,
        errors: lines.filter((line) => /error TS\d+/.test(line)),
        files: lines.filter((line) => line.startsWith('/')),
      });
    });
  });
}

/**
 * The compiler over the whole project, as `npm run typecheck` runs it: every module of server/, content-api/,
 * client/, shared/, scripts/ and tests/, and the service worker with its own libraries. The type tests
 * (`tests/types/*.test-d.ts`: `expectTypeOf` and `@ts-expect-error` lines) are part of that compilation: a type
 * guarantee that breaks, or a line marked `@ts-expect-error` that compiles, is an error here. A test file of its own
 * (not Vitest's typecheck mode, which runs the compiler after every other file), so it runs beside the others.
 */
describe('the compiler', () => {
  // TypeScript 7, the native compiler, single-threaded as `npm run typecheck` runs it (its parallel checkers took twice
  // the CPU for the same work on two cores): about 8 CPU-seconds; the bound is for a machine many times oversubscribed
  it('finds no type error in the project, its type tests or the service worker', { timeout: 900_000 }, async () => {
    const [project, worker] = await Promise.all([compile('tsconfig.json'), compile('client/sw/tsconfig.json')]);
    expect(project.errors).toEqual([]);
    expect(worker.errors).toEqual([]);
    expect([project.code, worker.code]).toEqual([0, 0]);
    // the type tests are in the compilation (tsconfig.json includes tests/)
    const typeTests = readdirSync(join(root, 'tests/types')).filter((name) => name.endsWith('.test-d.ts'));
    expect(typeTests.length).toBeGreaterThan(0);
    for (const name of typeTests) expect(project.files).toContain(join(root, 'tests/types', name));
  });
});
