import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import * as entry from '../render/entry.server.tsx';
import { readBuildInfo } from '../build-info.ts';
import { paths } from '../paths.ts';
import { loadPrerendered } from './prerendered.ts';
import type { DocumentAssets } from '../../shared/ui/Document.tsx';
import type { ClientBuild } from './client-build.ts';

const ManifestSchema = z.record(
  z.string(),
  z.object({
    file: z.string(),
    css: z.array(z.string()).optional(),
    imports: z.array(z.string()).optional(),
    isEntry: z.boolean().optional(),
  }),
);
export type ViteManifest = z.infer<typeof ManifestSchema>;

const CLIENT_ENTRY = 'client/entry.client.tsx';

/** Entry file, its CSS and every chunk it imports statically (for modulepreload). */
function entryAssets(manifest: ViteManifest, entryKey = CLIENT_ENTRY) {
  const entryChunk = manifest[entryKey];
  if (!entryChunk) throw new Error(`${entryKey} is not in the client manifest; run npm run build`);
  const styles = new Set<string>();
  const preloads = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || preloads.has(`/${chunk.file}`)) return;
    preloads.add(`/${chunk.file}`);
    chunk.css?.forEach((css) => styles.add(`/${css}`));
    chunk.imports?.forEach(visit);
  };
  visit(entryKey);
  const entryFile = `/${entryChunk.file}`;
  preloads.delete(entryFile);
  return { entry: entryFile, styles: [...styles], preloads: [...preloads] };
}

/** Per section: the stylesheets and chunks of its pages module that the entry does not already bring. */
export function sectionAssets(manifest: ViteManifest, entry: { styles: string[]; preloads: string[]; entry: string }) {
  const out: Record<string, DocumentAssets> = {};
  for (const key of Object.keys(manifest)) {
    const name = /^shared\/sections\/([^/]+)\/pages\.ts$/.exec(key)?.[1];
    if (!name) continue;
    const own = entryAssets(manifest, key);
    out[name] = {
      styles: own.styles.filter((href) => !entry.styles.includes(href)),
      preloads: [own.entry, ...own.preloads].filter((href) => href !== entry.entry && !entry.preloads.includes(href)),
    };
  }
  return out;
}

/**
 * Modules every page loads besides its first load, after its load event (ADR 0102): the header and the footer
 * (hydrated from chunks of their own), the app manifest, the payload client, link prefetching, the worker's
 * registration and the back-to-top link's focus; and the error page, which any page may show. Precached with the first load: a page kept offline needs
 * them, and a reader downloads most of them on every first visit anyway.
 */
const EVERY_PAGE_MODULES = [
  'shared/ui/Header.tsx',
  'shared/ui/Footer.tsx',
  'shared/ui/ErrorPage.tsx',
  'client/runtime/app-manifest.ts',
  'client/runtime/payload-client.ts',
  'client/runtime/prefetch.ts',
  'client/runtime/service-worker.ts',
  'client/runtime/back-to-top.ts',
];

/** The modules of the feedback form (the footer's dialog, its rules, the feedback page): the worker's kit. */
const FEEDBACK_MODULES = [
  'shared/ui/feedback/FeedbackDialog.tsx',
  'shared/ui/feedback/validation.ts',
  'shared/sections/feedback/pages.ts',
];

/** A module's chunk, the chunks it imports and their stylesheets (none when the build has no such module). */
const closureOf = (manifest: ViteManifest, key: string) => {
  if (!manifest[key]) return [];
  const own = entryAssets(manifest, key);
  return [own.entry, ...own.preloads, ...own.styles];
};

/**
 * What the service worker keeps: at install, what every page loads (the first load and EVERY_PAGE_MODULES); when the
 * connection allows, the feedback form's chunks and stylesheets beyond those. No worker when the build made none.
 */
function workerAssets(manifest: ViteManifest, file: string): ClientBuild['worker'] {
  if (!existsSync(file)) return undefined;
  const precache = new Set(EVERY_PAGE_MODULES.flatMap((key) => closureOf(manifest, key)));
  for (const url of closureOf(manifest, CLIENT_ENTRY)) precache.add(url);
  const kit = FEEDBACK_MODULES.flatMap((key) => closureOf(manifest, key)).filter((url) => !precache.has(url));
  return { code: readFileSync(file, 'utf8'), precache: [...precache], kit: [...new Set(kit)] };
}

/** The compiled client (dist/client) and the render function bundled with the server. */
export function loadClientBuild(): ClientBuild {
  const p = paths();
  const manifest = ManifestSchema.parse(JSON.parse(readFileSync(join(p.clientDist, '.vite', 'manifest.json'), 'utf8')));
  const assets = entryAssets(manifest);
  return {
    build: readBuildInfo(p.buildInfo),
    clientDir: p.clientDist,
    assets: { styles: assets.styles, preloads: assets.preloads },
    sectionAssets: sectionAssets(manifest, assets),
    bootstrapModules: [assets.entry],
    worker: workerAssets(manifest, p.serviceWorker),
    prerendered: loadPrerendered(join(p.dist, 'prerendered')),
    load: async () => entry,
  };
}
