import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation, useRouteError } from 'react-router';
import type { ErrorPage as ErrorPageType } from './ErrorPage.tsx';
import { Layout } from './Layout.tsx';
import { reportError } from './report.ts';

type ErrorPageComponent = typeof ErrorPageType;

/**
 * The error page is a chunk of its own (ADR 0102): few pages show it. The server renders it in place; the browser
 * fetches it before it is shown: before hydrating an error document, and before committing a navigation whose
 * payload carries an error (the client entry calls `loadErrorPage`). Only a render error meets it unloaded.
 */
let ErrorPage: ErrorPageComponent | undefined = import.meta.env.SSR
  ? (await import('./ErrorPage.tsx')).ErrorPage
  : undefined;
const importErrorPage = () => import('./ErrorPage.tsx').then((module): ErrorPageComponent => module.ErrorPage);
/** Fetch the error page's code; never rejects (without it the boundary loads it when it renders). */
export const loadErrorPage = (): Promise<unknown> =>
  importErrorPage().then(
    (component) => (ErrorPage = component),
    (err: unknown) => reportError('the error page could not load', err),
  );
const LazyErrorPage = lazy(() => importErrorPage().then((component) => ({ default: component })));

/**
 * The root layout. Page transitions are out-in: while the next page loads the current one fades out, then the new
 * one fades in (not on the first page, and not at all with prefers-reduced-motion, see chrome.css). Scrolling goes
 * to the top on a page change, to the anchor when there is a hash, and back to where it was on back/forward.
 */
export function Root() {
  const location = useLocation();
  const navigation = useNavigation();
  const [firstKey] = useState(location.key);
  const leaving = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  const entering = location.key !== firstKey;
  return (
    <Layout>
      <ScrollRestoration />
      <div
        key={location.pathname}
        className={`page-transition${entering ? ' is-entering' : ''}${leaving ? ' is-leaving' : ''}`}
        data-transition={leaving ? 'out' : entering ? 'in' : 'none'}
        data-path={location.pathname}
      >
        <Outlet />
      </div>
    </Layout>
  );
}

/** Every error (404, validation, upstream failure, render exception) lands here, inside the default layout. */
export function RootErrorBoundary() {
  const error = useRouteError();
  return (
    <Layout>
      {ErrorPage ? (
        <ErrorPage error={error} />
      ) : (
        <Suspense fallback={null}>
          <LazyErrorPage error={error} />
        </Suspense>
      )}
    </Layout>
  );
}
