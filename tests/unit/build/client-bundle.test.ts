import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { paths } from '../../../server/paths.ts';

// reads the client build (`npm test` builds when stale)
const dist = paths().clientDist;
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<
  string,
  { file: string; isEntry?: boolean; imports?: string[] }
>;
const source = (file: string) => readFileSync(join(dist, file), 'utf8');

/** The entry and every chunk it imports statically: what every page loads. */
function firstLoad(): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  Object.keys(manifest)
    .filter((k) => manifest[k]?.isEntry)
    .forEach(visit);
  return [...seen].map((k) => manifest[k]!.file);
}

// markers that survive minification: zod's internal property and class names, and server-only modules
const ZOD = ['_zod', '$ZodType'];
const SERVER = ['node:fs', 'node:crypto', 'node:zlib', 'fastify', 'undici', 'pino', 'prom-client', 'sanitize-html'];

describe('client bundle', () => {
  it('loads no zod on first load (the feedback rules and the map load it with themselves)', () => {
    const files = firstLoad();
    expect(files.length).toBeGreaterThan(1);
    for (const file of files)
      for (const marker of ZOD) expect(source(file), `${marker} in ${file}`).not.toContain(marker);
  });

  it('contains no server module in any chunk', () => {
    const chunks = readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js'));
    expect(chunks.length).toBeGreaterThan(1);
    for (const file of chunks)
      for (const marker of SERVER) expect(source(`assets/${file}`), `${marker} in ${file}`).not.toContain(marker);
  });
});
