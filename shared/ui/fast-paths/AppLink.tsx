import { createElement, type MouseEvent, type ReactNode } from 'react';
import { createPath, Link, useHref, useLocation, useNavigate, useResolvedPath, type LinkProps } from 'react-router';

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
 * A site link: react-router's `<Link>` on the server, and in the browser `ClientLink`, `<Link>`'s markup and click on
 * the router's hooks (client navigation through the router, the plain-left-click rules of `<Link>`, visible-link
 * prefetching of `client/runtime/prefetch.ts` which reads the rendered `<a href>`). The browser build gets
 * `ClientLink` (`import.meta.env.SSR` is false there): `<Link>` and the framework code it brings stay out of it.
 */
export const AppLink: (props: LinkProps) => ReactNode = import.meta.env.SSR ? Link : ClientLink;
