import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router';
import type { MiddlewareName } from './middleware-names.ts';

/** One route of a section: what the browser and the server both know (no loader, no component). */
export interface RouteSpec {
  /** unique across the site; pages and payloads are keyed by it */
  readonly id: string;
  /** below the locale basename, react-router syntax; `undefined` for the index route */
  readonly path?: string;
  /** query parameters the loader reads; the others never change the page (the page cache keys on these) */
  readonly query?: readonly string[];
  /** route middleware (shared/router/middleware.server.ts) run before the loader, in order */
  readonly middleware?: readonly MiddlewareName[];
  /** the loader never calls the upstream: its payload is made at build time (SPEC: prerendered payloads) */
  readonly prerender?: boolean;
  /**
   * `false`: a document without the client app (no entry module, no module preloads, no hydration data): the service
   * worker serves it at other URLs, where hydrating would not match the router (shared/offline.ts)
   */
  readonly clientApp?: false;
}

export type Loader = (args: LoaderFunctionArgs) => Promise<unknown>;

export interface PageDef {
  Component: ComponentType;
  ErrorBoundary?: ComponentType;
}

/** A section's UI strings: `ru` is the reference, `en` must have exactly its keys. */
export type Messages<Reference> = { readonly [K in keyof Reference]: string };

export type RouteIdOf<R extends readonly RouteSpec[]> = R[number]['id'];

/**
 * A section: one folder under shared/sections/ with its routes, pages (lazy in the browser), loaders (server only)
 * and messages. `loaders` is replaced by a rejecting stub in the browser build (vite.config.ts), so loader code,
 * upstream schemas and server-only texts never reach the client.
 */
export interface SectionMessages {
  readonly ru: Readonly<Record<string, string>>;
  readonly en: Readonly<Record<string, string>>;
}

export interface SectionDef<
  Name extends string = string,
  R extends readonly RouteSpec[] = readonly RouteSpec[],
  M extends SectionMessages = SectionMessages,
> {
  readonly name: Name;
  readonly routes: R;
  /** UI strings (ru and en): a page carries the layout's dictionary and its own section's (ADR 0081) */
  readonly messages: () => Promise<M>;
  /**
   * Key prefixes of other sections' strings its pages show too (shared components: `files.`, `media.`); they travel
   * in this section's dictionary. tests/unit/shared/i18n/section-dictionaries.test.ts checks the list is complete.
   */
  readonly borrows?: readonly string[];
  readonly pages: () => Promise<{ pages: Record<RouteIdOf<R>, PageDef> }>;
  readonly loaders: () => Promise<{ loaders: Record<RouteIdOf<R>, Loader> }>;
}

/** Typed identity: keeps the literal route ids so the registry can derive the `RouteId` union. */
export function defineSection<
  const Name extends string,
  const R extends readonly RouteSpec[],
  M extends SectionMessages,
>(section: SectionDef<Name, R, M>): SectionDef<Name, R, M> {
  return section;
}
