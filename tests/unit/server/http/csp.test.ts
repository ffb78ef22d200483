import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  contentSecurityPolicy,
  inlineScriptHashes,
  newNonce,
  NONCE_PLACEHOLDER,
  swapNonce,
  withoutNonces,
} from '../../../../server/http/csp.ts';

describe('CSP', () => {
  it('swaps the placeholder for the nonce even when it straddles chunks', async () => {
    const html = `<script nonce="${NONCE_PLACEHOLDER}">a</script><script nonce="${NONCE_PLACEHOLDER}">b</script>`;
    const source = new PassThrough();
    const out = swapNonce(source, 'N0nce');
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const done = new Promise((r) => out.on('end', r));
    for (let i = 0; i < html.length; i += 7) source.write(Buffer.from(html.slice(i, i + 7)));
    source.end();
    await done;
    expect(Buffer.concat(chunks).toString()).toBe('<script nonce="N0nce">a</script><script nonce="N0nce">b</script>');
  });

  it('removes the placeholder from a stored document, and refuses one where it is left elsewhere', () => {
    expect(withoutNonces(`<script nonce="${NONCE_PLACEHOLDER}">a</script>`)).toBe('<script>a</script>');
    expect(withoutNonces(`<p>${NONCE_PLACEHOLDER}</p>`)).toBeUndefined();
  });

  it('hashes inline scripts only, not external scripts or JSON data blocks', () => {
    const hashes = inlineScriptHashes(
      '<script>x</script><script type="module" src="/a.js"></script><script>x</script>' +
        '<script type="application/ld+json">{}</script><script type="application/json" id="data">{}</script>',
    );
    expect(hashes).toEqual(["'sha256-LXEWQrcmsEQBYnyp+6wy9chTD7GQPMTbAiWHF5IaSIE='"]);
  });

  it('allows inline scripts by the nonce, or by the hashes in its place', () => {
    const nonce = newNonce();
    expect(nonce).not.toBe(newNonce());
    expect(contentSecurityPolicy({}, nonce)).toContain(`script-src 'self' 'nonce-${nonce}';`);
    const hashed = contentSecurityPolicy({}, '', ["'sha256-a'", "'sha256-b'"]);
    expect(hashed).toContain("script-src 'self' 'sha256-a' 'sha256-b';");
    expect(hashed).not.toContain('nonce');
    const maps = contentSecurityPolicy({ dev: true, mapsScriptUrl: 'https://api-maps.yandex.ru/v3/?apikey=k' }, nonce);
    expect(maps).toContain(
      "https://api-maps.yandex.ru https://*.yandex.ru https://*.yandex.net https://*.maps.yandex.net 'unsafe-eval'",
    );
    expect(maps).toContain("connect-src 'self' https://api-maps.yandex.ru");
  });
});
