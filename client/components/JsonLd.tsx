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
 * A JSON-LD block. `type="application/ld+json"` is a data block, never executed, so it needs no CSP nonce; every
 * `<` is escaped so no text in the data (a title with `</script>`) can close the element.
 */
export function JsonLd({ data }: { data: object | object[] }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />;
}
