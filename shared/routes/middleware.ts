import { redirect, type LoaderFunctionArgs } from 'react-router';
import { stripLocale } from '../locales.ts';
import type { RouteDef } from './table.ts';

/** A named step that runs before a route's loader; it may throw a redirect or a 404. */
export type RouteMiddleware = (args: LoaderFunctionArgs) => void | Promise<void>;

/** The route middleware a route may name in `middleware: [...]`. */
export const routeMiddleware: Record<string, RouteMiddleware> = {
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
 * Wrap every loader with the middleware its route names. A name that is not registered is a startup error
 * ('Unknown route middleware', SPEC §8), not a surprise on the first request.
 */
export function withMiddleware(
  defs: RouteDef[],
  registry: Record<string, RouteMiddleware> = routeMiddleware,
): RouteDef[] {
  return defs.map((def) => {
    const steps = (def.middleware ?? []).map((name) => {
      const step = registry[name];
      if (!step) throw new Error(`Unknown route middleware: ${name} (route ${def.id})`);
      return step;
    });
    const loader: RouteDef['loader'] =
      steps.length === 0
        ? def.loader
        : async (args) => {
            for (const step of steps) await step(args);
            return def.loader(args);
          };
    return { ...def, loader, children: def.children && withMiddleware(def.children, registry) };
  });
}
