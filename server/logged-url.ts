/**
 * What logs, traces and audit lines say of a request-target or an upstream query: the path, and of the query only
 * the parameters that are the site's own and never typed by a visitor — a list's `page` number and the build id
 * that versions a payload URL. Every other parameter, its name and its value, is left out: search words, e-mail
 * addresses or tokens that a visitor or an operator put into a query never reach a log line.
 */
const KEPT = [
  (name: string, value: string) => name === 'page' && /^\d{1,5}$/.test(value),
  // `…/_payload.json?{build id}`: a bare hex token
  (name: string, value: string) => value === '' && /^[0-9a-f]{8,40}$/.test(name),
];

/** `search` (`?a=1&b=2`, or empty) reduced to the parameters kept. */
export function loggedQuery(search: string): string {
  const query = search.startsWith('?') ? search.slice(1) : search;
  const kept = query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      return at === -1 ? { pair, name: pair, value: '' } : { pair, name: pair.slice(0, at), value: pair.slice(at + 1) };
    })
    .filter(({ name, value }) => name !== '' && KEPT.some((keep) => keep(name, value)))
    .map(({ pair }) => pair);
  return kept.length > 0 ? `?${kept.join('&')}` : '';
}

/** The path of a request-target or a URL path: what comes before its query. */
export const pathOf = (url: string): string => url.split('?', 1)[0] ?? url;

/** A request-target as logged: its path and the kept parameters. */
export function loggedUrl(url: string): string {
  const at = url.indexOf('?');
  return at === -1 ? url : url.slice(0, at) + loggedQuery(url.slice(at));
}
