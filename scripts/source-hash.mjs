import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

/** What a build is made from: a change to any of these makes the build stale. */
const INPUTS = [
  'server',
  'content-api',
  'client',
  'shared',
  'public',
  'package-lock.json',
  'package.json',
  'vite.config.ts',
  'tsconfig.json',
  'scripts/build.mjs',
  // what the builds import: vite.config.ts's plugin and both builds' react-router aliases
  'scripts/server-only.ts',
  'scripts/react-router-production.mjs',
];

function files(root, entry) {
  const path = join(root, entry);
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return [];
  }
  if (stat.isFile()) return [path];
  return readdirSync(path)
    .sort()
    .flatMap((name) => files(root, join(entry, name)));
}

export function sourceHash(root) {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((entry) => files(root, entry))) {
    hash.update(relative(root, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * The build id: derived from the source hash, so every build of one commit (each replica building its own image or
 * dist/) answers the same `/builds/latest.json`, and visitors moving between replicas are never told of a new build.
 */
export function buildIdOf(hash) {
  if (!/^[0-9a-f]{12,}$/.test(hash)) throw new Error(`not a source hash: ${hash}`);
  return hash.slice(0, 12);
}
