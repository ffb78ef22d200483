import type { FastifyInstance } from 'fastify';
import type { DocumentAssets } from '../../shared/ui/Document.tsx';
import type { renderDocument, SectionAssets } from '../render/entry.server.tsx';
import type { BuildInfo } from '../build-info.ts';
import type { Prerendered } from './prerendered.ts';

/** What the document handler needs from a build: the render function and the client's assets. Dev and prod differ. */
export interface ClientBuild {
  build: BuildInfo;
  /** folder of the built client (assets), if any */
  clientDir?: string;
  assets: DocumentAssets;
  /** each section's own stylesheets and chunks (none in dev, where Vite serves modules) */
  sectionAssets?: SectionAssets;
  /** payloads made at build time */
  prerendered: Prerendered;
  bootstrapModules: string[];
  /** the service worker: its code and what it keeps (none in dev, or when the build has none) */
  worker?: { code: string; precache: string[]; kit: string[] };
  load(): Promise<{ renderDocument: typeof renderDocument }>;
  /** dev only: mount Vite's middleware */
  register?(app: FastifyInstance): Promise<void>;
  /**
   * dev only: the BFF's own modules loaded through Vite, as the build compiles them (`import.meta.env` included);
   * the compiled server imports them directly
   */
  loadApp?(): Promise<typeof import('../app.ts')>;
  close?(): Promise<void>;
}
