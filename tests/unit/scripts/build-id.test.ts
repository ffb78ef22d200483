import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIdOf, sourceHash } from '../../../scripts/source-hash.mjs';
import { paths } from '../../../server/paths.ts';

const dirs: string[] = [];
/** A checkout of the same tiny "commit" in its own directory, made at its own time. */
function checkout(files: Record<string, string>, mtime: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'glacier-checkout-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) {
    const file = join(dir, name);
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, text);
    utimesSync(file, mtime, mtime);
  }
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const commit = {
  'package.json': '{"name":"glacier-portal"}',
  'server/main.ts': 'export {};\n',
  'client/entry.client.tsx': 'export {};\n',
};

describe('build id', () => {
  it('is the same for two builds of the same commit, wherever and whenever they are made', () => {
    const a = checkout(commit, 1_700_000_000);
    const b = checkout(commit, 1_800_000_000);
    expect(buildIdOf(sourceHash(a))).toBe(buildIdOf(sourceHash(b)));
    expect(buildIdOf(sourceHash(a))).toMatch(/^[0-9a-f]{12}$/);
  });

  it('changes with any source change', () => {
    const a = checkout(commit, 1_700_000_000);
    const b = checkout({ ...commit, 'server/main.ts': 'export const x = 1;\n' }, 1_700_000_000);
    expect(buildIdOf(sourceHash(a))).not.toBe(buildIdOf(sourceHash(b)));
  });

  it('is what the build wrote to dist/build.json', () => {
    const info = JSON.parse(readFileSync(join(paths().root, 'dist', 'build.json'), 'utf8')) as {
      id: string;
      sourceHash: string;
    };
    expect(info.id).toBe(buildIdOf(info.sourceHash));
  });
});
