import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  Link,
  StaticRouterProvider,
  type LinkProps,
  type RouteObject,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppLink, ClientLink, isRouterClick } from '../../../../../shared/ui/fast-paths/AppLink.tsx';

/** Render `links` on a page at `url` of a static router with `basename` (nested routes, as the site's tree). */
async function renderAt(basename: string, url: string, links: () => React.ReactNode): Promise<string> {
  const routes: RouteObject[] = [
    {
      id: 'root',
      path: '/',
      children: [{ id: 'page', path: 'news/:slug?', Component: () => <>{links()}</> }],
    },
  ];
  const handler = createStaticHandler(routes, { basename });
  const context = await handler.query(new Request(`http://localhost${url}`));
  if (context instanceof Response) throw new Error(`unexpected response ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

const TARGETS: LinkProps['to'][] = [
  '/',
  '/news',
  '/news/',
  '/news?page=2',
  '/news?page=2#list',
  '/#top',
  '/?',
  '/news#',
  '/about/team',
  '/resources/database?country=kazakhstan&x=%20',
  '/a b',
  '/%D0%BD%D0%BE%D0%B2%D0%BE%D1%81%D1%82%D0%B8',
  '/.well-known/x',
  // not the fast path: the real <Link> resolves these
  '/news/../about',
  '/./news',
  '/news/.',
  '//elsewhere.example/x',
  '/x\\y',
  'relative',
  '../up',
  '',
  'https://example.org/x',
  { pathname: '/news', search: '?page=3' },
];

const PROPS: Omit<LinkProps, 'to'>[] = [
  {},
  { className: 'card__link' },
  { className: 'pagination__page is-current', 'aria-current': 'page', 'aria-label': 'Page 2', rel: 'prev' },
  { target: '_blank', rel: 'noopener noreferrer', title: 'x' },
  { preventScrollReset: true, replace: true, state: { a: 1 }, reloadDocument: true, viewTransition: true },
  { relative: 'path', onClick: () => {} },
  { discover: 'none' },
  { prefetch: 'intent' },
];

describe('AppLink', () => {
  for (const basename of ['/', '/en']) {
    it(`renders the markup of react-router's <Link> in the browser (basename ${basename})`, async () => {
      const at = `${basename === '/' ? '' : basename}/news/some-story`;
      for (const to of TARGETS) {
        for (const props of PROPS) {
          const label = JSON.stringify({ to, props });
          const expected = await renderAt(basename, at, () => (
            <Link to={to} {...props}>
              {label}
            </Link>
          ));
          const actual = await renderAt(basename, at, () => (
            <ClientLink to={to} {...props}>
              {label}
            </ClientLink>
          ));
          expect(actual, label).toBe(expected);
        }
      }
    });
  }

  it("takes over the clicks react-router's <Link> takes over: plain left clicks on links that open in this tab", () => {
    const plain = {
      button: 0,
      metaKey: false,
      altKey: false,
      ctrlKey: false,
      shiftKey: false,
      defaultPrevented: false,
    };
    expect(isRouterClick(plain, undefined)).toBe(true);
    expect(isRouterClick(plain, '_self')).toBe(true);
    expect(isRouterClick(plain, '_blank')).toBe(false);
    expect(isRouterClick({ ...plain, button: 1 }, undefined)).toBe(false);
    for (const key of ['metaKey', 'altKey', 'ctrlKey', 'shiftKey'] as const)
      expect(isRouterClick({ ...plain, [key]: true }, undefined), key).toBe(false);
    expect(isRouterClick({ ...plain, defaultPrevented: true }, undefined)).toBe(false);
  });

  it("is chosen by the build: react-router's <Link> where import.meta.env.SSR is set, the client link elsewhere", () => {
    expect(AppLink).toBe(import.meta.env.SSR ? Link : ClientLink);
  });
});
