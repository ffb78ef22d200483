import { redirect, type LoaderFunctionArgs } from 'react-router';
import { stripLocale } from '../locales.ts';
import type { Loader } from './define.ts';
import type { MiddlewareName } from './middleware-names.ts';

/** A named step that runs before a route's loader; it may throw a redirect or a 404. */
export type RouteMiddleware = (args: LoaderFunctionArgs) => void | Promise<void>;

/** The route middleware a route may name in `middleware: [...]`. */
export const routeMiddleware: Record<MiddlewareName, RouteMiddleware> = {
  /** `?page=1` is the same page as no page: send it to the one canonical URL */
  'canonical-page': ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get('page') !== '1') return;
    url.searchParams.delete('page');
    // react-router adds the router's basename (the locale prefix) to a loader's redirect
    throw redirect(stripLocale(url.pathname) + url.search, 301);
  },
};

/**
 * A loader preceded by the middleware its route names. A name that is not registered is a startup error
 * ('Unknown route middleware', SPEC §8), not a surprise on the first request.
 */
export function withMiddleware(
  routeId: string,
  loader: Loader,
  names: readonly string[] = [],
  registry: Record<string, RouteMiddleware> = routeMiddleware,
): Loader {
  const steps = names.map((name) => {
    const step = registry[name];
    if (!step) throw new Error(`Unknown route middleware: ${name} (route ${routeId})`);
    return step;
  });
  if (steps.length === 0) return loader;
  return async (args) => {
    for (const step of steps) await step(args);
    return loader(args);
  };
}
