import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  data,
  Outlet,
  StaticRouterProvider,
  useLoaderData,
  useLocation,
  useRouteError,
  type RouteObject,
  type StaticHandlerContext,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { staticRouterFor } from '../../../../shared/router/static-router.ts';

function Page() {
  const { title } = useLoaderData<{ title: string }>();
  const { pathname, search } = useLocation();
  return <h1>{`${title} at ${pathname}${search}`}</h1>;
}

const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    loader: () => ({ site: 'glaciers' }),
    Component: () => <Outlet />,
    ErrorBoundary: () => <p>{String((useRouteError() as { status?: number }).status)}</p>,
    children: [
      { id: 'home', index: true, loader: () => ({ title: 'home' }), Component: Page },
      { id: 'news', path: 'news/:slug?', loader: ({ params }) => ({ title: params.slug ?? 'news' }), Component: Page },
      {
        id: 'missing',
        path: 'missing',
        loader: () => {
          throw data(null, 404);
        },
        Component: Page,
      },
    ],
  },
];

async function contextAt(handler: ReturnType<typeof createStaticHandler>, url: string) {
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  return context;
}

const html = (router: ReturnType<typeof createStaticRouter>, context: StaticHandlerContext) =>
  renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);

describe('staticRouterFor', () => {
  for (const basename of ['/', '/en']) {
    it(`is react-router's static router for each request, made once per handler (basename ${basename})`, async () => {
      const handler = createStaticHandler(routes, { basename });
      const prefix = basename === '/' ? '' : basename;
      // several requests in turn through the same handler: each gets its own state, never the first one's
      for (const url of [`${prefix}/news/east-zulmart`, `${prefix}/`, `${prefix}/news?page=2`, `${prefix}/missing`]) {
        const context = await contextAt(handler, url);
        const ours = staticRouterFor(handler, context);
        const theirs = createStaticRouter(handler.dataRoutes, context);
        expect(ours.basename).toBe(theirs.basename);
        expect(ours.state).toEqual(theirs.state);
        expect(ours.routes).toEqual(theirs.routes);
        expect(Object.keys(ours.manifest)).toEqual(Object.keys(theirs.manifest));
        expect(ours.future).toEqual(theirs.future);
        expect(html(ours, context)).toBe(html(theirs, context));
      }
      const first = await contextAt(handler, `${prefix}/news`);
      expect(Object.getPrototypeOf(staticRouterFor(handler, first))).toBe(
        Object.getPrototypeOf(staticRouterFor(handler, await contextAt(handler, `${prefix}/`))),
      );
    });
  }
});
