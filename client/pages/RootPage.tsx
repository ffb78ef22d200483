import { Outlet, useRouteError } from 'react-router';
import { ErrorPage } from '../components/ErrorPage.tsx';
import { Layout } from '../components/Layout.tsx';

export function RootPage() {
  return (
    <Layout>
      <Outlet />
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
