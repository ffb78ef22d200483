import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { atFileEnd } from './file-end.ts';
import { launchChromium } from './browser.ts';
import { startTestApp, type LogLine, type TestAppOptions } from './app.ts';

/** The real BFF listening on a loopback port, for Chromium or raw requests; closed after the file. */
export async function startServedApp(options: TestAppOptions = {}) {
  const { app, logs, clientBuild } = await startTestApp(options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  atFileEnd(() => app.close());
  return { app, logs, clientBuild, port, origin: `http://127.0.0.1:${port}` };
}

/**
 * For a browser test file: the served app and a connection to the shared Chromium, made before the file's tests and
 * closed after them. Read `site.origin`, `site.browser` and `site.logs` (the server's log lines) inside the tests.
 */
export function servedSite(options: TestAppOptions = {}) {
  const site = {} as { origin: string; browser: Browser; logs: LogLine[] };
  beforeAll(async () => {
    const served = await startServedApp(options);
    site.origin = served.origin;
    site.logs = served.logs;
    site.browser = await launchChromium();
  });
  afterAll(async () => site.browser?.close());
  return site;
}
