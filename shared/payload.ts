import { isRecord } from './json.ts';

/**
 * `{path}/_payload.json?{buildId}`: the loader data of every matched route below the root layout, for client
 * navigations. The root layout's data (menu, dictionary, footer) only travels with documents: it never changes
 * within one locale, and each locale is its own client router.
 */
export interface Payload {
  status: number;
  loaderData: Record<string, unknown>;
  /** react-router hydration format, keyed by the route whose loader threw (not bubbled) */
  errors: Record<string, unknown> | null;
  /** a loader redirected: the target, and whether it needs a full page load */
  redirect?: { location: string; reloadDocument: boolean };
}

/**
 * A payload read from JSON, checked field by field (the browser's fetch of `_payload.json`); undefined when the JSON
 * is not one. Route data stays unknown: each page's loader data is its own type.
 */
export function toPayload(value: unknown): Payload | undefined {
  if (!isRecord(value)) return undefined;
  const { status, loaderData, errors, redirect } = value;
  if (typeof status !== 'number' || !isRecord(loaderData) || !(errors === null || isRecord(errors))) return undefined;
  if (redirect === undefined) return { status, loaderData, errors };
  if (!isRecord(redirect) || typeof redirect.location !== 'string' || typeof redirect.reloadDocument !== 'boolean')
    return undefined;
  return {
    status,
    loaderData,
    errors,
    redirect: { location: redirect.location, reloadDocument: redirect.reloadDocument },
  };
}

export const PAYLOAD_SUFFIX = '/_payload.json';

/** The payload URL of a page: its path + `/_payload.json?{buildId}`, followed by the page's own query. */
export function payloadUrl(pathname: string, search: string, buildId: string): string {
  const base = pathname.replace(/\/+$/, '');
  const query = new URLSearchParams(search).toString();
  return `${base}${PAYLOAD_SUFFIX}?${encodeURIComponent(buildId)}${query ? `&${query}` : ''}`;
}

/** The page URL a payload URL stands for, with the build id key dropped; undefined when it is not one. */
export function pageOfPayload(
  pathname: string,
  search: string,
  buildId: string,
): { pathname: string; search: string } | undefined {
  if (!pathname.endsWith(PAYLOAD_SUFFIX)) return undefined;
  const page = pathname.slice(0, -PAYLOAD_SUFFIX.length) || '/';
  const params = new URLSearchParams(search);
  // the first, valueless key is the build id (any build's: data does not depend on it)
  const first = [...params.keys()][0];
  if (first !== undefined && params.get(first) === '' && (first === buildId || /^[\w-]{4,64}$/.test(first)))
    params.delete(first);
  const query = params.toString();
  return { pathname: page, search: query ? `?${query}` : '' };
}
