import { scriptSafeJson } from '../serialize.ts';

/**
 * What the browser renders: the same element with nothing to set. Hydration adopts the server's element and keeps
 * its JSON (React checks text children, not inner HTML, and `suppressHydrationWarning` quiets the development
 * check); one shared object, so a re-render never writes innerHTML again. A block mounted by a client-side
 * navigation stays empty: crawlers read the JSON-LD from the server's HTML of each URL.
 */
const KEEP_SERVER_JSON = { __html: '' };

/**
 * A JSON-LD block. `type="application/ld+json"` is a data block, never executed, so it needs no CSP nonce; every
 * `<` is escaped (`scriptSafeJson`, as the hydration data) so no text in the data (a title with `</script>`) can close
 * the element. Rendered on the server
 * only (ADR 0076): in the browser build `import.meta.env.SSR` is false and the serializer is left out.
 */
export function JsonLd({ data }: { data: object | object[] }) {
  return import.meta.env.SSR ? (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(data) }} />
  ) : (
    <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_JSON} />
  );
}
