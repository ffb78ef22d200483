/** Structured data as JSON text safe inside <script>: `<` (and the JS line separators) escaped as \u sequences. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * What the browser renders: the same element with nothing to set. Hydration adopts the server's element and keeps
 * its JSON (React checks text children, not inner HTML, and `suppressHydrationWarning` quiets the development
 * check); one shared object, so a re-render never writes innerHTML again. A block mounted by a client-side
 * navigation stays empty: crawlers read the JSON-LD from the server's HTML of each URL.
 */
const KEEP_SERVER_JSON = { __html: '' };

/**
 * A JSON-LD block. `type="application/ld+json"` is a data block, never executed, so it needs no CSP nonce; every
 * `<` is escaped so no text in the data (a title with `</script>`) can close the element. Rendered on the server
 * only (ADR 0076): in the browser build `import.meta.env.SSR` is false and the serializer is left out.
 */
export function JsonLd({ data }: { data: object | object[] }) {
  return import.meta.env.SSR ? (
    <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
  ) : (
    <script type="application/ld+json" suppressHydrationWarning dangerouslySetInnerHTML={KEEP_SERVER_JSON} />
  );
}
