import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/stack-lib.mjs';
import { paths } from '../../../server/paths.ts';
import { killGroupWhenTestEnds } from '../../helpers/spawned-server.ts';

const root = paths().root;
const pkg = JSON.parse(readFileSync(`${root}/package.json`, 'utf8')) as {
  optionalDependencies: Record<string, string>;
};
const pinned = `v${pkg.optionalDependencies[`node-${process.platform}-${process.arch}`]}`;
/** The machine's own programs only: whatever Node.js the system has, not this suite's. */
const SYSTEM_PATH = '/usr/local/bin:/usr/bin:/bin';

describe('the pinned Node.js runtime (ADR 0096)', () => {
  it('is Node 24 LTS', () => {
    expect(pinned).toMatch(/^v24\./);
  });

  it('is what npm scripts run, whatever Node.js the system has', () => {
    const run = spawnSync('npm', ['run', '-s', 'runtime'], {
      cwd: root,
      env: { PATH: SYSTEM_PATH, HOME: process.env.HOME ?? '/root' },
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(pinned);
  });

  it('serves the site under npm start', async () => {
    const port = await freePort();
    const child = spawn('npm', ['start'], {
      cwd: root,
      env: { PATH: SYSTEM_PATH, HOME: process.env.HOME ?? '/root', PORT: String(port) },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    killGroupWhenTestEnds(child);
    const listening = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const line = out.split('\n').find((l) => l.includes('glacier portal listening'));
        if (line) resolve(line);
      });
      child.once('exit', (code) => reject(new Error(`npm start exited with ${code}: ${out}`)));
    });
    expect(JSON.parse(listening)).toMatchObject({ node: pinned });
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
  }, 60_000);
});
