import { createStaticRouter, type StaticHandler, type StaticHandlerContext } from 'react-router';

type StaticRouter = ReturnType<typeof createStaticRouter>;

const baseRouters = new WeakMap<StaticHandler, StaticRouter>();

/**
 * `createStaticRouter(handler.dataRoutes, context)` without converting the whole route tree again for every render:
 * the routes, their manifest and the router's methods are made once per handler; a render gets an object inheriting
 * them with its own `basename` and `state` (location, matches on the manifest's routes, loader and action data,
 * errors; the rest of the state is the static router's constant idle state). tests/unit/shared/router compares it
 * with react-router's own on every property a render reads.
 */
export function staticRouterFor(handler: StaticHandler, context: StaticHandlerContext): StaticRouter {
  let base = baseRouters.get(handler);
  if (!base) {
    base = createStaticRouter(handler.dataRoutes, context);
    baseRouters.set(handler, base);
  }
  const { manifest } = base;
  const state: StaticRouter['state'] = {
    ...base.state,
    location: context.location,
    matches: context.matches.map((match) => ({ ...match, route: manifest[match.route.id] ?? match.route })),
    loaderData: context.loaderData,
    actionData: context.actionData,
    errors: context.errors,
  };
  return Object.create(base, {
    basename: { value: context.basename, enumerable: true },
    state: { value: state, enumerable: true },
  }) as StaticRouter;
}
