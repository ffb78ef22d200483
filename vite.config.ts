import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { serverOnly } from './scripts/server-only.ts';
import { SlowestFirstSequencer } from './tests/setup/sequencer.ts';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Vite builds the client (dist/client, with a manifest the server reads); scripts/build.mjs runs a second,
 * SSR build of the server entries. Vitest projects: unit, integration (node + real HTTP) and browser (Chromium
 * through playwright-core, driven from node).
 */
export default defineConfig({
  plugins: [react(), serverOnly({ root })],
  publicDir: false,
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    manifest: true,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: { input: 'client/entry.client.tsx' },
  },
  test: {
    setupFiles: ['tests/setup/fail-on-console.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
    // Vitest's default on 2 cores is one worker; most files wait on sockets, servers and Chromium, so three overlap
    maxWorkers: 3,
    // test files share their worker's modules (importing the server and React once per file was a third of the run):
    // helpers start one content API per file, and every file restores what it changes (fake timers, env, build id)
    isolate: false,
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'] } },
      { extends: true, test: { name: 'integration', include: ['tests/integration/**/*.test.{ts,tsx}'] } },
      {
        extends: true,
        test: {
          name: 'browser',
          include: ['tests/browser/**/*.test.ts'],
          globalSetup: ['tests/setup/chromium-server.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
