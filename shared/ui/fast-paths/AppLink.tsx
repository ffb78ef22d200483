import { createElement, type MouseEvent, type ReactNode } from 'react';
import {
  createPath,
  Link,
  resolvePath,
  useHref,
  useLocation,
  useNavigate,
  useResolvedPath,
  type LinkProps,
} from 'react-router';
import { boundedMemo } from '../../bounded-memo.ts';
import { LOCALE_INFO } from '../../locales.ts';
import { useOptionalRuntimeConfig } from '../runtime-config.tsx';

/**
 * The `href` react-router's `<Link>` renders for `to` under `basename`, for the common case: a string path from the
 * site's root (`/news?page=2#top`) without `//`, `\` or `.`/`..` segments. Anything else (relative, absolute URL,
 * object `to`): null, and the real `<Link>` resolves it. Same steps as `useHref`: `resolvePath` from `/`, then the
 * basename joined (`/` alone becomes the basename), search and hash as parsed.
 */
export function plainHref(to: LinkProps['to'], basename: string): string | null {
  if (typeof to !== 'string' || to.charCodeAt(0) !== 47 /* / */ || /\\|\/\/|\/\.\.?(?:[/?#]|$)/.test(to)) return null;
  const { pathname, search, hash } = resolvePath(to);
  const joined =
    basename === '/' ? pathname : pathname === '/' ? basename : `${basename}/${pathname}`.replace(/[\\/]{2,}/g, '/');
  return joined + search + hash;
}

/** `<Link>`'s own props: never attributes of the anchor. */
const LINK_PROPS = new Set([
  'to',
  'target',
  'discover',
  'prefetch',
  'reloadDocument',
  'replace',
  'state',
  'preventScrollReset',
  'relative',
  'viewTransition',
  'defaultShouldRevalidate',
  'mask',
  'onClick',
]);

/**
 * `plainHref` per basename and `to` (the menu, footer and cards repeat the same links on every page); bounded
 * (4,096 per locale's basename). A basename has no space, so the key is unambiguous.
 */
const hrefs = boundedMemo<string | null>(8192);
const cachedHref = (to: string, basename: string): string | null =>
  hrefs(`${basename} ${to}`, () => plainHref(to, basename));

/**
 * The server's link: for a root-relative `to` it renders the `<a>` react-router's `<Link>` would render (same
 * attributes, same order: the anchor's own props, `href`, `target`, `data-discover`) without `<Link>`'s per-link
 * hooks (`useResolvedPath` serializes the route matches for every link; click handlers and refs do nothing in a
 * server render). Other links, and links with `prefetch`, `mask` or `discover="none"`, are the real `<Link>`.
 */
export function ServerLink(props: LinkProps) {
  const config = useOptionalRuntimeConfig();
  // outside the app (a component rendered alone) react-router's <Link> resolves it
  if (!config) return <Link {...props} />;
  // the router's basename is the locale's (react-router writes the default locale's '' as '/')
  const basename = LOCALE_INFO[config.locale].basename || '/';
  const { to, discover = 'render', prefetch = 'none', mask } = props;
  const href =
    typeof to === 'string' && discover === 'render' && prefetch === 'none' && mask === undefined
      ? cachedHref(to, basename)
      : null;
  if (href === null) return <Link {...props} />;
  const anchor: Record<string, unknown> = {};
  for (const key in props) if (!LINK_PROPS.has(key)) anchor[key] = props[key as keyof LinkProps];
  anchor.href = href;
  anchor.target = props.target;
  anchor['data-discover'] = 'true';
  return createElement('a', anchor);
}

/** What react-router's `<Link>` takes for a URL of its own, not a path in the app (`https:`, `mailto:`, `//host`). */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** A click the router takes over, as `<Link>` decides: a plain left click on a link that opens in this tab. */
export const isRouterClick = (
  event: Pick<MouseEvent, 'button' | 'metaKey' | 'altKey' | 'ctrlKey' | 'shiftKey' | 'defaultPrevented'>,
  target: string | undefined,
): boolean =>
  !event.defaultPrevented &&
  event.button === 0 &&
  (!target || target === '_self') &&
  !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

/**
 * The browser's link: what react-router's `<Link>` does in a data router, on the router's own hooks. The same markup
 * (`href` from `useHref`, `target`, `data-discover`; tests/unit/shared/ui/fast-paths/app-link.test.tsx) and the same
 * click: a plain left click navigates in the router, replacing the entry when the link is the current page. An
 * absolute URL and `reloadDocument` are document loads. What `<Link>` adds besides, and this site uses nowhere, stays
 * out of the first load (ADR 0102): framework-mode prefetching (`prefetch`), masked URLs (`mask`), and client
 * navigation to an absolute URL of this origin.
 */
export function ClientLink({
  to,
  onClick,
  discover = 'render',
  prefetch: _prefetch,
  mask: _mask,
  defaultShouldRevalidate,
  relative,
  reloadDocument,
  replace,
  state,
  target,
  preventScrollReset,
  viewTransition,
  ...anchor
}: LinkProps) {
  const absolute = typeof to === 'string' && ABSOLUTE_URL.test(to);
  const href = useHref(to, { relative });
  const path = useResolvedPath(to, { relative });
  const location = useLocation();
  const navigate = useNavigate();
  const inApp = !absolute && !reloadDocument;
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!inApp || !isRouterClick(event, target)) return;
    event.preventDefault();
    void navigate(to, {
      replace: replace ?? createPath(location) === createPath(path),
      state,
      preventScrollReset,
      relative,
      viewTransition,
      defaultShouldRevalidate,
    });
  };
  return createElement('a', {
    ...anchor,
    href: absolute ? to : href,
    onClick: inApp ? handleClick : onClick,
    target,
    'data-discover': !absolute && discover === 'render' ? 'true' : undefined,
  });
}

/**
 * A site link: react-router's `<Link>` on the server without its path resolution for links whose `to` is already a
 * root-relative path (`ServerLink`), and in the browser `ClientLink`, `<Link>`'s markup and click on the router's
 * hooks (client navigation through the router, the plain-left-click rules of `<Link>`, visible-link prefetching of
 * `client/runtime/prefetch.ts` which reads the rendered `<a href>`). The browser build gets `ClientLink`
 * (`import.meta.env.SSR` is false there): react-router's `<Link>` and the framework code it brings stay out of it.
 */
export const AppLink: (props: LinkProps) => ReactNode = import.meta.env.SSR ? ServerLink : ClientLink;
