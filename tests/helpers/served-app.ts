import type { AddressInfo } from 'node:net';
import { afterAll } from 'vitest';
import { startTestApp, type TestAppOptions } from './app.ts';

/** The real BFF listening on a loopback port, for Chromium to visit; closed after the file. */
export async function startServedApp(options: TestAppOptions = {}) {
  const { app, logs, clientBuild } = await startTestApp(options);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  afterAll(() => app.close());
  return { app, logs, clientBuild, origin: `http://127.0.0.1:${port}` };
}
