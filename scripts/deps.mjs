// `npm run deps`: every dependency whose newest release is a major ahead of the one installed. Those held back on
// purpose, and why, are listed in docs/decisions/0096-node-24-runtime-and-dependency-majors.md.
import { spawnSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const out = spawnSync(npm, ['outdated', '--json', '--long'], { encoding: 'utf8' });
const outdated = JSON.parse(out.stdout || '{}');
const major = (v) => Number(String(v).split('.')[0]);
const behind = Object.entries(outdated)
  .filter(([, info]) => info.current !== undefined && major(info.latest) > major(info.current))
  .map(([name, info]) => ({ name, current: info.current, latest: info.latest, type: info.type }));
if (behind.length === 0) console.log('Every dependency is on its newest major.');
else {
  console.log('A major behind (held ones: docs/decisions/0096-node-24-runtime-and-dependency-majors.md):');
  for (const d of behind)
    console.log(`  ${d.name.padEnd(28)} ${d.current.padEnd(10)} → ${d.latest.padEnd(10)} ${d.type}`);
}
