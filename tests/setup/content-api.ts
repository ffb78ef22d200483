import { spawn } from 'node:child_process';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { paths } from '../../server/paths.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The base URL of the embedded content API the project's test files share. */
    contentApiUrl: string;
  }
}

/**
 * One embedded content API (the sample content, as `npm start` serves it; the feedback it
 * stores goes to `data/`, as any instance's would) for every test file of a project, instead of one per file:
 * loading and checking the content costs CPU at every start. It runs in a process of its
 * own, so neither Vitest's main process nor a busy worker delays its answers. Files that change what it serves start
 * one of their own.
 */
export default async function setup(project: TestProject) {
  const root = paths().root;
  // the compiled content API (`npm test` builds first): no TypeScript to transform at each start
  const child = spawn(process.execPath, [join(root, 'dist/server/upstream.js')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', UPSTREAM_PORT: '0', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      // its first info line names the address it listens on
      const listening = /"url":"(http:\/\/[^"]+)"/.exec(out);
      if (listening) {
        child.stdout.off('data', onData);
        child.stdout.resume(); // the request lines that follow are not read
        resolve(listening[1]!);
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the content API exited (${code}) before listening:\n${errors}`)));
  });
  project.provide('contentApiUrl', url);
  return async () => {
    child.kill('SIGTERM');
    await exited;
  };
}
