import { useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation, useRouteError } from 'react-router';
import { ErrorPage } from './ErrorPage.tsx';
import { Layout } from './Layout.tsx';

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
      <ErrorPage error={error} />
    </Layout>
  );
}
