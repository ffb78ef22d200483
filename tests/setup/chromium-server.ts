import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { browserAvailable, CHROMIUM_ARGS, CHROMIUM_PATH } from '../helpers/browser.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket endpoint of the one Chromium the browser test files share ('' when there is no Chromium). */
    chromiumEndpoint: string;
  }
}

/**
 * One Chromium for the whole browser project: each file connects to it and works in its own contexts, instead of
 * starting and stopping a browser per file.
 */
export default async function setup(project: TestProject) {
  if (!browserAvailable()) {
    project.provide('chromiumEndpoint', '');
    return;
  }
  const server = await chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
  project.provide('chromiumEndpoint', server.wsEndpoint());
  return async () => {
    await server.close();
  };
}
