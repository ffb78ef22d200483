import type { Plugin } from 'vite';

// Vite plugin for the browser build: loaders and other server-only modules never reach the client bundle.
// 1. A section's `loaders: () => import('./loaders.server.ts')` (and its messages, which reach the browser with the
//    layout's data) become rejected promises in the browser build.
// 2. The build fails if any server-only module is still part of a browser chunk.

/** Modules that must never be in the browser build (paths relative to the project root). */
export const SERVER_ONLY: readonly RegExp[] = [
  /\.server\.tsx?$/, // loaders, legal texts, the server's route assembly
  /^server\//,
  /^shared\/api\/calls\.ts$/, // the upstream call table (every response schema)
];

export const isServerOnly = (id: string): boolean => SERVER_ONLY.some((pattern) => pattern.test(id));

const LOADERS_IMPORT = /import\(\s*['"]\.\/loaders\.server\.ts['"]\s*\)/g;
// the browser gets the dictionary with the layout's data, so it never loads a section's messages module
const MESSAGES_IMPORT = /import\(\s*['"]\.\/messages\.ts['"]\s*\)/g;

export function serverOnly({ root }: { root: string }): Plugin {
  const relative = (id: string) => (id.startsWith(root) ? id.slice(root.length).replace(/^\/+/, '') : id);
  return {
    name: 'server-only',
    apply: (_config, env) => !env.isSsrBuild && env.command === 'build',
    transform(code: string, id: string) {
      if (!/\/shared\/sections\/[^/]+\/section\.ts$/.test(id)) return null;
      return {
        code: code
          .replace(LOADERS_IMPORT, "Promise.reject(new Error('loaders run on the server only'))")
          .replace(MESSAGES_IMPORT, "Promise.reject(new Error('dictionaries come with the layout data'))"),
        map: null,
      };
    },
    generateBundle(_options, bundle) {
      const leaked: string[] = [];
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        for (const id of chunk.moduleIds) {
          const rel = relative(id.split('?')[0] ?? id);
          if (isServerOnly(rel)) leaked.push(`${rel} (in ${chunk.fileName})`);
        }
      }
      if (leaked.length > 0) this.error(`server-only modules in the browser build:\n  ${leaked.join('\n  ')}`);
    },
  };
}
