import type { TestProject } from 'vitest/node';
import { startContentApi } from '../../content-api/app.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The base URL of the embedded content API the project's test files share. */
    contentApiUrl: string;
  }
}

/**
 * One embedded content API (the sample content, read-only but for the feedback it stores in `data/`, as any instance
 * would) for every test file of a project, instead of one per file: loading the content and indexing it for search
 * cost about half a CPU-second per start. Files that change what it serves start one of their own.
 */
export default async function setup(project: TestProject) {
  const { app, url } = await startContentApi(0);
  project.provide('contentApiUrl', url);
  return async () => {
    await app.close();
  };
}
