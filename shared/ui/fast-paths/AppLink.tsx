import { createElement, type ReactNode } from 'react';
import { Link, resolvePath, type LinkProps } from 'react-router';
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

/**
 * A site link: react-router's `<Link>` (client navigation through the router, the plain-left-click rules of
 * `<Link>`, visible-link prefetching of `client/runtime/prefetch.ts` which reads the rendered `<a href>`), rendered
 * on the server without `<Link>`'s path resolution for links whose `to` is already a root-relative path. The browser
 * build gets `<Link>` itself (`import.meta.env.SSR` is false there), so hydration and client behaviour are
 * `<Link>`'s by construction; the server's markup is byte-identical to `<Link>`'s (tests/unit/shared/ui/
 * app-link.test.tsx).
 */
export const AppLink: (props: LinkProps) => ReactNode = import.meta.env.SSR ? ServerLink : Link;
