import { isRouteErrorResponse } from 'react-router';

/** Route errors in react-router's hydration format (`__type` markers), for documents and payloads alike. */
export function serializeErrors(errors: Record<string, unknown> | null | undefined): Record<string, unknown> | null {
  if (!errors) return null;
  const out: Record<string, unknown> = {};
  for (const [routeId, value] of Object.entries(errors)) {
    if (isRouteErrorResponse(value)) out[routeId] = { ...value, __type: 'RouteErrorResponse' };
    else if (value instanceof Error) {
      // messages of unexpected errors stay on the server
      out[routeId] = { message: 'Internal Server Error', __type: 'Error' };
    } else out[routeId] = value;
  }
  return out;
}

/** What ends or confuses an inline script, and its JSON escape. */
const ESCAPES: [string, string][] = [
  ['<', '\\u003C'],
  ['>', '\\u003E'],
  ['/', '\\u002F'],
  ['\u2028', '\\u2028'],
  ['\u2029', '\\u2029'],
];

/**
 * JSON that is safe inside an inline <script>: escapes <, >, /, U+2028 and U+2029. One native replaceAll per
 * character is about twice as fast as a regex with a callback on hydration data full of URLs.
 */
export function scriptSafeJson(value: unknown): string {
  let json = JSON.stringify(value);
  for (const [char, escape] of ESCAPES) if (json.includes(char)) json = json.replaceAll(char, escape);
  return json;
}
