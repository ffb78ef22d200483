// The unit and integration projects on the other supported Node majors (`npm run test:runtimes`, CI after `npm test`).
// Each runtime is the Node.js build published on the npm registry (node-<platform>-<arch>), at the version
// package.json's `testRuntimes` pins, installed once under node_modules/.cache/runtimes/ (ADR 0096).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { testRuntimes } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const only = process.argv.slice(2);
const versions = only.length > 0 ? testRuntimes.filter((v) => only.some((o) => v.startsWith(o))) : testRuntimes;
const runtimePackage = `node-${process.platform}-${process.arch}`;

/** The node binary of a pinned version, installed from the registry when missing. */
function runtime(version) {
  const dir = join(root, 'node_modules', '.cache', 'runtimes', version);
  const bin = join(dir, 'node_modules', runtimePackage, 'bin', 'node');
  if (!existsSync(bin)) {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
    const args = ['install', '--prefix', dir, '--no-save', '--no-package-lock', '--no-audit', '--no-fund'];
    const installed = spawnSync(npm, [...args, `${runtimePackage}@${version}`], { cwd: root, stdio: 'inherit' });
    if (installed.status !== 0 || !existsSync(bin)) {
      console.error(`${runtimePackage}@${version} could not be installed`);
      process.exit(1);
    }
  }
  return bin;
}

let failed = false;
for (const version of versions) {
  const node = runtime(version);
  console.log(`\n== unit and integration on Node ${version}`);
  const run = spawnSync(
    node,
    [join(root, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'unit', '--project', 'integration'],
    {
      cwd: root,
      stdio: 'inherit',
      // programs the tests start by name (`node`) are this runtime too
      env: { ...process.env, PATH: `${dirname(node)}${delimiter}${process.env.PATH ?? ''}` },
    },
  );
  if (run.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
