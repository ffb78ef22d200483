import { createHash, randomBytes } from 'node:crypto';
import { PassThrough, type Readable } from 'node:stream';

/**
 * The Content-Security-Policy of HTML answers (ADR 0041): its nonces, the hashes of a cached document's inline
 * scripts, and the policy string. A leaf: the security plugin, the error documents and the document path import it.
 */

export interface CspOptions {
  /** Vite's dev client: eval, websockets, a worker from a blob */
  dev?: boolean;
  /** the maps provider's script (MAPS_SCRIPT_URL, when a key is configured) */
  mapsScriptUrl?: string;
}

/** A response's nonce: 128 random bits. */
export const newNonce = () => randomBytes(16).toString('base64');

/** The policy whose inline scripts are allowed by `nonce`, or by `hashes` (a cached document: no nonce). */
export function contentSecurityPolicy(options: CspOptions, nonce: string, hashes?: readonly string[] | null): string {
  const { dev = false, mapsScriptUrl } = options;
  // the maps provider's script loads further scripts, tiles and data from its own hosts
  const maps = mapsScriptUrl
    ? ` ${new URL(mapsScriptUrl).origin} https://*.yandex.ru https://*.yandex.net https://*.maps.yandex.net`
    : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${hashes ? hashes.join(' ') : `'nonce-${nonce}'`}${maps}${dev ? " 'unsafe-eval'" : ''}`,
    "style-src 'self' 'unsafe-inline'" + maps,
    "img-src 'self' data: blob:" + maps,
    "connect-src 'self'" + maps + (dev ? ' ws: wss:' : ''),
    "frame-src 'self'" + maps,
    // Vite's dev client starts a worker from a blob
    ...(dev ? ["worker-src 'self' blob:"] : []),
    "font-src 'self'",
    "frame-ancestors 'self'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * What a cached document carries where a response's nonce goes: swapped for the request's nonce while a miss
 * streams (`swapNonce`), and removed in the stored entry (`withoutNonces`; the CSP then lists the inline scripts'
 * hashes). Random per process.
 */
export const NONCE_PLACEHOLDER = `pc${randomBytes(12).toString('hex')}`;
const NONCE_ATTR = ` nonce="${NONCE_PLACEHOLDER}"`;

/** A document rendered with the placeholder, its nonce attributes removed; undefined if a placeholder is left. */
export function withoutNonces(html: string): string | undefined {
  const bare = html.split(NONCE_ATTR).join('');
  return bare.includes(NONCE_PLACEHOLDER) ? undefined : bare;
}

/** Replace the placeholder by this response's nonce while streaming (it may straddle two chunks). */
export function swapNonce(source: Readable, nonce: string): Readable {
  const from = Buffer.from(NONCE_PLACEHOLDER);
  const to = Buffer.from(nonce);
  let carry = Buffer.alloc(0);
  const out = new PassThrough();
  const flush = (data: Buffer, final: boolean) => {
    const parts: Buffer[] = [];
    let start = 0;
    for (let at = data.indexOf(from); at !== -1; at = data.indexOf(from, start)) {
      parts.push(data.subarray(start, at), to);
      start = at + from.length;
    }
    const keep = final ? 0 : Math.min(from.length - 1, data.length - start);
    parts.push(data.subarray(start, data.length - keep));
    carry = Buffer.from(data.subarray(data.length - keep));
    const chunk = Buffer.concat(parts);
    if (chunk.length > 0 && !out.destroyed) out.write(chunk);
  };
  source.on('data', (chunk: Buffer) => flush(carry.length ? Buffer.concat([carry, chunk]) : chunk, false));
  source.once('end', () => {
    flush(carry, true);
    if (!out.destroyed) out.end();
  });
  source.once('error', (err) => out.destroy(err));
  out.once('close', () => {
    if (!source.readableEnded) source.resume();
  });
  return out;
}

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** CSP hash sources of every inline script of a document (scripts with `src` are covered by `'self'`). */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const m of html.matchAll(INLINE_SCRIPT)) {
    const [, attrs = '', content = ''] = m;
    // external scripts and data blocks (JSON-LD, JSON) are not inline code
    if (/\bsrc\s*=/i.test(attrs) || /\btype\s*=\s*["']?application\/(?:ld\+)?json/i.test(attrs)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(content, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}
