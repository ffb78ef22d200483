import { data } from 'react-router';

/** Messages of SPEC.md §8. */
export const notFoundMessage = (fullPath: string) => `Page not found: ${fullPath}`;
export const validationFailedMessage = (path: string) => `Page Not Found: ${path}`;

/** The path a visitor sees (locale prefix included) plus the query: Nuxt's `fullPath`. */
export const fullPathOf = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

/** No route matched: 404, non-fatal. */
export function throwNotFound(request: Request): never {
  throw data(notFoundMessage(fullPathOf(request)), { status: 404, statusText: 'Not Found' });
}

/** A route's validation step failed (or the entity does not exist): 404 'Page Not Found: {path}'. */
export function throwValidationFailed(request: Request): never {
  throw data(validationFailedMessage(new URL(request.url).pathname), { status: 404, statusText: 'Not Found' });
}
