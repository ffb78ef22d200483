import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { atFileEnd } from './file-end.ts';
import { launchChromium } from './browser.ts';
import { startTestApp, type TestAppOptions } from './app.ts';

/** The real BFF listening on a loopback port, for Chromium to visit; closed after the file. */
export async function startServedApp(options: TestAppOptions = {}) {
  const { app, logs, clientBuild } = await startTestApp(options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  atFileEnd(() => app.close());
  return { app, logs, clientBuild, origin: `http://127.0.0.1:${port}` };
}

/**
 * For a browser test file: the served app and a connection to the shared Chromium, made before the file's tests and
 * closed after them. Read `site.origin` and `site.browser` inside the tests.
 */
export function servedSite(options: TestAppOptions = {}) {
  const site = {} as { origin: string; browser: Browser };
  beforeAll(async () => {
    site.origin = (await startServedApp(options)).origin;
    site.browser = await launchChromium();
  });
  afterAll(async () => site.browser?.close());
  return site;
}
