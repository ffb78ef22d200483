import type { ErrorResponse } from 'react-router';

/** An error response as react-router recognises one (`isRouteErrorResponse`): what a page's error boundary shows. */
export interface RouteErrorResponse extends ErrorResponse {
  readonly internal: boolean;
}

/**
 * A route error response made outside a loader (a render that failed after its loaders ran): the shape
 * `isRouteErrorResponse` checks, without react-router's internal class. Loaders throw `data(…, { status })`, and
 * a data strategy returns it: react-router makes those into error responses itself.
 */
export const routeErrorResponse = (status: number, statusText: string, data: unknown = null): RouteErrorResponse => ({
  status,
  statusText,
  data,
  internal: false,
});
