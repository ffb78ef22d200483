import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** CSP nonce of this response; every inline script carries it */
    cspNonce: string;
    /** set when the answer is a cached document: its inline scripts' hashes replace the nonce in the CSP */
    cspScriptHashes: string[] | null;
  }
}

/** Content-Security-Policy with a per-response nonce, plus the usual hardening headers. */
export function contentSecurityPolicy(
  nonce: string,
  dev = false,
  mapsScriptUrl?: string,
  scriptHashes?: string[] | null,
): string {
  // the maps provider's script loads further scripts, tiles and data from its own hosts
  const maps = mapsScriptUrl
    ? ` ${new URL(mapsScriptUrl).origin} https://*.yandex.ru https://*.yandex.net https://*.maps.yandex.net`
    : '';
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes ? scriptHashes.join(' ') : `'nonce-${nonce}'`}${maps}${dev ? " 'unsafe-eval'" : ''}`,
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

export default fp<{ dev?: boolean; mapsScriptUrl?: string; hsts?: boolean }>(
  async (app, opts) => {
    // made on first use: answers from the page cache (script hashes) and non-HTML answers never need one
    const nonces = new WeakMap<object, string>();
    app.decorateRequest('cspNonce', {
      getter(this: object) {
        let nonce = nonces.get(this);
        if (nonce === undefined) nonces.set(this, (nonce = randomBytes(16).toString('base64')));
        return nonce;
      },
    });
    app.decorateRequest('cspScriptHashes', null);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      reply.header('x-frame-options', 'SAMEORIGIN');
      // the site is served over https (PUBLIC_ORIGIN): browsers stay on https for a year
      if (opts.hsts) reply.header('strict-transport-security', 'max-age=31536000');
      done();
    });
    // a cached document's policy depends only on its hash list: made once per entry, and no nonce is drawn for it
    const hashPolicies = new WeakMap<string[], string>();
    const policyOf = (request: FastifyRequest) => {
      const hashes = request.cspScriptHashes;
      if (!hashes) return contentSecurityPolicy(request.cspNonce, opts.dev, opts.mapsScriptUrl);
      let policy = hashPolicies.get(hashes);
      if (policy === undefined)
        hashPolicies.set(hashes, (policy = contentSecurityPolicy('', opts.dev, opts.mapsScriptUrl, hashes)));
      return policy;
    };
    app.addHook('onSend', (request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && type.startsWith('text/html'))
        reply.header('content-security-policy', policyOf(request));
      done(null, payload);
    });
  },
  { name: 'security' },
);
