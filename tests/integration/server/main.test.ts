import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { paths } from '../../../server/paths.ts';

const root = paths().root;

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as AddressInfo;
      srv.close(() => resolve(port));
    });
  });

function startCompiled(env: Record<string, string>) {
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  // a test that fails half-way does not leave the server running (a no-op once the test stopped it)
  onTestFinished(() => {
    child.kill('SIGKILL');
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, out: () => stdout, err: () => stderr };
}

describe('the compiled server (dist/server/main.js)', () => {
  it('runs with no configuration on the embedded content API until a clean SIGTERM exit', async () => {
    const port = await freePort();
    const server = startCompiled({ PORT: String(port) });
    const origin = `http://127.0.0.1:${port}`;
    await expect
      .poll(async () => (await fetch(`${origin}/healthz`).catch(() => undefined))?.status, {
        timeout: 15_000,
        interval: 100,
      })
      .toBe(200);
    const page = await fetch(`${origin}/news`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Новости');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    const lines = server
      .out()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { msg: string; route?: string; status?: number; reqId?: string });
    // the request line names the page's route id, as the metrics label does
    const requestLine = lines.find((l) => l.msg === 'request' && l.route === 'news-list');
    expect(requestLine).toMatchObject({ status: 200, reqId: expect.any(String) });
    expect(lines.find((l) => l.msg === 'request' && l.route === '/healthz')).toMatchObject({ status: 200 });
    expect(lines.some((l) => l.msg === 'shutting down')).toBe(true);
  });

  it('refuses to start on an invalid variable, naming it', async () => {
    const server = startCompiled({ PORT: 'eighty', UPSTREAM_TIMEOUT_MS: '-1' });
    expect(await server.exited).toBe(1);
    expect(server.err()).toContain('PORT');
    expect(server.err()).toContain('UPSTREAM_TIMEOUT_MS');
  });
});
